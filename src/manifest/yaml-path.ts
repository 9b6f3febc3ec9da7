import type { SourceLocation } from "../core/errors.ts";

/** A step into a YAML document: a key, or an index in a list. */
export type PathSegment = string | number;

/**
 * A parsed YAML text that still knows where every value came from, so that a schema error at
 * `/routes/3/related` can be reported as `site.yaml:41:14`.
 */
export interface YamlSource {
  file: string;
  data: unknown;
  /** The text parsed, its line breaks LF: what the store of parsed YAML keeps the data's checks by. */
  text?: string;
  /** Location of the value at `path`; `key: true` points at the key of the last segment instead. */
  locate(path: PathSegment[], opts?: { key?: boolean }): SourceLocation;
}

/** `routes[3].related`, the form users read in messages. */
export function formatPath(path: PathSegment[]): string {
  return path.reduce<string>(
    (out, seg) => (typeof seg === "number" ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg),
    "",
  );
}

/**
 * A shard's ppguide-shard.json as a merge reads it: a file of bounded size, JSON, of this
 * ppguide's format, and of its schema (schema/shard.schema.json: every number bounded, every digest
 * of its form), each file it names inside the shard folder, its values those the shard build wrote
 * (their digest, `sum`: a record edited on the way would otherwise feed the link check links no page
 * has). All of it is checked before the merge sizes, allocates or opens anything by what the file
 * says: a shard's total of 2^53 or a file `../../etc/hostname` is a located problem of that shard,
 * never a crash or a path outside it.
 *
 * Every problem is located at the offending value of the shard's manifest (`s2/ppguide-shard.json:1:312`),
 * found through the `yaml` library's positions, JSON being YAML, only when there is a problem to locate.
 * A shard's manifest reports its first problem only: no editor wrote it, so it is not fixed value by
 * value but built again, and a damaged one could hold a problem for each of millions of values.
 */
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { digest } from "../core/digest.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { locate } from "../core/source-text.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import { yamlSource } from "../manifest/yaml-source.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { assertContained } from "../output/write.ts";
import { entryProblem, type SearchEntry } from "../search/page-entry.ts";

/** The file of a shard folder that says what it holds; never part of the site. */
export const SHARD_MANIFEST = "ppguide-shard.json";

/**
 * The largest manifest a merge reads, in bytes. A page's record takes a few kilobytes (its digests, and its links
 * and anchors for the link check): the guide's take 6.7 kB on average and 11 kB at most, so this is room for some
 * 40,000 such pages in one shard, and one of 255 MiB (42,486 of them) parses into 638 MiB of heap, within Node's
 * default. A larger file is refused before it is read.
 */
export const SHARD_MANIFEST_LIMIT = 256 * 1024 * 1024;

/** A shard's manifest, read and checked, with the positions of its values for the problems found later. */
export interface ShardManifestSource<M> {
  manifest: M;
  /** Where the value at `path` is in the manifest, for a problem a later check finds there. */
  at(path: PathSegment[]): { location: SourceLocation; path?: string };
}

/**
 * Reads the manifest of the shard folder `dir` (as given; `real`, its real path) and checks it against the format
 * `format` and the schema; throws one located PpgError.
 */
export function readShardManifest<M>(dir: string, real: string, format: number): ShardManifestSource<M> {
  const file = join(dir, SHARD_MANIFEST);
  const first = { file, line: 1, column: 1 };
  const unreadable = (why: string, location: SourceLocation = first) =>
    new PpgError("ShardUnreadable", { shard: dir, why }, { location });
  const path = join(real, SHARD_MANIFEST);
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (!info) throw unreadable(`it holds no ${SHARD_MANIFEST}`);
  // A link could lead anywhere, and a pipe in its place would block the read, and with it Ctrl-C, forever.
  if (!info.isFile()) throw unreadable(`its ${SHARD_MANIFEST} is not a plain file`);
  if (info.size > SHARD_MANIFEST_LIMIT)
    throw unreadable(
      `its ${SHARD_MANIFEST} is ${mebibytes(info.size)}, more than the ${mebibytes(SHARD_MANIFEST_LIMIT)} ` +
        "a shard's manifest may be",
    );
  const text = readFileSync(path, "utf8");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const problem = (err as Error).message.replace(/, ".*" is not valid JSON$/s, "");
    throw unreadable(`its ${SHARD_MANIFEST} is not JSON (${problem})`, jsonErrorAt(text, err as Error, file));
  }
  const source = locatedJson(text, file, data);
  const at = (at: PathSegment[]) => ({ location: source.locate(at), ...(at.length ? { path: formatPath(at) } : {}) });
  const found = (data as { format?: unknown } | null)?.format;
  if (typeof data !== "object" || data === null || Array.isArray(data) || found !== format) {
    const why = `its ${SHARD_MANIFEST} is not of format ${format} (made by another version of ppguide)`;
    throw unreadable(why, source.locate(found === undefined ? [] : ["format"]));
  }
  const [breach] = validateAgainstSchema(source, "shard", "ShardManifestInvalid");
  if (breach) throw breach;
  const beyond = beyondSchema(data as Checked);
  if (beyond) {
    throw new PpgError("ShardManifestInvalid", { rule: "other", ajvMessage: beyond.problem }, at(beyond.at));
  }
  const { sum, ...values } = data as { sum: string };
  if (manifestSum(values) !== sum) {
    const problem = "is not the digest of the manifest's other values: one of them was edited or damaged";
    throw new PpgError("ShardManifestInvalid", { rule: "other", ajvMessage: problem }, at(["sum"]));
  }
  asRecords(data as Checked);
  return { manifest: data as M, at };
}

/** The digest a manifest carries as `sum`: of the JSON of its other values, as written. */
export function manifestSum(values: object): string {
  return digest(JSON.stringify(values));
}

/** What the schema's types say of a manifest, and the checks it cannot make. */
interface Checked {
  shard: { index: number; total: number };
  pages: { file: string; record: { search?: (Omit<SearchEntry, "items"> & { items: number[] })[] } }[];
}

/**
 * What no JSON Schema keyword says: i is at most n, every file stays inside the shard folder (the writer's own rule,
 * output/write.ts assertContained), every search entry holds together (page-entry.ts entryProblem).
 */
function beyondSchema(m: Checked): { at: PathSegment[]; problem: string } | undefined {
  if (m.shard.index > m.shard.total)
    return { at: ["shard", "index"], problem: `must be at most shard.total (${m.shard.total})` };
  const outside = (file: string) => {
    try {
      assertContained(file);
      return false;
    } catch {
      return true;
    }
  };
  const leaves = (file: string) => `'${file}' is not a path inside the shard folder`;
  for (const [i, page] of m.pages.entries()) {
    if (outside(page.file)) return { at: ["pages", i, "file"], problem: leaves(page.file) };
    for (const [j, entry] of (page.record.search ?? []).entries()) {
      const found = entryProblem({ ...entry, items: Int32Array.from(entry.items) });
      if (found) return { at: ["pages", i, "record", "search", j, found.at], problem: found.problem };
    }
  }
  return undefined;
}

/** The manifest as the build holds its records: each search entry's locations an Int32Array. */
function asRecords(m: Checked): void {
  for (const page of m.pages) {
    const search = page.record.search;
    if (search)
      (page.record as { search: unknown }).search = search.map((entry) => ({
        ...entry,
        items: Int32Array.from(entry.items),
      }));
  }
}

/**
 * The parsed JSON with positions found on demand: JSON is YAML, so the `yaml` library finds each value's line and
 * column. A text `yaml` will not position (a key given twice, which JSON.parse takes) is located at its start.
 */
function locatedJson(text: string, file: string, data: unknown): YamlSource {
  const inner = yamlSource(text, file, 0, data);
  return {
    file,
    data,
    locate(path, opts) {
      try {
        return inner.locate(path, opts);
      } catch {
        return { file, line: 1, column: 1 };
      }
    },
  };
}

/** Where JSON.parse stopped: the position its message gives, the end for a text cut short, else the start. */
function jsonErrorAt(text: string, err: Error, file: string): SourceLocation {
  const position = /at position (\d+)/.exec(err.message)?.[1];
  const offset = position !== undefined ? Number(position) : /end of JSON input/.test(err.message) ? text.length : 0;
  return locate(text, offset, file);
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MiB`;
}

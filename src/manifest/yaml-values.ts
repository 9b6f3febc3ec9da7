import { PpgError } from "../core/errors.ts";
import { forbiddenCharacter } from "../core/text-rule.ts";
import { parsedUrl } from "../core/url-path.ts";
import { formatPath, type PathSegment, type YamlSource } from "./yaml-path.ts";

/** A value written as an absolute URL: a scheme, then `//`. */
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The rules every string a YAML text parses to must keep, whichever file and field it is in
 * (site.yaml, a listings file, front matter), checked once here as each text is parsed
 * (yaml-source.ts), rather than field by field where values are used:
 * - the text rule (core/text-rule.ts), on keys and values: an escape in double quotes (`"\x0b"`,
 *   `"\uD800"`) makes characters no page, feed or search index can carry (once: a title's
 *   vertical tab made feed.xml not well-formed);
 * - a value written as an absolute URL must be one by the WHATWG URL Standard, which browsers
 *   follow: `https://[x` is not, and was once dropped silently from a listing's card.
 */
export function valueProblems(source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const at = (path: PathSegment[], key = false) => ({
    location: source.locate(path, { key }),
    path: formatPath(path) || "(top level)",
  });
  const text = (value: string, path: PathSegment[], key: boolean): boolean => {
    const bad = forbiddenCharacter(value);
    if (bad)
      errors.push(
        new PpgError(
          "CharacterInvalid",
          { codePoint: bad.codePoint, what: bad.what, in: key ? "key" : "value" },
          at(path, key),
        ),
      );
    return !bad;
  };
  const visit = (value: unknown, path: PathSegment[]): void => {
    if (typeof value === "string") {
      if (text(value, path, false) && ABSOLUTE_URL.test(value) && !parsedUrl(value))
        errors.push(new PpgError("UrlInvalid", { what: "URL", url: value }, at(path)));
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, [...path, i]));
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        text(k, [...path, k], true);
        visit(v, [...path, k]);
      }
    }
  };
  visit(source.data, []);
  return errors;
}

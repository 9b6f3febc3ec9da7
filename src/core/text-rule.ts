/**
 * The one rule for text that reaches a page, the feed or the search index: which characters HTML,
 * XML 1.0 and JSON text can carry. Control characters other than tab and newline (C0, DEL and C1)
 * are not well-formed in XML (https://www.w3.org/TR/xml/#charsets) and are parse errors in HTML
 * (https://html.spec.whatwg.org/multipage/parsing.html#parse-error-control-character-in-input-stream);
 * noncharacters are parse errors in HTML too, and a lone surrogate cannot be encoded as UTF-8 at
 * all (Pagefind and every JSON-to-bytes step choke on it).
 *
 * Source files are read through it (core/source-text.ts: raw bytes, where a carriage return is a
 * line ending), and so is every string value a YAML text parses to (manifest/yaml-values.ts),
 * since a double-quoted escape (`"\x0b"`, `"\uD800"`) makes any character out of plain text.
 */

/** U+FDD0..U+FDEF and the last two code points of every plane (U+FFFE, U+1FFFF, ... U+10FFFF). */
const NONCHARACTERS = [
  "\\uFDD0-\\uFDEF",
  ...Array.from(
    { length: 17 },
    (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`,
  ),
].join("");
// With the `u` flag a surrogate range matches only a surrogate that is not half of a pair.
const FORBIDDEN_IN_VALUES = new RegExp(
  `[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${NONCHARACTERS}\\uD800-\\uDFFF]`,
  "u",
);
const FORBIDDEN_IN_FILES = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${NONCHARACTERS}\\uD800-\\uDFFF]`,
  "u",
);

export interface ForbiddenCharacter {
  /** Offset in UTF-16 code units. */
  index: number;
  /** `U+000B`. */
  codePoint: string;
  /** What it is, in words: "a control character", "a noncharacter", "a lone surrogate". */
  what: string;
}

/**
 * The first character of `text` that no page may carry, or undefined. `file`: the text is a whole
 * source file, whose line endings may be CRLF; a parsed value may hold only tab and newline.
 */
export function forbiddenCharacter(text: string, opts: { file?: boolean } = {}): ForbiddenCharacter | undefined {
  const match = (opts.file ? FORBIDDEN_IN_FILES : FORBIDDEN_IN_VALUES).exec(text);
  if (!match) return undefined;
  const code = match[0].codePointAt(0)!;
  const what =
    code >= 0xd800 && code <= 0xdfff ? "a lone surrogate" : code <= 0x9f ? "a control character" : "a noncharacter";
  return { index: match.index, codePoint: `U+${code.toString(16).toUpperCase().padStart(4, "0")}`, what };
}

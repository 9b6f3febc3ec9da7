import { isPpgError, PpgError, type SourceLocation } from "./errors.ts";
import { readSiteFile } from "./site-folder.ts";
import { forbiddenCharacter } from "./text-rule.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a source file (site.yaml, Markdown, a listings file) as UTF-8 text. Bytes that are not
 * UTF-8 (a Latin-1 export, say) would silently become U+FFFD on the pages, and a binary file
 * thousands of control characters: both are errors at the first offending character. A leading
 * byte-order mark is dropped, as editors add one unasked.
 */
export function readSourceText(root: string, file: string): string {
  return readSourceFile(root, file).text;
}

/**
 * readSourceText's text, whether the file began with a byte-order mark (a command that writes the file back,
 * ppguide new, writes the mark it found), and the bytes it was decoded from.
 */
export function readSourceFile(root: string, file: string): { text: string; bom: boolean; bytes: Buffer } {
  // Through the site's one door (site-folder.ts): a link out of the site is refused, and a named
  // pipe or device in a file's place, which would block this read and with it Ctrl-C forever.
  let bytes: Buffer;
  try {
    bytes = readSiteFile(root, file);
  } catch (err) {
    if (isPpgError(err) && err.code === "NotRegularFile" && !err.location)
      throw new PpgError(err.code, err.data as never, { location: { file, line: 1, column: 1 } });
    throw err;
  }
  let text: string;
  try {
    // TextDecoder drops a leading byte-order mark (its ignoreBOM is false).
    text = utf8.decode(bytes);
  } catch {
    const lossy = bytes.toString("utf8");
    throw new PpgError("EncodingInvalid", {}, { location: locate(lossy, lossy.indexOf("\uFFFD"), file) });
  }
  // Tab, line feed and carriage return are the only control characters a text source needs; any
  // other (NUL above all) means a binary file or a mangled copy, which would reach readers as junk.
  const bad = forbiddenCharacter(text, { file: true });
  if (bad) {
    throw new PpgError(
      "NotText",
      { codePoint: bad.codePoint, what: bad.what },
      { location: locate(text, bad.index, file) },
    );
  }
  return { text, bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, bytes };
}

/**
 * The text with each line break a single LF, character for character: a carriage return alone ends
 * a line in YAML 1.2 (https://yaml.org/spec/1.2.2/#line-break-characters) and in CommonMark
 * (https://spec.commonmark.org/0.31.2/#line-ending), but a pattern or a line count that looks for
 * LF takes it for a character of the line: a CR-only file's front matter was once published as
 * prose. A CR before an LF is kept (CR LF is one break everywhere). The text keeps its length, so
 * an offset into it is an offset into the text as written, and a line and column the same.
 */
export function lineFeeds(text: string): string {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

/** The 1-based line and column of a character offset. */
export function locate(text: string, offset: number, file: string): SourceLocation {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split("\n").length;
  return { file, line, column: offset - before.lastIndexOf("\n") };
}

/**
 * A URL path as written in the sources, decoded to the file name it names; undefined when it holds
 * a malformed percent-escape (`/%E0%A4%A`), which decodeURI throws on. Every path a user wrote goes
 * through here, so a typo is "not a file" or a located error, never an uncaught URIError.
 */
export function decodeUriPath(path: string): string | undefined {
  if (!path.includes("%")) return path;
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/** decodeURIComponent, or `text` as it is when it holds a malformed escape. */
export function decodeComponentOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A path or href as a person wrote it, to find one in the sources from the other: percent-decoded
 * (a built page carries `/caf%C3%A9#Ni%C3%B1o` where the Markdown says `/café#Niño`) and in
 * Unicode NFC (an editor may save either form). For locating and reporting once, never for
 * deciding whether a link works: browsers compare fragments as they are.
 */
export function writtenForm(text: string): string {
  return decodeComponentOr(text).normalize("NFC");
}

/**
 * `text` parsed by the WHATWG URL Standard, which browsers follow (against `base` when given), or
 * undefined when it is no URL. Not `URL.canParse`: on Node 20, once V8 optimises a caller, it takes
 * a fast path that reads a Latin-1 string's bytes as UTF-8, so `https://café.example/` is "no URL"
 * after a few thousand calls and a URL before (test/safety/url-parsing.test.ts warms it up). The
 * constructor has no such path.
 */
export function parsedUrl(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

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

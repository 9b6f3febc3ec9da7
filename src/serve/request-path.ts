import { lookup } from "mime-types";

/**
 * The decoded URL path, or undefined when it tries to leave the site: `..` or `.` segments
 * (also as %2e%2e or ..%2f), backslashes, NUL bytes, or a path that is not absolute.
 */
export function safePath(raw: string): string | undefined {
  if (!raw.startsWith("/") || raw.includes("\\")) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) return undefined;
  return decoded;
}

/** Content types from the mime-types table; text types say they are UTF-8. */
export function contentType(path: string): string {
  const type = lookup(path) || "application/octet-stream";
  return /^text\/|^application\/(json|javascript|xml|manifest\+json)|\+xml$/.test(type)
    ? `${type}; charset=utf-8`
    : type;
}

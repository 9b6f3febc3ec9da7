/**
 * Resolution of a reference the way a static host serves it: the browser's URL parser first
 * (relative paths, <base href>, '../' clamped at the root, backslashes), then the host's file
 * lookup (clean URLs, index.html), with exact, case-sensitive names as on Linux hosts.
 */

/** A private origin standing for "this site": anything resolving elsewhere is external. */
const SITE_ORIGIN = "http://ppguide.invalid";

export type Resolved =
  | { kind: "skip" }
  | { kind: "external"; url: string }
  /** path: decoded, without the leading slash; fragment: as the URL parser left it, null when absent. */
  | { kind: "internal"; path: string; fragment: string | null };

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * A file's URL in the private origin the link check resolves against, from its path relative to
 * the site root (not core/output-names.ts's pageUrl, a page's path as the site links to it).
 */
function urlInSite(file: string): string {
  return `${SITE_ORIGIN}/${file.split("/").map(encodeURIComponent).join("/")}`;
}

/** The base URL of a document, plus its site path when it is on this site (for the fast path). */
export interface DocumentBase {
  url: string;
  /** Percent-encoded path of the base, without the leading slash; null when the base is elsewhere. */
  path: string | null;
  /** `path` up to and including its last slash. */
  dir: string | null;
}

/** The document base: the page URL, or its <base href> resolved against it. */
export function documentBase(file: string, baseHref: string | null): DocumentBase {
  const page = urlInSite(file);
  let url = page;
  if (baseHref !== null && baseHref !== "") {
    try {
      url = new URL(baseHref, page).href;
    } catch {
      url = page;
    }
  }
  if (!url.startsWith(`${SITE_ORIGIN}/`)) return { url, path: null, dir: null };
  const path = url.slice(SITE_ORIGIN.length + 1).replace(/[?#].*$/, "");
  return { url, path, dir: path.slice(0, path.lastIndexOf("/") + 1) };
}

export function safeDecode(s: string): string {
  if (s.indexOf("%") === -1) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    // A stray '%' is not an escape; hosts look the raw bytes up, so do we.
    return s;
  }
}

/**
 * True when the URL parser would change nothing in this href but dot segments: printable ASCII
 * without the characters it percent-encodes or rewrites (space " < > ` and backslash), no
 * encoded dots, not scheme-relative. Most links on a real site pass, and skip `new URL`.
 */
function isPlainRelative(href: string): boolean {
  if (href.charCodeAt(0) === 0x2f && href.charCodeAt(1) === 0x2f) return false;
  for (let i = 0; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x5c || c === 0x60) return false;
  }
  return !/%2e/i.test(href);
}

const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** Removes "." and ".." segments as the URL parser does; ".." never climbs above the root. */
function removeDotSegments(path: string): string {
  const segments = path.split("/");
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const last = i === segments.length - 1;
    if (s === "..") {
      out.pop();
      if (last) out.push("");
    } else if (s === ".") {
      if (last) out.push("");
    } else {
      out.push(s);
    }
  }
  return out.join("/");
}

/** Resolves one href against a document base. */
export function resolveHref(href: string, base: DocumentBase): Resolved {
  const scheme = SCHEME.exec(href);
  if (scheme) {
    const s = scheme[0].toLowerCase();
    if (s !== "http:" && s !== "https:") return { kind: "skip" }; // mailto:, tel:, javascript:, data:…
  } else if (base.dir !== null && isPlainRelative(href)) {
    let end = href.length;
    let fragment: string | null = null;
    const hash = href.indexOf("#");
    if (hash !== -1) {
      fragment = href.slice(hash + 1);
      end = hash;
    }
    const query = href.indexOf("?");
    if (query !== -1 && query < end) end = query;
    let path = href.slice(0, end);
    if (path === "") path = base.path!;
    else if (path.charCodeAt(0) === 0x2f) path = path.slice(1);
    else path = base.dir + path;
    if (DOT_SEGMENT.test(path)) path = removeDotSegments(path);
    return { kind: "internal", path: safeDecode(path), fragment };
  }
  return resolveWithUrlParser(href, base);
}

/** The reference resolution: the WHATWG URL parser. resolveHref's fast path must agree with it. */
export function resolveWithUrlParser(href: string, base: DocumentBase): Resolved {
  let url: URL;
  try {
    url = new URL(href, base.url);
  } catch {
    // Unparseable (e.g. "http://"): a browser would not follow it either; report as a missing page.
    return { kind: "internal", path: `\u0000${href}`, fragment: null };
  }
  if (url.origin !== SITE_ORIGIN) {
    return url.protocol === "http:" || url.protocol === "https:"
      ? { kind: "external", url: url.href }
      : { kind: "skip" };
  }
  return {
    kind: "internal",
    path: safeDecode(url.pathname.slice(1)),
    fragment: url.hash ? url.hash.slice(1) : href.endsWith("#") ? "" : null,
  };
}

/**
 * The files a static host looks for, in turn, to serve a decoded site path (no leading slash):
 * - "x/" and "" serve x/index.html;
 * - "x" serves the file x, else x.html, else x/index.html (clean URLs, as Netlify, Cloudflare
 *   Pages and GitHub Pages do).
 * The link check, dev mode's server and the output's claims (output/claims.ts) all look a path up this way.
 */
export function servedFiles(path: string): string[] {
  return path === "" || path.endsWith("/") ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
}

/** The file a static host would serve for a decoded site path, or null. */
export function findTarget(path: string, files: ReadonlySet<string>): string | null {
  return servedFiles(path).find((file) => files.has(file)) ?? null;
}

/** Whether a missing target reads as a page (no extension, .html, a folder) rather than a file. */
export function looksLikePage(path: string): boolean {
  if (path === "" || path.endsWith("/")) return true;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  if (dot <= 0) return true;
  const ext = last.slice(dot + 1).toLowerCase();
  return ext === "html" || ext === "htm";
}

export function isHtmlFile(file: string): boolean {
  return /\.html?$/i.test(file);
}

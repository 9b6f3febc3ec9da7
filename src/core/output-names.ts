/**
 * What names a page's file and its URL, decided once here and read by every stage: the renderer
 * never names a file, and the claims, the page keys and the link check never recompute one
 * (Astro keeps the same decision in core/output-filename.ts).
 */

/**
 * The output folder when none is named, relative to the site: what build and merge write, and what
 * preview serves and check-links reads.
 */
export const DEFAULT_OUT = "dist";

/** How site.yaml's `site.build.format` lays pages out. */
export type OutputFormat = "file" | "directory";

/**
 * The 404 page: the path it is rendered and claimed as, and the file hosts serve for any path the
 * site lacks (Cloudflare Pages, Netlify and GitHub Pages all look for `404.html` at the root, in
 * either format).
 */
export const NOT_FOUND_PAGE = { route: "/404", file: "404.html" } as const;

/**
 * The file a page is written to, relative to the output folder. `file` (the default): /x is x.html,
 * which Cloudflare Pages, Netlify and GitHub Pages serve at /x itself; x/index.html would make each
 * of them answer /x with a redirect to /x/
 * (https://developers.cloudflare.com/pages/configuration/serving-pages/).
 */
export function pageFile(path: string, format: OutputFormat = "file"): string {
  if (path === "/") return "index.html";
  return format === "directory" ? `${path.slice(1)}/index.html` : `${path.slice(1)}.html`;
}

/**
 * The URL path a host answers with `file`, relative to the output folder: `beaches.html` and
 * `beaches/index.html` are /beaches, `index.html` is /. The inverse of pageFile, in either format.
 */
export function fileUrl(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`;
}

/**
 * The URL a host serves a page at without a redirect: its path, or in the `directory` format its
 * folder's (`/x/`, which /x redirects to); the home and 404 pages are files at the root either way.
 */
export function pageUrl(path: string, format: OutputFormat = "file"): string {
  return path === "/" || path === NOT_FOUND_PAGE.route || format !== "directory" ? path : `${path}/`;
}

/**
 * A path of the site as an absolute URL under `site.url`. Parsed, not concatenated: a path written
 * with its characters (/café) becomes the URL every crawler and feed reader expects (/caf%C3%A9),
 * and one escaped already stays as it is.
 */
export function absoluteUrl(site: { url: string }, path: string): string {
  return new URL(path, site.url).href;
}

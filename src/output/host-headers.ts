/**
 * `_headers`, the response-header rules Netlify and Cloudflare Pages read from the output folder
 * (https://docs.netlify.com/routing/headers/, https://developers.cloudflare.com/pages/configuration/headers/).
 *
 * Both hosts apply every rule whose path matches and join the values of a header set by more
 * than one rule with a comma, so Cache-Control is set only by rules whose paths never overlap:
 * none on `/*`. Pages keep the hosts' default, `public, max-age=0, must-revalidate`, so a new
 * build shows at once.
 */

/** Every file the build writes under /assets/ has a content hash in its name: a change gets a new URL. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Public files keep their names when they change: a day, then the browser asks again. */
export const UNHASHED = "public, max-age=86400";
/**
 * The service worker and its manifest keep their names and must be asked for again every time:
 * a cached worker would keep readers on an old build (browsers cap a worker's HTTP caching at a
 * day; a host or proxy need not).
 */
export const NO_CACHE = "no-cache";
/** What both hosts send when no rule sets Cache-Control (HTML pages among them). */
export const HOST_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

/**
 * The rules for a build whose public/ folder holds `publicFiles` (URL paths, e.g. `/images/a.svg`).
 * `generated` are other unhashed files the build writes (feed.xml, sitemap.xml, icons/icon-192.png),
 * `noCache` those a browser must ask the host for every time (sw.js).
 */
export function headersFile(
  publicFiles: Iterable<string>,
  generated: readonly string[] = [],
  noCache: readonly string[] = [],
): string {
  const folders = new Set<string>();
  const topLevel = new Set<string>();
  for (const url of [...publicFiles, ...generated.map((file) => `/${file}`)]) {
    // split() gives at least one part, if only the empty string.
    const [first = "", ...rest] = url.slice(1).split("/");
    if (rest.length) folders.add(first);
    else topLevel.add(first);
  }
  // Hashed files under /assets/ are the build's own; a public/assets/ file would wrongly be immutable.
  folders.delete("assets");
  topLevel.delete("_headers");
  topLevel.delete("_redirects");
  for (const file of noCache) topLevel.delete(file);
  const block = (path: string, headers: [string, string][]) =>
    `${path}\n${headers.map(([k, v]) => `  ${k}: ${v}`).join("\n")}\n`;
  const unhashed = [...[...folders].sort().map((f) => `/${f}/*`), ...[...topLevel].sort().map((f) => `/${f}`)];
  return [
    "# Response headers for Netlify and Cloudflare Pages, written by ppguide build.",
    "# HTML pages get the host's default Cache-Control (public, max-age=0, must-revalidate).",
    "",
    block("/assets/*", [["Cache-Control", IMMUTABLE]]),
    ...unhashed.map((path) => block(path, [["Cache-Control", UNHASHED]])),
    ...[...noCache].sort().map((file) => block(`/${file}`, [["Cache-Control", NO_CACHE]])),
    block("/*", [
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ]),
  ].join("\n");
}

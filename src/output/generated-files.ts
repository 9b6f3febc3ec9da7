import { readSiteFile, siteFilePath } from "../core/site-folder.ts";
import { join } from "node:path";
import type { LinkScan } from "../links/types.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { locateImageErrors } from "../site/locate-images.ts";
import { atomFeed, FEED_PATH } from "./feed.ts";
import { headersFile } from "./host-headers.ts";
import { serviceWorkerFileNames } from "./service-worker.ts";
import { redirectsFile, robotsTxt, sitemapXml } from "./sitemap-robots-redirects.ts";
import { webAppFiles, webAppFileNames } from "./web-app.ts";
import type { CopyWriter } from "./write.ts";

/** A file the build makes, its bytes made when asked for: dev mode serves one at a time. */
export interface GeneratedFile {
  file: string;
  content: () => Promise<string | Uint8Array> | string | Uint8Array;
}

/** Top-level files the build writes that keep their names from build to build. */
const GENERATED = ["sitemap.xml", "robots.txt", FEED_PATH.slice(1)];

/**
 * Every file of the site that is neither a page, a public/ file nor the search index: the
 * stylesheet and scripts, the encoded photo variants and share images, sitemap, robots, feed,
 * the web app manifest and its icons, `_headers` and `_redirects`. The one list a build writes
 * and dev mode serves. The service worker's two files are the only others: made from every file
 * written, they are written last (output/service-worker.ts), and dev serves none.
 */
export function generatedFiles(
  site: Pick<LoadedSite, "root" | "manifest" | "publicFiles" | "assets" | "raster" | "share">,
): GeneratedFile[] {
  const { manifest, publicFiles, assets, raster, share } = site;
  const redirects = redirectsFile(manifest);
  const text = (file: string, content: string | Uint8Array): GeneratedFile => ({ file, content: () => content });
  // Made when first asked for: a build claims every file's name before it writes any (output/claims.ts).
  const made = (file: string, make: () => string): GeneratedFile => {
    let content: string | undefined;
    return { file, content: () => (content ??= make()) };
  };
  return [
    text(assets.css.url.slice(1), assets.css.content),
    ...assets.scripts.map((s) => text(s.url.slice(1), s.content)),
    ...raster.entries(),
    ...share.entries(),
    made("sitemap.xml", () => sitemapXml(manifest)),
    made("robots.txt", () => robotsTxt(manifest)),
    // The feed states each share image's size in bytes, known once they are encoded.
    { file: FEED_PATH.slice(1), content: () => share.ready().then(() => atomFeed(manifest, (src) => share.og(src))) },
    ...webAppFiles(manifest, join(site.root, "public")),
    // A public/_headers of the site's own is copied as it is and replaces the generated rules.
    ...(publicFiles.has("/_headers")
      ? []
      : [
          made("_headers", () =>
            headersFile(publicFiles, [...GENERATED, ...webAppFileNames(manifest)], serviceWorkerFileNames(manifest)),
          ),
        ]),
    ...(redirects === undefined ? [] : [text("_redirects", redirects)]),
  ];
}

/**
 * The names of every file of the output besides its pages and the search index: public/'s, the
 * generated ones (`generated`, when made already), the service worker's. What a link may name
 * besides a page, for a check made in memory (dev mode) as a build makes it over what it wrote.
 */
export function filesBesidePages(
  site: Pick<LoadedSite, "root" | "manifest" | "publicFiles" | "assets" | "raster" | "share">,
  generated: readonly GeneratedFile[] = generatedFiles(site),
): string[] {
  return [
    ...[...site.publicFiles].map((url) => url.slice(1)),
    ...generated.map((f) => f.file),
    ...serviceWorkerFileNames(site.manifest),
  ];
}

/**
 * Writes everything but the pages and the search index into the copy: public/'s files and the
 * generated ones. `scan`: returns the link scans of public/'s HTML files, for the link check.
 */
export async function writeGeneratedAndPublic(
  site: LoadedSite,
  writer: CopyWriter,
  scan: boolean,
): Promise<[string, LinkScan][]> {
  const scans: [string, LinkScan][] = [];
  const scanPage = scan ? (await import("../links/extract.ts")).scanPage : undefined;
  for (const url of site.publicFiles) {
    // Each through the site's one door (core/site-folder.ts), as it is now, not as it was listed.
    const file = `public/${decodeURI(url).slice(1)}`;
    if (scanPage && /\.html?$/i.test(url))
      scans.push([url.slice(1), scanPage(readSiteFile(site.root, file).toString("utf8"))]);
    await writer.copy(siteFilePath(site.root, file), url.slice(1));
  }
  try {
    for (const { file, content } of generatedFiles(site)) await writer.add(file, await content());
  } catch (err) {
    // A share image is drawn only now: a picture sharp cannot read is located where it is named.
    throw locateImageErrors(err, site);
  }
  await writer.flush();
  return scans;
}

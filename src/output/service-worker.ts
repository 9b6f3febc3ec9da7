import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { escapeText } from "entities";
import { digest, hexDigest } from "../core/digest.ts";
import { expected } from "../core/invariant.ts";
import { NOT_FOUND_PAGE, pageUrl } from "../core/output-names.ts";
import { ROUTE_KINDS } from "../render/kinds/index.ts";
import { scriptsFor } from "../assets/bundles.ts";
import {
  buildIdText,
  CONFIG_GLOBAL,
  isHashedPath,
  type OfflineEntry,
  type OfflineManifest,
  type OfflinePage,
  type ServiceWorkerConfig,
} from "../client/offline-plan.ts";
import type { Manifest } from "../manifest/types.ts";
import type { LoadedSite } from "../site/load-site.ts";
import type { OutputFile } from "./write.ts";
import type { IndexRecord, PageRecord } from "./page-cache.ts";
import type { CopyWriter } from "./write.ts";
import { aliasPages } from "../manifest/host-limits.ts";

/**
 * The service worker of a site with site.offline (src/client/sw.ts does the work in the browser;
 * README "Offline" says what a reader gets): /sw.js, its code after one line of settings, and
 * /sw-manifest.json, every file a reader can save with its revision.
 *
 * The manifest is made from what the build already knows, after every other file is written: a
 * page's revision is the digest of its bytes its record keeps (output/page-cache.ts), a file with
 * a content hash in its name (/assets/, most of Pagefind's) needs none, and the few others (the
 * pictures of public/, Pagefind's entry and scripts) are hashed here. So an entry changes only
 * when its file does, the same sources give the same bytes, and the build id (a digest of the
 * manifest) changes exactly when something a reader may have saved did: that is what makes a
 * browser install the new worker.
 */
export const SERVICE_WORKER = "sw.js";
export const OFFLINE_MANIFEST = "sw-manifest.json";
/** Seconds a page waits for the network before its saved copy is shown (site.offline.networkTimeoutSeconds). */
const DEFAULT_TIMEOUT = 3;

/** The files site.offline makes, by name: claimed before anything is written, as every output path is. */
export function serviceWorkerFileNames(manifest: Manifest): string[] {
  return manifest.site.offline ? [SERVICE_WORKER, OFFLINE_MANIFEST] : [];
}

/** One page of the build as the manifest needs it. */
export interface BuiltPageRecord {
  route: string;
  file: string;
  kind: string;
  /** Digest of the page's bytes (PageRecord.hash). */
  hash: string;
  /** The public files the page read while rendering: its pictures among them (PageRecord.images). */
  images: readonly string[];
}

/**
 * sw.js and sw-manifest.json for the copy of the site in `target`, where every other file is
 * already written; none for a site without site.offline.
 */
export function serviceWorkerFiles(
  site: Pick<LoadedSite, "manifest" | "assets" | "raster" | "publicFiles" | "root">,
  target: string,
  pages: readonly BuiltPageRecord[],
  indexFiles: readonly string[],
): OutputFile[] {
  const { manifest, assets } = site;
  const offline = manifest.site.offline;
  if (!offline || !assets.worker) return [];
  const size = (file: string) => statSync(join(target, file)).size;
  const revision = (file: string) => digest(readFileSync(join(target, file)));

  const routes = new Map(manifest.routes.map((r) => [r.path, r]));
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  const format = manifest.site.build?.format;
  const urlOf = (route: string) => pageUrl(route, format);
  const titleOf = (p: BuiltPageRecord) => {
    if (p.route === NOT_FOUND_PAGE.route) return "Page not found";
    // An alias's page (GitHub Pages) is kept to answer its URL offline, and not listed: no route has its path.
    const title = routes.get(p.route)?.title;
    return title === undefined ? "" : escapeText(title);
  };
  const listed = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const pageEntries = listed.map((p): OfflinePage => [urlOf(p.route), p.hash, size(p.file), titleOf(p)]);

  // Each picture a page shows, once: a photo at its lightest variant, any other picture as it is.
  const pictures: OfflineEntry[] = [];
  const pictureAt = new Map<string, number>();
  const variants = new Map<string, string>();
  const pictureIndex = (src: string): number | undefined => {
    let at = pictureAt.get(src);
    if (at !== undefined) return at;
    const photo = site.raster.smallest(src);
    if (photo) {
      pictures.push([photo.url, null, photo.bytes]);
      variants.set(photo.stem, photo.url);
    } else if (site.publicFiles.has(src)) pictures.push([src, revision(src.slice(1)), size(src.slice(1))]);
    else return undefined;
    at = pictures.length - 1;
    pictureAt.set(src, at);
    return at;
  };
  const picturesOf = (indexes: number[]) => {
    const found = new Set<number>();
    for (const i of indexes)
      for (const src of expected(listed[i], `page ${i} of the pages listed`).images) {
        const at = pictureIndex(src);
        if (at !== undefined) found.add(at);
      }
    return [...found].sort((a, b) => a - b);
  };

  const everyPage = listed.map((_, i) => i);
  const packs = (offline.packs ?? [{ name: "site", label: "the whole site" }]).map((pack) => {
    const indexes = pack.menus ? pagesOfMenus(manifest, pack.menus, listed, aliases) : everyPage;
    return { name: pack.name, label: pack.label, pages: indexes, pictures: picturesOf(indexes) };
  });

  const shell: OfflineEntry[] = [assets.css, ...assets.scripts].map((a) => [a.url, null, byteLength(a.content)]);
  const index = [...indexFiles]
    .sort()
    .map((file): OfflineEntry => [`/${file}`, isHashedPath(`/${file}`) ? null : revision(file), size(file)]);
  const body: Omit<OfflineManifest, "build"> = {
    pages: pageEntries,
    shell,
    index,
    pictures,
    variants: [...variants].sort(),
    packs,
  };
  // An alias served as a page (GitHub Pages, or past the host's limits) is a page, not a redirect.
  const asPages = aliasPages(manifest);
  const redirects: [string, string][] = [...aliases].filter(([from]) => !asPages.has(from));
  const timeout = offline.networkTimeoutSeconds ?? DEFAULT_TIMEOUT;
  // Hex: the build's id names caches and Pagefind's metaCacheTag, where base64's '/' and '+' would not do.
  const build = hexDigest(16, buildIdText(body, redirects, timeout));
  const config: ServiceWorkerConfig = {
    build,
    manifest: `/${OFFLINE_MANIFEST}`,
    // What every page loads (a first visit keeps it); a page's own script is kept when it is visited.
    shell: [assets.css.url, ...everyPageScripts(assets.scripts)],
    timeout,
    redirects,
  };
  return [
    { file: OFFLINE_MANIFEST, content: `${JSON.stringify({ build, ...body })}\n` },
    {
      file: SERVICE_WORKER,
      content: Buffer.concat([Buffer.from(`self.${CONFIG_GLOBAL}=${JSON.stringify(config)};\n`), assets.worker]),
    },
  ];
}

/**
 * A pack of menus: the home page, the search page, the 404 page and every page the menus link to
 * (an alias by the page it leads to).
 */
function pagesOfMenus(
  manifest: Manifest,
  menus: readonly string[],
  pages: readonly BuiltPageRecord[],
  aliases: ReadonlyMap<string, string>,
): number[] {
  const wanted = new Set([
    "/",
    NOT_FOUND_PAGE.route,
    ...manifest.routes.filter((r) => ROUTE_KINDS[r.kind].offlineShell).map((r) => r.path),
  ]);
  for (const menu of manifest.nav)
    if (menus.includes(menu.label)) for (const item of menu.items) wanted.add(aliases.get(item.path) ?? item.path);
  return pages.flatMap((p, i) => (wanted.has(p.route) ? [i] : []));
}

/**
 * Writes sw.js and sw-manifest.json into the copy being made, once every other file is in it:
 * `jobs` are the build's pages, `records` what it knows of each, `index` its search index's record.
 */
export async function writeServiceWorker(
  site: Pick<LoadedSite, "manifest" | "assets" | "raster" | "publicFiles" | "root">,
  writer: CopyWriter,
  target: string,
  jobs: readonly { route: string; file: string; kind: string }[],
  records: ReadonlyMap<string, Pick<PageRecord, "hash" | "images">>,
  index: IndexRecord | undefined,
): Promise<void> {
  if (!site.manifest.site.offline) return;
  const pages = jobs.flatMap((job): BuiltPageRecord[] => {
    const record = records.get(job.file);
    return record ? [{ ...job, hash: record.hash, images: record.images }] : [];
  });
  const indexFiles = index?.files ?? [];
  for (const { file, content } of serviceWorkerFiles(site, target, pages, indexFiles)) await writer.add(file, content);
  await writer.flush();
}

/** The scripts every page loads, whatever its kind (assets/bundles.ts scriptsFor). */
function everyPageScripts(scripts: readonly { url: string }[]): string[] {
  return scriptsFor([], scripts);
}

function byteLength(content: string | Uint8Array): number {
  return typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
}

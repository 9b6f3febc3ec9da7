import { load, type CheerioAPI } from "cheerio";
import { loadSite, type LoadedSite } from "../../src/site/load-site.ts";
import { buildSite, SITE_ROOT } from "./served-site.ts";

/** The project's own folder, as served-site.ts names it. */
export const ROOT = SITE_ROOT;

let pages: Promise<Map<string, string>> | undefined;

/**
 * The project's own site, each page's HTML by its route: the build the whole run shares
 * (served-site.ts), whose pages are byte for byte what a build in memory renders.
 */
export function builtSite(): Promise<Map<string, string>> {
  pages ??= buildSite().then((site) => new Map(site.pages.map((p) => [p.route, p.html])));
  return pages;
}

let loaded: Promise<LoadedSite> | undefined;

/** The project's own site as the build loads it (site.yaml, content/), loaded once and shared. */
export function loadedSite(): Promise<LoadedSite> {
  loaded ??= loadSite(ROOT);
  return loaded;
}

/** Every directory and resort page of the project's site, with the items of its listings file. */
export async function listingPages() {
  const { manifest, content } = await loadedSite();
  return manifest.routes
    .filter((r) => r.kind === "directory" || r.kind === "resorts")
    .map((r) => ({ path: r.path, items: content.listings.get(r.listings!)!.items }));
}

export async function page(route: string): Promise<CheerioAPI> {
  const html = (await builtSite()).get(route);
  if (!html) throw new Error(`no page at ${route}`);
  return load(html);
}

/** A JSON-LD object or one of its nodes: no fixed shape, so the tests read it freely and assert on it. */
// biome-ignore lint/suspicious/noExplicitAny: the one loosely typed value the site tests read, named here
export type JsonLd = Record<string, any>;

export function jsonLd($: CheerioAPI, type: string): JsonLd {
  const found = $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()))
    .find((d) => d["@type"] === type);
  if (!found) throw new Error(`no ${type} JSON-LD`);
  return found;
}

import { load, type CheerioAPI } from "cheerio";
import { fileURLToPath } from "node:url";
import { build } from "../../src/engine/build.ts";
import { loadSite, type LoadedSite } from "../../src/site/load-site.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

let pages: Promise<Map<string, string>> | undefined;

/** The project's own site, rendered once in memory and shared by the site suites. */
export function builtSite(): Promise<Map<string, string>> {
  pages ??= build({ root: ROOT, write: false }).then((r) => new Map(r.pages.map((p) => [p.route, p.html!])));
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

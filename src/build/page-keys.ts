import { createHash } from "node:crypto";
import { currentCode } from "../core/disk-cache.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { outputFileFor, type RenderedPage } from "../render/render.tsx";
import { isNoindex } from "../render/page-model.ts";
import { aliasesArePages } from "../output/site-files.ts";
import type { RenderInput } from "./page-renderer.ts";

/** One page of the output, and the key over everything its bytes are made from. */
export interface PageJob {
  /** The route path; an alias's own path; /404. */
  route: string;
  file: string;
  kind: RenderedPage["kind"];
  noindex: boolean;
  key: string;
}

/**
 * Every page the site has, each with its key: a rebuild renders a page only when its key differs
 * from the one its served file was made with (output/page-cache.ts).
 *
 * A key is a hash over
 * - the code that renders (ppguide's sources, its templates and dependencies: currentCode());
 * - what every page may read: the site settings, nav, authors, aliases and search list, the
 *   hashed asset URLs, the images' facts (sizes, variants, share images), the clock's year, and of every
 *   other route what cards, lists and links show of it (path, kind, titles, description, image,
 *   author, publication date, an index's cards), with the front-matter keywords the search box lists;
 * - what the page alone reads: its route entry, its Markdown file's source (front matter and
 *   body, not the rendered HTML) and its listings file.
 * The clock (site/schedule.ts) reaches every key twice: through the year, and through the manifest,
 * which holds only the routes published on the clock's day.
 * A page must read nothing else: test/engine/incremental.test.ts edits every kind of input at
 * random and compares each rebuild with a clean build, byte for byte.
 */
export function pageJobs(input: RenderInput): PageJob[] {
  const { manifest, content } = input;
  const searched = searchedPaths(manifest);
  const shared = sha256(JSON.stringify([currentCode(), input.year, input.assets, input.images, { ...manifest, routes: manifest.routes.map((r) => summary(r, content, searched.has(r.path))) }]));
  const keyOf = (...own: unknown[]) => sha256(shared + JSON.stringify(own));
  const format = manifest.site.build?.format;
  const jobs: PageJob[] = manifest.routes.map((route) => ({
    route: route.path,
    file: outputFileFor(route.path, format),
    kind: route.kind,
    noindex: isNoindex(route),
    key: keyOf(route, route.content ? content.markdown.get(route.content) : null, route.kind === "directory" || route.kind === "resorts" ? content.listings.get(route.listings) : null),
  }));
  // Hosts that read _redirects answer an alias with its 301 (output/site-files.ts); GitHub Pages gets a page.
  if (aliasesArePages(manifest.site)) {
    for (const { from, to } of manifest.aliases ?? []) jobs.push({ route: from, file: outputFileFor(from, format), kind: "alias", noindex: true, key: keyOf("alias", from, to) });
  }
  jobs.push({ route: "/404", file: "404.html", kind: "404", noindex: true, key: keyOf("404") });
  return jobs;
}

/**
 * What other pages read of a route: its card (cardFor), the search page's list, an author page's
 * list, the index that parents it, and the search box (keywords of the routes it lists).
 */
function summary(route: RouteEntry, content: RenderInput["content"], searched: boolean) {
  return {
    path: route.path,
    kind: route.kind,
    title: route.title,
    cardTitle: route.cardTitle,
    description: route.description,
    image: route.image,
    author: "author" in route ? route.author : undefined,
    published: route.dates?.published,
    cards: route.kind === "index" ? route.cards : undefined,
    keywords: searched && route.content ? content.markdown.get(route.content)?.frontMatter.keywords : undefined,
  };
}

/** The routes the search box lists, by their own paths (the list may name an alias). */
function searchedPaths(manifest: Manifest): Set<string> {
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  return new Set((manifest.search ?? []).map((p) => aliases.get(p) ?? p));
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

import { createHash } from "node:crypto";
import type { ImageFactIndex } from "../assets/image-facts.ts";
import { currentCode } from "../core/code-id.ts";
import { NOT_FOUND_PAGE } from "../core/not-found-page.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import type { KeyParts, PageRecord } from "../output/page-cache.ts";
import { aliasesArePages } from "../output/site-files.ts";
import { isNoindex } from "../render/page-model.ts";
import { outputFileFor, type RenderedPage } from "../render/render.tsx";
import type { RenderInput } from "./render-pages.ts";

/**
 * What a page's bytes are made of, each a digest (KeyParts), in the order --explain names them:
 * - `code`: ppguide's sources, templates, schemas and locked dependencies (core/code-id.ts);
 * - `site`: what every page may read: the site settings, nav, authors, aliases and search list,
 *   the hashed asset URLs, the clock's year, and of every route what cards, lists and links show of it
 *   (path, kind, titles, description, image, author, publication date, an index's cards, and the
 *   front-matter keywords of the routes the search box lists);
 * - `route`, `markdown`, `listings`: what the page alone reads: its route entry, its Markdown
 *   file's source (front matter and body, not the rendered HTML), its listings file.
 * The images a page shows are keyed apart, by the files it read while rendering (PageRecord.images):
 * which they are follows from the parts above, and what they are is ImageFactIndex's digest.
 * The clock (site/schedule.ts) reaches every key twice: through the year, and through the manifest,
 * which holds only the routes published on the clock's day.
 * A page must read nothing else: test/engine/incremental.test.ts edits every kind of input at
 * random and compares each rebuild with a clean build, byte for byte.
 */
const PART_NAMES: Record<keyof KeyParts, string> = {
  code: "code",
  site: "site-wide data",
  route: "its route",
  markdown: "its Markdown",
  listings: "its listings",
};
const PARTS = Object.keys(PART_NAMES) as (keyof KeyParts)[];

/** One page of the output and the digest of what it is made of. */
export interface PageJob {
  /** The route path; an alias's own path; /404. */
  route: string;
  file: string;
  kind: RenderedPage["kind"];
  noindex: boolean;
  parts: KeyParts;
}

/** Why a page is rendered: what --explain prints. */
export type RenderReason = string;

/** Every page the site has, with its key. `code`: dev mode's, whose templates are compiled afresh after an edit. */
export function keyPages(
  input: Pick<RenderInput, "manifest" | "content" | "assets" | "year">,
  code = currentCode(),
): PageJob[] {
  const { manifest, content } = input;
  const searched = searchedPaths(manifest);
  const site = digest([
    input.year,
    input.assets,
    { ...manifest, routes: manifest.routes.map((r) => summary(r, content, searched.has(r.path))) },
  ]);
  const format = manifest.site.build?.format;
  const job = (
    route: string,
    kind: PageJob["kind"],
    noindex: boolean,
    own: Pick<KeyParts, "route" | "markdown" | "listings">,
  ): PageJob => {
    return {
      route,
      file: kind === "404" ? NOT_FOUND_PAGE.file : outputFileFor(route, format),
      kind,
      noindex,
      parts: { code, site, ...own },
    };
  };
  const none = digest(null);
  const jobs = manifest.routes.map((route) =>
    job(route.path, route.kind, isNoindex(route), {
      route: digestOf(route),
      markdown: route.content ? digestOf(content.markdown.get(route.content)) : none,
      listings:
        route.kind === "directory" || route.kind === "resorts" ? digestOf(content.listings.get(route.listings)) : none,
    }),
  );
  // Hosts that read _redirects answer an alias with its 301 (output/site-files.ts); GitHub Pages gets a page.
  if (aliasesArePages(manifest.site)) {
    for (const { from, to } of manifest.aliases ?? [])
      jobs.push(job(from, "alias", true, { route: digest(["alias", from, to]), markdown: none, listings: none }));
  }
  jobs.push(job(NOT_FOUND_PAGE.route, "404", true, { route: digest("404"), markdown: none, listings: none }));
  return jobs;
}

/**
 * Which pages must be rendered, and why: those the previous build did not make from the same
 * key, or whose images changed since, or (`served`) whose served file is no longer as written.
 * The others are reused with their record. `previous` is the previous build's records, or why
 * there are none (every page is then rendered, for that reason).
 */
export function planPages(
  jobs: PageJob[],
  previous: ((file: string) => PageRecord | undefined) | string,
  images: ImageFactIndex,
  served: (file: string, record: PageRecord) => boolean = () => true,
): { reuse: { job: PageJob; record: PageRecord }[]; render: { job: PageJob; reason: RenderReason }[] } {
  const reuse: { job: PageJob; record: PageRecord }[] = [];
  const render: { job: PageJob; reason: RenderReason }[] = [];
  for (const job of jobs) {
    if (typeof previous === "string") {
      render.push({ job, reason: previous });
      continue;
    }
    const record = previous(job.file);
    const reason = !record
      ? "new page"
      : (changedPart(job.parts, record.parts) ??
        (images.keyOf(record.images) !== record.imagesKey
          ? "an image"
          : served(job.file, record)
            ? undefined
            : "its served file changed"));
    if (reason) render.push({ job, reason });
    else reuse.push({ job, record: record! });
  }
  return { reuse, render };
}

function changedPart(now: KeyParts, before: KeyParts): string | undefined {
  for (const part of PARTS) if (now[part] !== before[part]) return PART_NAMES[part];
  return undefined;
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
export function searchedPaths(manifest: Manifest): Set<string> {
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  return new Set((manifest.search ?? []).map((p) => aliases.get(p) ?? p));
}

/**
 * Dev mode keys the site after every change, most of it the same objects as before (a route entry,
 * a Markdown file it did not reload): each is hashed once.
 */
const digests = new WeakMap<object, string>();

function digestOf(value: object | undefined): string {
  if (value === undefined) return digest(null);
  let d = digests.get(value);
  if (d === undefined) digests.set(value, (d = digest(value)));
  return d;
}

export function digest(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64").slice(0, 22);
}

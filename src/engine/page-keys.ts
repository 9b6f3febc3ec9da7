import { join } from "node:path";
import { imageFacts, type ImageFactIndex, type ImageFacts } from "../assets/image-facts.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
import type { ContentIndex } from "../content/load.ts";
import { currentCode } from "../core/code-id.ts";
import { digestJson, digestOf } from "../core/digest.ts";
import { expected } from "../core/invariant.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import { servedIntact, type KeyParts, type PageRecord } from "../output/page-cache.ts";
import { indexable, READ_OPTIONS } from "../output/search-index.ts";
import type { ReadOptions } from "../search/read-page.ts";
import type { CopySpec } from "../output/write.ts";
import { kindOf, ROUTE_KINDS, type SitePage } from "../render/kinds/index.ts";
import type { Templates } from "../render/render.tsx";
import type { LoadedSite } from "../site/load-site.ts";
import { publishedAnswer, type Answering } from "../site/published-answer.ts";

/**
 * Everything rendering reads, as plain data, so that a worker thread can be given it once: the
 * same input renders the same bytes inline or on any thread. A page's key is made of it.
 */
export interface RenderInput {
  manifest: Manifest;
  content: Pick<ContentIndex, "markdown" | "listings">;
  images: ImageFacts;
  /** The hashed URLs of the stylesheet and the scripts. */
  assets: { css: string; scripts: { url: string }[] };
  /** The clock's year, which every footer shows. */
  year: number;
  /**
   * Where pages are written (the copy being built, and the served one to link equal bytes from); none: kept in memory
   * (dev mode, tests).
   */
  spec?: CopySpec;
  /**
   * Hand each page's HTML back (RenderedBatch.unwritten) for the thread that takes the batch to write: the render
   * threads' pages are written by one writer, the build's (render-pages.ts onPool).
   */
  handBack?: boolean;
  /** Scan each page's links and anchors for the link check. */
  scan: boolean;
  /** Make each indexed page's search entries, read so, and keep them in the page's record. */
  search?: { read: ReadOptions };
  /**
   * Give each page's problems back with it, the page rendered all the same, instead of failing the
   * batch: dev mode serves such a page with its problems shown on it.
   */
  pageProblems?: boolean;
}

/** The loaded site as a render thread is given it; `images`: its images' facts, when known already (dev mode). */
export function renderInputOf(
  site: LoadedSite,
  how: { spec?: CopySpec; scan: boolean; search: boolean; images?: ImageFacts },
): RenderInput {
  const { manifest, content, assets } = site;
  return {
    manifest,
    content: { markdown: content.markdown, listings: content.listings },
    images: how.images ?? imageFacts(join(site.root, "public"), site.publicFiles, site.raster, site.share),
    assets: { css: assets.css.url, scripts: assets.scripts.map(({ url }) => ({ url })) },
    year: Number(site.schedule.clock.slice(0, 4)),
    ...(how.spec && { spec: how.spec }),
    scan: how.scan,
    ...(how.search && { search: { read: READ_OPTIONS } }),
  };
}

/**
 * What a page's bytes are made of, each a digest (KeyParts), in the order --explain names them:
 * - `code`: ppguide's sources, templates, schemas and locked dependencies (core/code-id.ts);
 * - `site`: what every page may read: the site settings, authors, aliases and search list, the
 *   hashed asset URLs, and of every route what cards, lists and links show of it (path, kind,
 *   titles, description, image, author, publication date, an index's cards, and the front-matter
 *   keywords of the routes the search box lists);
 * - `route`, `markdown`, `listings`: what the page alone reads: its route entry, its Markdown
 *   file's source (front matter and body, not the rendered HTML), its listings file;
 * - `chrome`: what only the header and footer read (render/model.ts ChromeModel): the menus and the
 *   clock's year; none for a redirect page, which has neither. A page whose key changed in this part
 *   alone is given the new header and footer in place of the old ones (PageRenderer), not rendered.
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
  // Last: a page whose header and footer changed with something else is rendered for that.
  chrome: "its header and footer",
};
const PARTS = Object.keys(PART_NAMES) as (keyof KeyParts)[];

/**
 * A page to make: its route (an alias's own path; /404), its kind and file (render/kinds/index.ts),
 * and the digests of what it is made of.
 */
export interface PageJob extends SitePage {
  parts: KeyParts;
  /**
   * The page's own Markdown file (its name in the content index, and the file), when the job crosses to a render
   * thread: a thread holds every other file's front matter but not its body (render-pages.ts).
   */
  own?: [name: string, file: MarkdownFile];
  /**
   * The page as the served copy holds it, when only its header and footer changed: the file to read, what its bytes
   * and record were (PageRecord), for the renderer to put the new header and footer in place of the old ones.
   */
  rechrome?: Rechrome;
}

/** What a page reused with a new header and footer is made from (PageJob.rechrome). */
export interface Rechrome {
  /** The page as served: its file in the served copy, or its HTML where the pages are kept in memory (dev mode). */
  served: ServedPage;
  record: Pick<PageRecord, "hash" | "images" | "warnings" | "stat"> & Required<Pick<PageRecord, "chrome">>;
}

export type ServedPage = { file: string } | { html: string };

/** Why a page is rendered: what --explain prints. */
export type RenderReason = string;

/** Why no page of a previous build can be reused: every page is rendered, for that reason. */
export type NoPrevious = "--no-cache" | "first build" | "no page cache of the served copy from this ppguide";

/**
 * What a previous build offers the plan: its record of each page it made and whether the page it
 * serves is still as that record says (a build's served copy; dev mode's pages in memory always
 * are); or why there is nothing to reuse.
 */
export type Previous =
  | {
      records: (file: string) => PageRecord | undefined;
      /** The served file, when it still holds the page's bytes: its inode, when it is a file on disk. */
      intact: (file: string, record: PageRecord) => { ino?: number } | undefined;
      /** The page as served, when a page whose header and footer alone changed may be taken from it. */
      served?: (file: string) => ServedPage | undefined;
    }
  | { none: NoPrevious };

/**
 * What a build's served copy offers the plan (`served`: its page cache's records, if this code wrote
 * one), or why it offers nothing. `cache`: false for --no-cache.
 */
export function previousOf(
  live: string | undefined,
  served: Map<string, PageRecord> | undefined,
  cache: boolean,
): Previous {
  if (!cache) return { none: "--no-cache" };
  if (live === undefined) return { none: "first build" };
  if (served === undefined) return { none: "no page cache of the served copy from this ppguide" };
  return {
    records: (file) => served.get(file),
    intact: (file, record) => servedIntact(live, file, record),
    served: (file) => ({ file: join(live, file) }),
  };
}

/** The pages to render, and why; the others are reused as the previous build made them, with its record. */
export interface Plan {
  /** `ino`: the served file's inode, which the copy being written may already hold (CopyWriter.link). */
  reuse: { job: PageJob; record: PageRecord; ino?: number }[];
  render: { job: PageJob; reason: RenderReason }[];
}

/** Where made pages go: the copy being written (the renderer writes them, reused ones are linked), or memory. */
export interface PageSink {
  /** Takes a page the plan reuses, as the previous build made it. */
  reuse(file: string, ino?: number): Promise<void>;
  /** Resolves once every page is in place; throws the first write that failed. */
  flush(): Promise<void>;
}

/** Dev mode's and the tests' sink: pages stay in the renderer's hands; the reused ones are the caller's own. */
export const IN_MEMORY: PageSink = { reuse: async () => {}, flush: async () => {} };

/** What keying and rendering read, for a build into a folder and for dev mode in memory alike. */
export interface PagesToMake {
  input: RenderInput;
  /** Every page of the site (render/kinds/index.ts sitePages). */
  pages: readonly SitePage[];
  /** The code part of every key: ppguide's own, or dev mode's, whose templates are compiled afresh. */
  code: string;
  images: ImageFactIndex;
  previous: Previous;
  sink: PageSink;
  /** Render on the pool (render-pages.ts); by default from a number of pages. */
  threads?: boolean;
  /** The templates to render with inline (dev mode's); by default ppguide's own. */
  templates?: Templates;
  /** The YAML files the pages are made from, to locate what a page finds in them (render-pages.ts sourcesOf). */
  sources: readonly YamlSource[];
  /** The loaded site, whose digests of site.yaml's routes are kept with its text (keyPages). */
  answering?: Answering;
}

/**
 * Every page of the site (`pages`, render/kinds/index.ts sitePages) with its key. `code`: dev
 * mode's, whose templates are compiled afresh after an edit. `answering`: the loaded site, whose
 * routes' digests and site-wide digest are kept with site.yaml's text (site/published-answer.ts): at
 * 16,000 routes they were most of the key stage of a rebuild that changed one body.
 */
export function keyPages(
  input: Pick<RenderInput, "manifest" | "content" | "assets" | "year">,
  pages: readonly SitePage[],
  code = currentCode(),
  answering?: Answering,
): PageJob[] {
  const { manifest, content } = input;
  const searched = searchedPaths(manifest);
  // What the site-wide part reads besides site.yaml: the asset URLs, and the keywords of the routes the search
  // box lists.
  const keywords = manifest.routes.flatMap((r) => (searched.has(r.path) ? [keywordsOf(r, content)] : []));
  const site = publishedAnswer(answering, "site key", digestJson([input.assets, keywords]), () => {
    const { nav, ...rest } = manifest;
    return digestJson([
      input.assets,
      { ...rest, routes: manifest.routes.map((r) => summary(r, content, searched.has(r.path))) },
    ]);
  });
  const routeKeys = publishedAnswer(answering, "route keys", "", () => manifest.routes.map((r) => digestOf(r)));
  const chrome = digestJson([input.year, manifest.nav]);
  const none = digestJson(null);
  const routes = new Map(
    manifest.routes.map((r, i) => [r.path, { route: r, key: expected(routeKeys[i], "a digest kept for every route") }]),
  );
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  return pages.map((page): PageJob => {
    const found = routes.get(page.route);
    // A page no route has (an alias's, the 404 page) is made of its path and where it leads alone.
    const own = found
      ? {
          route: found.key,
          markdown: content.markdown.get(found.route.content ?? "")?.digest ?? none,
          listings: ROUTE_KINDS[found.route.kind].listings
            ? digestOf(content.listings.get(found.route.listings ?? ""))
            : none,
        }
      : { route: digestJson([page.kind, page.route, aliases.get(page.route) ?? null]), markdown: none, listings: none };
    return { ...page, parts: { code, site, chrome: kindOf(page.kind).redirect ? none : chrome, ...own } };
  });
}

/**
 * Which pages must be rendered, and why: those the previous build did not make from the same
 * key, or whose images changed since, or whose served file is no longer as written, or (`search`:
 * this build writes the search index) whose record has no search entry, the previous build having
 * written none: no page is read back for its words. The others are reused with their record.
 */
export function planPages(jobs: PageJob[], previous: Previous, images: ImageFactIndex, search = false): Plan {
  const plan: Plan = { reuse: [], render: [] };
  for (const job of jobs) {
    if ("none" in previous) {
      plan.render.push({ job, reason: previous.none });
      continue;
    }
    const record = previous.records(job.file);
    if (!record) {
      plan.render.push({ job, reason: "new page" });
      continue;
    }
    const changed = PARTS.filter((part) => job.parts[part] !== record.parts[part]);
    const chromeAlone = changed.length === 1 && changed[0] === "chrome";
    const taken = changed.length > 0 && !chromeAlone ? undefined : takenOrWhyNot(job, record, previous, images, search);
    const besides = taken && "why" in taken ? taken.why : undefined;
    const reason = changed[0] === undefined ? besides : PART_NAMES[changed[0]];
    const served = chromeAlone && !besides ? previous.served?.(job.file) : undefined;
    if (!reason) plan.reuse.push({ job, record, ...(taken && "ino" in taken && { ino: taken.ino }) });
    else if (served && record.chrome) {
      const { hash, images, warnings, stat, chrome } = record;
      plan.render.push({
        job: { ...job, rechrome: { served, record: { hash, images, warnings, stat, chrome } } },
        reason,
      });
    } else plan.render.push({ job, reason });
  }
  return plan;
}

/**
 * What else keeps the served page from being taken as it is, or with a new header and footer alone; else the served
 * file's inode, when it has one.
 */
function takenOrWhyNot(
  job: PageJob,
  record: PageRecord,
  previous: Extract<Previous, { records: unknown }>,
  images: ImageFactIndex,
  search: boolean,
): { why: RenderReason } | { ino?: number } {
  if (images.keyOf(record.images) !== record.imagesKey) return { why: "an image" };
  if (search && indexable(job) && !("search" in record))
    return { why: "the search index, which the last build left out" };
  return previous.intact(job.file, record) ?? { why: "its served file changed" };
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
    cards: route.cards,
    keywords: searched ? keywordsOf(route, content) : undefined,
  };
}

function keywordsOf(route: RouteEntry, content: RenderInput["content"]): unknown {
  return route.content ? content.markdown.get(route.content)?.frontMatter.keywords : undefined;
}

/** The routes the search box lists, by their own paths (the list may name an alias). */
export function searchedPaths(manifest: Manifest): Set<string> {
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  return new Set((manifest.search ?? []).map((p) => aliases.get(p) ?? p));
}

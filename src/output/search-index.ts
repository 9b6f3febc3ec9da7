/**
 * The site's full-text search index, made by Pagefind (https://pagefind.app/docs/node-api/) from
 * the pages as they render, and written into the copy of the site being built, so the index is
 * committed with the pages it describes and never describes another build.
 *
 * Each page is given to Pagefind with its public URL (the route path), never a file path, so the
 * index does not depend on how pages are laid out on disk. Pagefind reads what a visitor reads:
 * <main> (never the header, menus and footer), less the parts that repeat other pages (below),
 * plus the page's front-matter keywords. Each listing is a result of its own, pointing at its
 * card's anchor on its directory page. Pagefind folds accents itself, in the index and in
 * queries: "dona" finds Doña (test/e2e/search.test.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as pagefind from "pagefind";
import { escapeAttribute, escapeUTF8 } from "entities";
import { listingAnchor, listingTown } from "../content/listings.ts";
import { PpgError } from "../core/errors.ts";
import type { LoadedSite } from "../site/load-site.ts";
import type { RenderedPage } from "../render/render.tsx";
import type { OutputFile } from "./extra-files.ts";

/** The folder of the index in the output; src/client/search-page.ts imports /pagefind/pagefind.js. */
export const INDEX_DIR = "pagefind";
/**
 * A keywords record's meta fields: the URL of the page it stands for (Pagefind keeps one record
 * per URL, so the record has a URL of its own) and that page's description, shown instead of an excerpt.
 */
export const KEYWORDS_META = { page: "keywords_for", description: "description" } as const;

/**
 * Parts of <main> left out: the byline, table of contents and contact line say the same on every
 * article, and the related cards and listing grid are other results' text (each listing is
 * indexed on its own).
 */
const EXCLUDE = [".byline", ".toc", ".contact-line", ".related", ".listings"];

/**
 * Pagefind writes each result's text (its "fragment") to a file of its own, up to this many; a
 * larger site shares files among several results. On the 4,000-page bench 4,000 fragment files
 * made Pagefind's getFiles() take 5-6 s and the writing more; 256 shared ones (of about 16
 * results, 5 KB each) took under 2 s, and a query loads a few of them. The project site has
 * fewer results, one file each.
 */
const MAX_FRAGMENTS = 256;

/**
 * Files of Pagefind's bundle the site's own search page does not load: its ready-made UIs (the
 * page has its own small result list), the highlighter for target pages, the playground, and the
 * WebAssembly for pages of no known language (every record is indexed as the site's language).
 */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|wasm\.unknown\.pagefind|playground\/.*)$/;

/** Whether a rendered page belongs in the index: not a redirect stub, the 404 page or a noindex page. */
export function indexable(page: Pick<RenderedPage, "kind" | "noindex">): boolean {
  return page.kind !== "alias" && page.kind !== "404" && !page.noindex;
}

/** One thing given to Pagefind: a document (a page, a listing) or a custom record (keywords). */
type IndexRecord =
  | { url: string; content: string }
  | { url: string; content: string; language: string; meta: Record<string, string> };

/**
 * Written with the index: the digest of everything Pagefind was given, and the files it made. A
 * rebuild whose inputs have the same digest links the served copy's files instead of asking
 * Pagefind again (it cannot update an index, only make a whole one). Inside the copy, so it is
 * published with the index it describes, in the same rename, and can never describe another build.
 */
export const INPUTS_FILE = `${INDEX_DIR}/index-inputs.json`;

interface InputsRecord {
  digest: string;
  files: string[];
}

/** The index's files: new bytes to write, or the served copy's files to link when nothing fed to Pagefind changed. */
export interface IndexOutput {
  write: OutputFile[];
  link: string[];
}

/**
 * The pagefind package's version, which pins its binary's (an optional dependency). Found as Node
 * finds the package: its package.json is not among the files it exports.
 */
function pagefindVersion(): string {
  for (const dir of createRequire(import.meta.url).resolve.paths("pagefind") ?? []) {
    const manifest = join(dir, "pagefind/package.json");
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

/** What the index needs to know of a page before it renders: its URL, whether it is indexed, and its key (build/page-keys.ts). */
export type IndexedPage = Pick<RenderedPage, "route" | "kind" | "noindex"> & { key: string };

export class SearchIndex {
  private readonly pending: Promise<void>[] = [];
  private failure?: string;
  private index?: pagefind.PagefindIndex;
  /** Each record's hash: the digest is of the set, whatever order the pages rendered in. */
  private readonly hashes: string[] = [];
  /** The served index, when Pagefind would be given exactly what made it. */
  private reused?: InputsRecord;
  /** Pages are hashed by their keys (given to create()), not by their content. */
  private keyed = false;

  private constructor(private readonly options: pagefind.PagefindServiceConfig) {}

  /**
   * A new index holding the site's listings and keywords. `pages`: every page of the site with its
   * key, which determines its bytes, so the digest of what Pagefind would be given is known before
   * anything renders. When it equals the served copy's (`live`), the served index is linked and no
   * page needs to be given (`needsPages` is false); otherwise Pagefind starts at once and parses
   * each page in its own process as it is added. Without `pages` (dev mode), pages are hashed by
   * their content as they are added.
   */
  static async create(site: Pick<LoadedSite, "manifest" | "content">, live?: string, pages?: readonly IndexedPage[]): Promise<SearchIndex> {
    // The site declares a locale (en-US); Pagefind keeps one index per base language.
    const language = site.manifest.site.language.split("-")[0]!.toLowerCase();
    const options = { rootSelector: "main", excludeSelectors: EXCLUDE, forceLanguage: language, maxFragments: MAX_FRAGMENTS };
    const search = new SearchIndex(options);
    const records = [...keywordRecords(site, language), ...listingRecords(site)];
    for (const record of records) search.hashes.push(hashOf(record));
    if (pages) {
      search.keyed = true;
      for (const page of pages) if (indexable(page)) search.hashes.push(hashOf(`${page.route}\0${page.key}`));
      const served = live ? servedInputs(live) : undefined;
      if (served?.digest === search.digest()) {
        search.reused = served;
        return search;
      }
    }
    await search.start();
    for (const record of records) search.feed(record);
    return search;
  }


  /** Whether pages must be given to the index (addPage): false when the served index is reused. */
  get needsPages(): boolean {
    return !this.reused;
  }

  /** Adds a page by its URL and its <main> (mainOf). Returns at once: Pagefind parses in its own process. */
  addPage(url: string, main: string): void {
    if (this.reused) return;
    const record = { url, content: main };
    if (!this.keyed) this.hashes.push(hashOf(record));
    this.feed(record);
  }

  /**
   * The index's files, to write under /pagefind/, once every page has been added: the served
   * copy's, to link, when Pagefind would be given exactly what made them; else Pagefind's.
   */
  async files(): Promise<IndexOutput> {
    if (this.reused) return { write: [], link: [...this.reused.files, INPUTS_FILE] };
    const digest = this.digest();
    // Every add is awaited before anything else is asked of Pagefind: its Node wrapper leaves an
    // index with adds still pending in a state that once took 297 s to get out of.
    await Promise.all(this.pending);
    if (this.failure) throw failed([this.failure]);
    const { files, errors } = await this.index!.getFiles().catch((err: unknown) => ({ files: [], errors: [messageOf(err)] }));
    if (errors.length) throw failed(errors);
    // Sorted: Pagefind lists its files in the order its threads finish them.
    const write = files
      .filter((f) => !UNUSED.test(f.path))
      .map((f): OutputFile => ({ file: `${INDEX_DIR}/${f.path}`, content: f.content }))
      .sort((a, b) => (a.file < b.file ? -1 : 1));
    const inputs: InputsRecord = { digest, files: write.map((f) => f.file) };
    return { write: [...write, { file: INPUTS_FILE, content: JSON.stringify(inputs) }], link: [] };
  }

  /** Frees the index in Pagefind's service, once nothing added is still being indexed. */
  async dispose(): Promise<void> {
    await Promise.allSettled(this.pending);
    await this.index?.deleteIndex().catch(() => {});
  }

  /**
   * What the index is a function of: every record given to Pagefind (URL, content, language,
   * meta), the options and the files left out, and Pagefind's version (and binary, if overridden).
   */
  private digest(): string {
    const hash = createHash("sha256").update(JSON.stringify([pagefindVersion(), process.env.PAGEFIND_BINARY_PATH ?? "", this.options, UNUSED.source]));
    for (const h of this.hashes.sort()) hash.update(h);
    return hash.digest("base64");
  }

  private async start(): Promise<void> {
    const started = await pagefind.createIndex(this.options).catch((err: unknown) => ({ errors: [messageOf(err)], index: undefined }));
    if (!started.index || started.errors.length) throw failed(started.errors);
    this.index = started.index;
  }

  private feed(record: IndexRecord): void {
    const added = "meta" in record ? this.index!.addCustomRecord(record) : this.index!.addHTMLFile(record);
    this.pending.push(
      added.then(
        (r) => void (r.errors.length && (this.failure ??= r.errors.join("; "))),
        (err: unknown) => void (this.failure ??= messageOf(err)),
      ),
    );
  }
}

/**
 * Each page's front-matter keywords as a record of their own at the page's URL: they name
 * what a page is about in words its prose may never use ("safety" for "Staying Safe and
 * Healthy"). A record of their own rather than text spliced into the page, so they never make
 * the page's excerpt: the search page shows one result per URL, with the page's own excerpt,
 * or its description when only its keywords matched (src/client/search-page.ts).
 */
function keywordRecords(site: Pick<LoadedSite, "manifest" | "content">, language: string): IndexRecord[] {
  const records: IndexRecord[] = [];
    for (const route of site.manifest.routes) {
      const words = route.content ? site.content.markdown.get(route.content)?.frontMatter.keywords : undefined;
      if (!words?.length || route.kind === "search") continue;
      const meta = { title: route.title, [KEYWORDS_META.page]: route.path, [KEYWORDS_META.description]: route.description ?? "" };
      records.push({ url: `${route.path}#keywords`, content: words.join(". "), language, meta });
    }
  return records;
}

/** Every listing of every directory page, each as a result of its own at its card's anchor. */
function listingRecords(site: Pick<LoadedSite, "manifest" | "content">): IndexRecord[] {
  const records: IndexRecord[] = [];
    for (const route of site.manifest.routes) {
      if (route.kind !== "directory" && route.kind !== "resorts") continue;
      for (const item of site.content.listings.get(route.listings)?.items ?? []) {
        // A small document rather than a custom record: its <h1> gives the name the weight of a
        // page title, and the directory's title says where the card is.
        const text = (s: string | undefined) => (s ? escapeUTF8(s) : "");
        const html =
          `<html><body><main><h1>${text(item.name)}</h1>` +
          `<p>${text([item.area, listingTown(item)].filter(Boolean).join(", "))}</p><p>${text(item.description)}</p>` +
          // An attribute, not text: the directory's title is shown with the result, not searched.
          `<span data-pagefind-meta="section:${escapeAttribute(route.title)}"></span></main></body></html>`;
        records.push({ url: `${route.path}#${listingAnchor(item.id)}`, content: html });
      }
    }
  return records;
}


/**
 * The served copy's record of its index, if it has one whose files are all still there, plain
 * files inside its pagefind/ folder (anything else, and the index is simply made again).
 */
function servedInputs(live: string): InputsRecord | undefined {
  try {
    const inputs = JSON.parse(readFileSync(join(live, INPUTS_FILE), "utf8")) as InputsRecord;
    if (typeof inputs.digest !== "string" || !Array.isArray(inputs.files)) return undefined;
    const ours = (f: unknown) => typeof f === "string" && f.startsWith(`${INDEX_DIR}/`) && !f.split("/").includes("..") && lstatSync(join(live, f), { throwIfNoEntry: false })?.isFile();
    return inputs.files.every(ours) ? inputs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's <main> in an otherwise empty document: all Pagefind reads of it (rootSelector), and
 * less than half its bytes. Every message to Pagefind's process is JSON in base64, and on the
 * 4,000-page bench the whole page cost it half as much again as the main alone. The layout
 * (templates/Layout.tsx) writes one <main>, before the content and closed after it, so the first
 * "<main" and the last "</main>" are its own.
 */
export function mainOf(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  return start >= 0 && end > start ? `<html><body>${html.slice(start, end + "</main>".length)}</body></html>` : html;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function failed(errors: string[]): PpgError {
  return new PpgError("SearchIndexFailed", { problems: errors });
}

/** The index of a set of pages already rendered (dev mode keeps its pages in memory). */
export async function indexPages(site: Pick<LoadedSite, "manifest" | "content">, pages: Iterable<RenderedPage>): Promise<OutputFile[]> {
  const search = await SearchIndex.create(site);
  try {
    for (const page of pages) if (indexable(page)) search.addPage(page.route, mainOf(page.html));
    return (await search.files()).write;
  } finally {
    await search.dispose();
  }
}

function hashOf(record: IndexRecord | string): string {
  return createHash("sha1").update(typeof record === "string" ? record : JSON.stringify(record)).digest("base64");
}

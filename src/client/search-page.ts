/**
 * The /search page with scripts: ranked results from the site's Pagefind index for ?q= on load
 * and as the visitor types, each with an excerpt whose matched words are marked. The index
 * (/pagefind/pagefind.js, its WebAssembly and the parts of the index a query needs) loads on the
 * first query only, so the page weighs what it did until one is made. Without scripts, or if the
 * index cannot load, the page lists every article as before (search-page-filter.ts filters it by title).
 */
import { escapeText } from "entities";
import { workerBuild } from "./offline-client.ts";
import { initSearchPage as filterTitles } from "./search-page-filter.ts";

/** The slice of Pagefind's browser API used here (https://pagefind.app/docs/api/). */
interface Pagefind {
  options(options: { ranking?: { pageLength?: number }; metaCacheTag?: string }): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<ResultData> }[] }>;
}
interface ResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** A result as shown: one per page or listing. */
export interface Hit {
  url: string;
  title: string;
  /** Pagefind's excerpt: text in which only <mark> is markup (other `<` come escaped). */
  excerpt: string;
  /** For a listing, the directory page it is on. */
  section?: string;
}

/** Results read per query: a page's keywords record and its own record both count among them. */
const READ = 24;
const SHOWN = 15;
/**
 * How much a long page is marked down against a short one (Pagefind's default 0.75). A listing is
 * a few words and a guide thousands: at 0.4 "beach" puts the beaches guide before a resort that
 * merely has Beach in its name, and "safety" the safety article well before pages that mention it once.
 */
const PAGE_LENGTH = 0.4;
/** Typing pauses shorter than this do not each start a search. */
const DEBOUNCE_MS = 120;

/**
 * Pagefind's results, one per URL. A page's keywords record (src/output/search-index.ts) stands
 * for the page at its own rank, with the page's excerpt when its text matched too, else its description.
 */
export function mergeResults(data: ResultData[]): Hit[] {
  const hits = new Map<string, Hit>();
  const byUrl = new Map(data.filter((d) => !d.meta.keywords_for).map((d) => [d.url, d]));
  for (const d of data) {
    const url = d.meta.keywords_for ?? d.url;
    if (hits.has(url)) continue;
    const own = byUrl.get(url);
    const source = own ?? d;
    hits.set(url, {
      url,
      title: source.meta.title ?? url,
      excerpt: own ? own.excerpt : escapeText(d.meta.description ?? ""),
      section: source.meta.section,
    });
  }
  return [...hits.values()];
}

/** An excerpt as DOM nodes: its text, and <mark> for the matched words; nothing else survives. */
export function excerptNodes(excerpt: string): Node[] {
  // An inert template parses without running or fetching anything.
  const parsed = document.createElement("template");
  parsed.innerHTML = excerpt;
  return Array.from(parsed.content.childNodes, (node) => {
    if (node.nodeName !== "MARK") return document.createTextNode(node.textContent ?? "");
    const mark = document.createElement("mark");
    mark.textContent = node.textContent;
    return mark;
  });
}

export function initFullTextSearch(): void {
  const form = document.getElementById("search-page-form") as HTMLFormElement | null;
  const input = document.getElementById("search-page-input") as HTMLInputElement | null;
  const status = document.getElementById("search-status");
  const hitsList = document.getElementById("search-hits");
  const all = document.getElementById("search-page-results");
  if (!form || !input || !status || !hitsList || !all) {
    filterTitles();
    return;
  }
  const everything = status.textContent ?? "";
  const pageTitle = document.title;
  const siteTitle = pageTitle.replace(/^.*\|\s*/, "");
  let pagefind: Promise<Pagefind> | undefined;
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const showEverything = (message: string) => {
    hitsList.hidden = true;
    hitsList.replaceChildren();
    all.hidden = false;
    status.textContent = message;
  };

  const run = async (query: string) => {
    const ticket = ++latest;
    const q = query.trim();
    const url = new URL(window.location.href);
    if (q) url.searchParams.set("q", q);
    else url.searchParams.delete("q");
    history.replaceState(history.state, "", url);
    document.title = q ? `Search results for “${q}” | ${siteTitle}` : pageTitle;
    if (!q) return showEverything(everything);
    let hits: Hit[];
    try {
      // A variable, so the bundler leaves the index's own script to load from the site.
      const script = "/pagefind/pagefind.js";
      pagefind ??= (import(/* @vite-ignore */ script) as Promise<Pagefind>).then(async (api) => {
        // Under the service worker, the build's id: Pagefind then asks for its entry file at one URL
        // per build (not one per visit), which the worker keeps with the rest of the index.
        const metaCacheTag = await workerBuild();
        await api.options({ ranking: { pageLength: PAGE_LENGTH }, ...(metaCacheTag && { metaCacheTag }) });
        return api;
      });
      const found = await (await pagefind).search(q);
      hits = mergeResults(await Promise.all(found.results.slice(0, READ).map((r) => r.data()))).slice(0, SHOWN);
    } catch {
      // No index (a build with --no-search-index, a host that lost /pagefind/): titles only.
      pagefind = undefined;
      if (ticket === latest) {
        showEverything(everything);
        filterTitles();
      }
      return;
    }
    if (ticket !== latest) return;
    if (hits.length === 0)
      return showEverything(
        `Nothing in the guide matches “${q}”. ` +
          `Check the spelling or try another word; here is everything in the guide:`,
      );
    hitsList.replaceChildren(
      ...hits.map((hit) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = hit.url;
        a.className = "search-hit-title";
        a.textContent = hit.title;
        li.append(a);
        if (hit.section) {
          const where = document.createElement("p");
          where.className = "search-hit-where";
          where.textContent = `Listed in ${hit.section}`;
          li.append(where);
        }
        if (hit.excerpt) {
          const p = document.createElement("p");
          p.className = "search-hit-excerpt";
          p.append(...excerptNodes(hit.excerpt));
          li.append(p);
        }
        return li;
      }),
    );
    hitsList.hidden = false;
    all.hidden = true;
    const best = hits.length === SHOWN ? " best" : "";
    const plural = hits.length === 1 ? "" : "s";
    status.textContent = `${hits.length}${best} result${plural} for “${q}”:`;
  };

  const query = new URLSearchParams(window.location.search).get("q")?.trim() ?? "";
  const header = document.getElementById("search-input") as HTMLInputElement | null;
  if (header && query) header.value = query;
  input.value = query;
  if (query) void run(query);
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), DEBOUNCE_MS);
  });
  // With scripts the results are already on the page: Enter need not reload it.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });
}

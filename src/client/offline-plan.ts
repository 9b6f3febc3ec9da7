/**
 * What the service worker knows of a build, and the pure rules it follows offline: shared by the
 * worker (src/client/sw.ts), the save panel (save-offline.ts) and the build that writes them
 * (src/output/service-worker.ts), so that all three read one shape.
 */
import { expected } from "../core/invariant.ts";

/**
 * One file of the site: its URL path, its revision (its content's digest; null for a
 * content-hashed name), its bytes.
 */
export type OfflineEntry = [url: string, revision: string | null, bytes: number];

/** A page: an entry with its title (as HTML text), which the offline page lists. */
export type OfflinePage = [url: string, revision: string, bytes: number, title: string];

/** A set of pages a reader saves at once: the whole guide, or one menu's pages on a large site. */
export interface OfflinePack {
  name: string;
  label: string;
  /** Indexes into `pages`. */
  pages: number[];
  /** Indexes into `pictures`: the pictures its pages show. */
  pictures: number[];
}

/**
 * /sw-manifest.json: every file a reader can save, each with the revision the build gave it. The
 * service worker fetches it only when the reader asks to save, or to bring saved copies up to date
 * after a deploy: never on a first visit.
 */
export interface OfflineManifest {
  /** The build's id: a digest of everything below. The service worker's caches are named after it. */
  build: string;
  /** Pages, the 404 page (`/404`) among them, at the URLs the site links them by. */
  pages: OfflinePage[];
  /** What every page loads: the stylesheet and the scripts. */
  shell: OfflineEntry[];
  /** The search index (Pagefind's files): saved with every pack. */
  index: OfflineEntry[];
  /** Each picture pages show, at its smallest variant. */
  pictures: OfflineEntry[];
  /** For a photo's variants: the URL stem they share (`/assets/images/beach-3f2a9c1d0e-`) and the variant saved. */
  variants: [string, string][];
  packs: OfflinePack[];
}

/** What sw.js is told of its build, in the line the build writes before the worker's code. */
export interface ServiceWorkerConfig {
  build: string;
  /** The manifest's URL, fetched only to save or to update what is saved. */
  manifest: string;
  /** The stylesheet and scripts every page loads: kept from the first visit on. */
  shell: string[];
  /** Seconds a page waits for the network before the saved copy is shown. */
  timeout: number;
  /** Aliases a host answers with a redirect (`_redirects`): from, to; answered so offline too. */
  redirects: [string, string][];
}

/**
 * What a build's id is the digest of (the first 16 hex digits of its SHA-256): the manifest's entries, the aliases
 * answered offline and the network timeout. The build (output/service-worker.ts) makes the id from it; the worker
 * (sw.ts) checks by it that a manifest it kept is its build's, word for word, before it trusts a revision in it.
 */
export function buildIdText(
  body: Omit<OfflineManifest, "build">,
  redirects: ServiceWorkerConfig["redirects"],
  timeout: number,
): string {
  return JSON.stringify([body, redirects, timeout]);
}

/** The global sw.js sets before the worker's code runs. */
export const CONFIG_GLOBAL = "__ppguideSw";

/** Where a request for a page goes when the network cannot answer. */
export type OfflineAnswer =
  | { kind: "page"; url: string }
  | { kind: "redirect"; to: string; status: 301 | 308 }
  | { kind: "not-found" }
  | { kind: "unsaved" };

/**
 * Answers `path` offline as the host answers it online (src/preview/host-rules.ts, the port of
 * Cloudflare's asset server): an alias's 301, a 308 from `/x/`, `/x.html` or `/x/index.html` to
 * the page's URL, the page itself, or, when the whole site's pages are known (`complete`), the
 * 404 page for any other path. `has` says whether a page's URL is saved or known.
 */
export function answerOffline(
  path: string,
  has: (url: string) => boolean,
  redirects: ReadonlyMap<string, string>,
  complete: boolean,
): OfflineAnswer {
  const alias = redirects.get(path) ?? (path.endsWith("/") ? redirects.get(path.slice(0, -1)) : undefined);
  if (alias !== undefined) return { kind: "redirect", to: alias, status: 301 };
  if (has(path)) return { kind: "page", url: path };
  const candidates: string[] = [];
  if (path.endsWith("/index.html")) {
    const folder = path.slice(0, -"index.html".length);
    candidates.push(folder, folder.slice(0, -1) || "/");
  } else if (path.endsWith(".html")) candidates.push(path.slice(0, -".html".length));
  else if (path.endsWith("/") && path !== "/") candidates.push(path.slice(0, -1));
  else if (!path.endsWith("/")) candidates.push(`${path}/`);
  const to = candidates.find((c) => c !== path && has(c));
  if (to !== undefined) return { kind: "redirect", to, status: 308 };
  return complete ? { kind: "not-found" } : { kind: "unsaved" };
}

/**
 * Whether a file's name carries a digest of its bytes, so that it never changes: everything the
 * build writes under /assets/, and Pagefind's index, fragments, filters and meta files
 * (`en_3f2a9c1d…`). Pagefind's entry file, scripts and WebAssembly keep their names.
 */
export function isHashedPath(path: string): boolean {
  return path.startsWith("/assets/") || /^\/pagefind\/.*(?:\/|\.)[a-z][a-z-]*_[0-9a-f]{6,}[^/]*$/.test(path);
}

/** The URL stem a photo's variants share, or undefined for a URL that is not a variant. */
export function variantStem(path: string): string | undefined {
  return /^(\/assets\/images\/.+-[0-9a-f]{10}-)\d+\.(?:webp|avif)$/.exec(path)?.[1];
}

/**
 * What saving a pack stores, each with its bytes: its pages, the pictures they show (unless left
 * out), the index, the shell.
 */
export function packEntries(manifest: OfflineManifest, pack: OfflinePack, pictures: boolean): OfflineEntry[] {
  // A pack's indexes are the build's, into the lists of the same manifest.
  const pages = pack.pages.map((i): OfflineEntry => {
    const [url, rev, bytes] = expected(manifest.pages[i], `page ${i} of pack ${pack.name}`);
    return [url, rev, bytes];
  });
  const notFound = manifest.pages.find(([url]) => url === "/404");
  return [
    ...manifest.shell,
    ...pages,
    ...(notFound && !pages.some(([url]) => url === "/404")
      ? [[notFound[0], notFound[1], notFound[2]] as OfflineEntry]
      : []),
    ...manifest.index,
    ...(pictures ? pack.pictures.map((i) => expected(manifest.pictures[i], `picture ${i} of pack ${pack.name}`)) : []),
  ];
}

export function totalBytes(entries: readonly OfflineEntry[]): number {
  return entries.reduce((sum, [, , bytes]) => sum + bytes, 0);
}

/** "3.6 MB", "420 kB": decimal units, as phones report storage. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

/** "November 27, 2026": the date a saved copy was fetched, in the reader's own time zone. */
export function savedOn(date: Date): string {
  return date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
}

/**
 * The service worker (/sw.js), bundled on its own by src/assets/bundles.ts; the build writes the
 * line that configures it (src/output/service-worker.ts). Workbox routes each request and runs
 * its caching strategy; this module decides what is kept, for how long, and what a reader sees
 * offline. The rules (README "Offline"):
 *
 * - A first visit downloads nothing more than the page did: what the page already loaded is kept
 *   (the page posts its URLs, Workbox's CACHE_URLS, served from the HTTP cache), then every page
 *   visited and everything it uses. The whole guide is saved only when the reader asks.
 * - Pages go to the network first; after `timeout` seconds, or offline, the saved copy is shown,
 *   with a note saying so and its date. Files with a content hash in their name never change, so
 *   they come from the cache first.
 * - Each build has its own cache, named after its id. A new build's worker fills its cache from the
 *   old ones (what has not changed is copied, what changed is fetched again), then deletes them:
 *   a page never loads another build's stylesheet or scripts, and nothing old stays.
 */
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  answerOffline,
  CONFIG_GLOBAL,
  isHashedPath,
  type OfflineEntry,
  type OfflineManifest,
  packEntries,
  type ServiceWorkerConfig,
  savedOn,
  totalBytes,
  variantStem,
} from "./offline-plan.ts";
import { offlinePageHtml, pageTitle, withSavedNote } from "./offline-page.ts";

/** The slice of the ServiceWorkerGlobalScope used here (the DOM library, which the project compiles with, lacks it). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  navigator: Navigator & { connection?: { saveData?: boolean } };
}

const scope = self as unknown as WorkerScope;
const config = (self as unknown as Record<string, ServiceWorkerConfig>)[CONFIG_GLOBAL];
const PREFIX = "ppguide-build-";
const CACHE = `${PREFIX}${config.build}`;
/** Kept in each build's cache: the manifest of a saved build, and what the reader saved. */
const MANIFEST_KEY = "/__ppguide/manifest";
const SAVED_KEY = "/__ppguide/saved";
/** Response headers a kept copy carries: its revision (when known) and when it was fetched. */
const REVISION = "x-ppguide-revision";
const FETCHED = "x-ppguide-fetched";
const redirects = new Map(config.redirects);

interface Saved {
  packs: string[];
  pictures: boolean;
}

// --- What is kept, and how it is found again -------------------------------------------------

/**
 * A copy to keep: its bytes, when it was fetched, and its revision when its bytes have the one
 * `expected` (the same digest the build gives, output/service-worker.ts). `same`: they do, or the
 * file's name is hashed (`expected` null). A copy never carries a revision it does not have, so
 * an update that copies what did not change never keeps another build's bytes.
 */
async function kept(
  response: Response,
  expected: string | null | undefined,
): Promise<{ copy: Response; same: boolean }> {
  const body = await response.arrayBuffer();
  const same = expected === null || (expected !== undefined && (await digest(body)) === expected);
  const headers = new Headers(response.headers);
  headers.set(FETCHED, new Date().toISOString());
  if (expected && same) headers.set(REVISION, expected);
  else headers.delete(REVISION);
  return { copy: new Response(body, { status: response.status, statusText: response.statusText, headers }), same };
}

/** SHA-256, base64, 22 characters: contentHash in src/engine/render-pages.ts. */
async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return btoa(String.fromCharCode(...hash)).slice(0, 22);
}

/** One key per file: Pagefind asks for its entry file with `?ts=`, the search page with `?q=`. */
function keyOf(url: string): string {
  const u = new URL(url);
  return u.origin + u.pathname;
}

let savedManifest: Promise<OfflineManifest | undefined> | undefined;
/** The manifest of this build, when the reader saved a pack of it (it tells every page, alias and revision). */
function manifestOfSaved(): Promise<OfflineManifest | undefined> {
  savedManifest ??= caches
    .open(CACHE)
    .then((cache) => cache.match(MANIFEST_KEY))
    .then((r) => (r ? (r.json() as Promise<OfflineManifest>) : undefined))
    .catch(() => undefined);
  return savedManifest;
}

const revisions = new WeakMap<OfflineManifest, Map<string, string | null>>();
/** A file's revision in the saved build's manifest; undefined when nothing is saved, or it is not listed. */
async function revisionOf(path: string): Promise<string | null | undefined> {
  const manifest = await manifestOfSaved();
  if (!manifest) return undefined;
  let byUrl = revisions.get(manifest);
  if (!byUrl) {
    byUrl = new Map(
      [...manifest.pages, ...manifest.shell, ...manifest.index, ...manifest.pictures].map(([u, r]) => [u, r]),
    );
    revisions.set(manifest, byUrl);
  }
  return byUrl.get(path);
}

const keepPlugin = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => keyOf(request.url),
  // Only whole answers of this site, never a redirect: an alias's copy would show another page at its URL.
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.type === "basic" && !response.redirected
      ? (await kept(response, await revisionOf(new URL(response.url).pathname))).copy
      : null,
};

const notePlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) =>
    cachedResponse ? noted(cachedResponse) : cachedResponse,
};

/** A saved page, saying on itself that it is one, and from when. */
async function noted(response: Response, status = response.status): Promise<Response> {
  const at = response.headers.get(FETCHED);
  const html = withSavedNote(await response.text(), savedOn(at ? new Date(at) : new Date()));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(html, { status, headers });
}

const pages = new NetworkFirst({
  cacheName: CACHE,
  networkTimeoutSeconds: config.timeout,
  plugins: [keepPlugin, notePlugin],
});
const hashed = new CacheFirst({ cacheName: CACHE, plugins: [keepPlugin] });
const files = new NetworkFirst({
  cacheName: CACHE,
  networkTimeoutSeconds: config.timeout,
  plugins: [keepPlugin],
});

// --- Routes ---------------------------------------------------------------------------------------

const router = new Router();
const sameSite = (url: URL) => url.origin === location.origin && !url.pathname.startsWith("/__ppguide/");
/** A page: a navigation, or (from CACHE_URLS) a path without a file extension. */
const isPage = (url: URL, request: Request) =>
  request.mode === "navigate" || (!/\.[\w-]+$/.test(url.pathname) && !url.pathname.startsWith("/pagefind/"));
router.registerRoute(
  new Route(
    ({ url, request }) => sameSite(url) && request.method === "GET" && isPage(url, request),
    async ({ request, event, url }) => {
      try {
        return await pages.handle({ request, event: event as never });
      } catch {
        return offlineAnswer(url);
      }
    },
  ),
);
router.registerRoute(
  new Route(
    ({ url, request }) => sameSite(url) && request.method === "GET" && isHashedPath(url.pathname),
    async ({ request, event, url }) => {
      try {
        return await hashed.handle({ request, event: event as never });
      } catch (err) {
        // A photo shown at a width that was not kept: the variant saved for it, any width.
        const saved = await savedVariant(url.pathname);
        if (saved) return saved;
        throw err;
      }
    },
  ),
);
router.registerRoute(
  new Route(
    ({ url, request }) => sameSite(url) && request.method === "GET" && url.pathname !== "/sw.js",
    ({ request, event }) => files.handle({ request, event: event as never }),
  ),
);
router.addFetchListener();
router.addCacheListener();

async function savedVariant(path: string): Promise<Response | undefined> {
  const stem = variantStem(path);
  if (!stem) return undefined;
  const cache = await caches.open(CACHE);
  const manifest = await manifestOfSaved();
  const saved = manifest?.variants.find(([s]) => s === stem)?.[1];
  if (saved) return (await cache.match(saved)) ?? undefined;
  for (const key of await cache.keys()) if (new URL(key.url).pathname.startsWith(stem)) return cache.match(key);
  return undefined;
}

/** What a page the network cannot give is answered with: as the host would, from what is kept. */
async function offlineAnswer(url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  const manifest = await manifestOfSaved();
  const kept = await keptPages(cache);
  const known = new Set([...kept.keys(), ...(manifest?.pages.map(([u]) => u) ?? [])]);
  const answer = answerOffline(url.pathname, (u) => known.has(u), redirects, manifest !== undefined);
  if (answer.kind === "redirect") return Response.redirect(new URL(answer.to, url).href, answer.status);
  if (answer.kind === "page" && kept.has(answer.url)) {
    const copy = await cache.match(answer.url);
    if (copy) return noted(copy, answer.url === "/404" ? 404 : 200);
  }
  if (answer.kind === "not-found") {
    const notFound = await cache.match("/404");
    if (notFound) return noted(notFound, 404);
  }
  return offlinePage(cache, kept, manifest);
}

/** The pages kept in `cache`, by URL. */
async function keptPages(cache: Cache): Promise<Map<string, Request>> {
  const kept = new Map<string, Request>();
  for (const request of await cache.keys()) {
    const u = new URL(request.url);
    if (isPage(u, request) && !u.pathname.startsWith("/__ppguide/")) kept.set(u.pathname, request);
  }
  return kept;
}

/** The page shown for a page that is not kept: made from a kept page's layout, listing every kept page. */
async function offlinePage(
  cache: Cache,
  kept: Map<string, Request>,
  manifest: OfflineManifest | undefined,
): Promise<Response> {
  const titles = new Map(manifest?.pages.map(([u, , , title]) => [u, title]));
  const list: { url: string; title: string }[] = [];
  let layout: string | undefined;
  for (const [url, request] of kept) {
    if (url === "/404") continue;
    const known = titles.get(url);
    if (known !== undefined && layout !== undefined) {
      list.push({ url, title: known });
      continue;
    }
    const html = (await (await cache.match(request))?.text()) ?? "";
    layout ??= html;
    list.push({ url, title: known ?? pageTitle(html) ?? url });
  }
  list.sort((a, b) => a.title.localeCompare(b.title, "en"));
  const notFound = await cache.match("/404");
  const base = notFound ? await notFound.text() : layout;
  return new Response(offlinePageHtml(base, list), {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

// --- Install, update, save -----------------------------------------------------------------------

/** This build's caches first, then older builds' (newest last: caches.keys() keeps creation order). */
async function olderCaches(): Promise<string[]> {
  return (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE).reverse();
}

async function fetchManifest(): Promise<OfflineManifest> {
  const response = await fetch(config.manifest, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${config.manifest}: ${response.status}`);
  const manifest = (await response.json()) as OfflineManifest;
  // Deployed again since this worker was: only the next worker can save that build.
  if (manifest.build !== config.build) throw new StaleBuild();
  return manifest;
}

class StaleBuild extends Error {}

/**
 * Puts each entry in `cache` at its revision: kept already, copied from an older build's cache
 * when that holds the same revision (or the file's name is hashed), else fetched. `done` is told
 * each file's bytes.
 */
async function fill(
  cache: Cache,
  entries: readonly OfflineEntry[],
  older: readonly Cache[],
  done: (bytes: number) => void = () => {},
): Promise<void> {
  const queue = [...entries];
  const same = (r: Response | undefined, rev: string | null) =>
    r !== undefined && (rev === null || r.headers.get(REVISION) === rev);
  const one = async ([url, rev, bytes]: OfflineEntry) => {
    if (!same(await cache.match(url), rev)) {
      let copy: Response | undefined;
      for (const old of older) {
        const r = await old.match(url);
        if (same(r, rev)) {
          copy = r;
          break;
        }
      }
      if (copy) await cache.put(url, copy);
      else {
        // A file whose name stays (a page, a picture of public/) is checked with the host: the
        // HTTP cache may hold the previous build's bytes for a day.
        const response = await fetch(url, { cache: rev === null ? "default" : "no-cache", redirect: "follow" });
        // The 404 page answers with its status; everything else must be there.
        if (!response.ok && !(url === "/404" && response.status === 404)) throw new Error(`${url}: ${response.status}`);
        const { copy, same } = await kept(response, rev);
        // The host already serves another build: only that build's worker may save it.
        if (!same) throw new StaleBuild();
        await cache.put(url, copy);
      }
    }
    done(bytes);
  };
  const workers = Array.from({ length: 6 }, async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await one(entry);
  });
  await Promise.all(workers);
}

/**
 * What an older build's cache held that this build still has, at this build's revisions: pages
 * and files unchanged are copied, changed ones fetched again, the rest (another build's
 * stylesheet, a page since removed) left to go with the old cache.
 */
function carried(manifest: OfflineManifest, keys: readonly string[]): OfflineEntry[] {
  const all = new Map<string, OfflineEntry>();
  for (const [url, rev, bytes] of [...manifest.pages, ...manifest.shell, ...manifest.index, ...manifest.pictures])
    all.set(url, [url, rev, bytes]);
  const stems = new Set(manifest.variants.map(([stem]) => stem));
  return keys.flatMap((key): OfflineEntry[] => {
    const entry = all.get(key);
    if (entry) return [entry];
    // A photo kept at another width: its name is hashed, so it is still this build's.
    const stem = variantStem(key);
    return stem && stems.has(stem) ? [[key, null, 0]] : [];
  });
}

async function readSaved(cache: Cache): Promise<Saved | undefined> {
  const r = await cache.match(SAVED_KEY);
  return r ? ((await r.json()) as Saved) : undefined;
}

async function markSaved(cache: Cache, manifest: OfflineManifest, saved: Saved): Promise<void> {
  await cache.put(
    MANIFEST_KEY,
    new Response(JSON.stringify(manifest), { headers: { "content-type": "application/json" } }),
  );
  await cache.put(SAVED_KEY, new Response(JSON.stringify(saved), { headers: { "content-type": "application/json" } }));
  savedManifest = Promise.resolve(manifest);
}

function packsOf(manifest: OfflineManifest, names: readonly string[]) {
  return manifest.packs.filter((p) => names.includes(p.name));
}

scope.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const older = await Promise.all((await olderCaches()).map((name) => caches.open(name)));
      await fill(
        cache,
        config.shell.map((url): OfflineEntry => [url, null, 0]),
        older,
      );
      if (older.length) {
        // A new build over what an older one kept: bring every kept copy up to this build, with
        // every page's scripts (a kept page of the new build names the new ones).
        const manifest = await fetchManifest();
        await fill(cache, manifest.shell, older);
        const keys = new Set<string>();
        for (const old of older) for (const r of await old.keys()) keys.add(new URL(r.url).pathname);
        await fill(cache, carried(manifest, [...keys]), older);
        const saved = (await Promise.all(older.map(readSaved))).find((s) => s !== undefined);
        if (saved) {
          // Save-Data asked for no pictures at save time; a saved pack keeps what it was saved with.
          for (const pack of packsOf(manifest, saved.packs))
            await fill(cache, packEntries(manifest, pack, saved.pictures), older);
          await markSaved(cache, manifest, saved);
        }
      }
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Everything an older build kept that is still good was copied at install: nothing saved needs them now.
      for (const name of await olderCaches()) await caches.delete(name);
      await scope.clients.claim();
    })(),
  );
});

/** The page's questions: this build's id (Pagefind's metaCacheTag), what saving would store, and to save it. */
type Question =
  | { type: "ppguide:build" }
  | { type: "ppguide:plan" }
  | { type: "ppguide:save"; pack: string; pictures: boolean };

scope.addEventListener("message", (event) => {
  const question = event.data as Question | undefined;
  const port = event.ports[0];
  if (!question || !port || typeof question.type !== "string" || !question.type.startsWith("ppguide:")) return;
  const reply = (message: unknown) => port.postMessage(message);
  const work = answer(question, reply).catch((err: unknown) =>
    reply({
      type: "failed",
      stale: err instanceof StaleBuild,
      reason: err instanceof Error ? err.message : String(err),
    }),
  );
  event.waitUntil(work);
});

async function answer(question: Question, reply: (message: unknown) => void): Promise<void> {
  if (question.type === "ppguide:build") return reply({ type: "build", build: config.build });
  const cache = await caches.open(CACHE);
  let manifest: OfflineManifest;
  try {
    manifest = await fetchManifest();
  } catch (err) {
    if (err instanceof StaleBuild) void scope.registration.update();
    throw err;
  }
  const saved = await readSaved(cache);
  if (question.type === "ppguide:plan")
    return reply({
      type: "plan",
      saved: saved ?? null,
      packs: manifest.packs.map((pack) => ({
        name: pack.name,
        label: pack.label,
        pages: pack.pages.length,
        bytes: totalBytes(packEntries(manifest, pack, true)),
        textBytes: totalBytes(packEntries(manifest, pack, false)),
      })),
    });
  const pack = manifest.packs.find((p) => p.name === question.pack);
  if (!pack) throw new Error(`no pack named ${question.pack}`);
  const entries = packEntries(manifest, pack, question.pictures);
  const total = totalBytes(entries);
  let bytes = 0;
  let files = 0;
  let last = 0;
  await fill(cache, entries, [], (b) => {
    bytes += b;
    files++;
    // A message a few times a second is plenty for a progress bar.
    if (Date.now() - last > 150 || files === entries.length) {
      last = Date.now();
      reply({ type: "progress", bytes, total, files, count: entries.length });
    }
  });
  const packs = new Set([...(saved?.packs ?? []), pack.name]);
  await markSaved(cache, manifest, { packs: [...packs], pictures: question.pictures || (saved?.pictures ?? false) });
  reply({ type: "saved", bytes: total });
}

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
import {
  carried,
  FETCHED,
  fetchManifest,
  fill,
  kept,
  MANIFEST_KEY,
  markSaved,
  forgetSaved,
  intact,
  isBuildManifest,
  olderCaches,
  packsOf,
  PREFIX,
  readSaved,
  StaleBuild,
} from "./sw-store.ts";

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
const config = (self as unknown as { [CONFIG_GLOBAL]: ServiceWorkerConfig })[CONFIG_GLOBAL];
const CACHE = `${PREFIX}${config.build}`;
const redirects = new Map(config.redirects);

function keyOf(url: string): string {
  const u = new URL(url);
  return u.origin + u.pathname;
}

let savedManifest: Promise<OfflineManifest | undefined> | undefined;
/**
 * The manifest of this build, when the reader saved a pack of it (it tells every page, alias and revision), and it
 * is this build's word for word (sw-store.ts isBuildManifest). One that is not was rewritten: it is dropped, with
 * what it says was saved and every copy saved by it, whose revision can no longer be known (forgetSaved).
 */
function manifestOfSaved(): Promise<OfflineManifest | undefined> {
  savedManifest ??= (async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(MANIFEST_KEY);
    if (!kept) return undefined;
    const manifest = (await kept.json()) as OfflineManifest;
    if (await isBuildManifest(manifest, config)) return manifest;
    await forgetSaved(cache);
    return undefined;
  })().catch(() => undefined);
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

/**
 * A kept copy, once its bytes are known to be its revision's (sw-store.ts intact); one that is not is deleted, never
 * shown, and the network is asked again: Workbox's network-first strategy goes on waiting for the network's answer,
 * which it keeps in its place. Offline, the page is answered as one not kept.
 */
async function checked(url: string, copy: Response | undefined): Promise<Response | undefined> {
  if (!copy) return undefined;
  const key = keyOf(new URL(url, location.origin).href);
  const expected = await revisionOf(new URL(key).pathname);
  const cache = await caches.open(CACHE);
  // Reading the manifest may have found it rewritten, and dropped the copies it vouched for (forgetSaved).
  if ((await cache.match(key)) && (await intact(copy, expected))) return copy;
  await cache.delete(key);
  return undefined;
}

/** A kept copy from the cache, checked. */
async function savedCopy(cache: Cache, url: string): Promise<Response | undefined> {
  return checked(url, await cache.match(url));
}

const checkPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }: { cachedResponse?: Response; request: Request }) =>
    (await checked(request.url, cachedResponse)) ?? null,
};

const notePlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }) =>
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
  plugins: [keepPlugin, checkPlugin, notePlugin],
});
const hashed = new CacheFirst({ cacheName: CACHE, plugins: [keepPlugin] });
const files = new NetworkFirst({
  cacheName: CACHE,
  networkTimeoutSeconds: config.timeout,
  plugins: [keepPlugin, checkPlugin],
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
    const copy = await savedCopy(cache, answer.url);
    if (copy) return noted(copy, answer.url === "/404" ? 404 : 200);
  }
  if (answer.kind === "not-found") {
    const notFound = await savedCopy(cache, "/404");
    if (notFound) return noted(notFound, 404);
  }
  return offlinePage(cache, await keptPages(cache), manifest);
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
    // Its layout and title are read only from a copy that is intact.
    const copy = await checked(request.url, await cache.match(request));
    if (!copy) continue;
    const html = await copy.text();
    layout ??= html;
    list.push({ url, title: known ?? pageTitle(html) ?? url });
  }
  list.sort((a, b) => a.title.localeCompare(b.title, "en"));
  const notFound = await savedCopy(cache, "/404");
  const base = notFound ? await notFound.text() : layout;
  return new Response(offlinePageHtml(base, list), {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

scope.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const older = await Promise.all((await olderCaches(CACHE)).map((name) => caches.open(name)));
      await fill(
        cache,
        config.shell.map((url): OfflineEntry => [url, null, 0]),
        older,
      );
      if (older.length) {
        // A new build over what an older one kept: bring every kept copy up to this build, with
        // every page's scripts (a kept page of the new build names the new ones).
        const manifest = await fetchManifest(config);
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
          savedManifest = Promise.resolve(manifest);
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
      for (const name of await olderCaches(CACHE)) await caches.delete(name);
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
    manifest = await fetchManifest(config);
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
  savedManifest = Promise.resolve(manifest);
  reply({ type: "saved", bytes: total });
}

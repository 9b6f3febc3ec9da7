/**
 * The page's side of the service worker (src/client/sw.ts): registering it, handing it what the
 * first page already loaded, and asking it questions over a MessageChannel.
 *
 * A page names its worker in `<html data-service-worker="/sw.js">` (templates/Layout.tsx, when
 * site.offline is set). `ppguide dev` removes that attribute before this runs, and unregisters any
 * worker a `ppguide preview` of the same origin left (src/dev/client.ts): dev serves live pages.
 */

export function registerServiceWorker(): void {
  const url = document.documentElement.dataset.serviceWorker;
  if (!url || !("serviceWorker" in navigator)) return;
  const controlled = Boolean(navigator.serviceWorker.controller);
  // After the page's own requests, so registering never competes with them.
  const register = () =>
    navigator.serviceWorker
      .register(url)
      .then(() => (controlled ? undefined : keepWhatThisPageLoaded()))
      .catch(() => {});
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/**
 * On the visit that installs the worker, the page loaded before the worker could see it: hand it
 * the page's URL and every file of this site it fetched (Workbox's CACHE_URLS), which it keeps.
 * `force-cache` takes each from the HTTP cache, where the page's own load just put it: nothing is
 * downloaded twice, not even the page, which hosts mark to revalidate.
 */
async function keepWhatThisPageLoaded(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const urls = [
    location.href,
    ...performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(location.origin)),
  ];
  const urlsToCache = [...new Set(urls)].map((url) => [url, { cache: "force-cache" }]);
  registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } });
}

/**
 * Asks the active worker `message`; every reply goes to `onReply` until it returns true (the last
 * one). Rejects after `timeout` ms without a reply, or when no worker is there.
 */
export async function askWorker(
  message: { type: string } & Record<string, unknown>,
  onReply: (reply: WorkerReply) => boolean,
  timeout = 30_000,
): Promise<void> {
  if (!("serviceWorker" in navigator)) throw new Error("no service worker");
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) throw new Error("no active service worker");
  const channel = new MessageChannel();
  await new Promise<void>((resolve, reject) => {
    let timer = setTimeout(() => reject(new Error("the service worker did not answer")), timeout);
    channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
      clearTimeout(timer);
      if (event.data.type === "failed") return reject(Object.assign(new Error(event.data.reason), event.data));
      if (onReply(event.data)) resolve();
      else timer = setTimeout(() => reject(new Error("the service worker stopped answering")), timeout);
    };
    worker.postMessage(message, [channel.port2]);
  }).finally(() => channel.port1.close());
}

/** The build id of the worker in charge of this page, or null: Pagefind's metaCacheTag. */
export async function workerBuild(): Promise<string | null> {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return null;
  let build: string | null = null;
  await askWorker(
    { type: "ppguide:build" },
    (reply) => {
      if (reply.type === "build") build = reply.build;
      return true;
    },
    1000,
  ).catch(() => {});
  return build;
}

export interface PlannedPack {
  name: string;
  label: string;
  pages: number;
  /** What saving it stores, in bytes: its pages, the search index and the pictures its pages show. */
  bytes: number;
  /** The same without the pictures. */
  textBytes: number;
}

export type WorkerReply =
  | { type: "build"; build: string }
  | { type: "plan"; saved: { packs: string[]; pictures: boolean } | null; packs: PlannedPack[] }
  | { type: "progress"; bytes: number; total: number; files: number; count: number }
  | { type: "saved"; bytes: number }
  | { type: "failed"; reason: string; stale: boolean };

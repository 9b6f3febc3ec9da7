/**
 * What the service worker (sw.ts) stores and how: each build's cache, filled with copies that
 * carry their revision and the time they were fetched; the manifest of a build; what a reader
 * saved; and the fill that copies from an older build's cache what did not change and fetches
 * the rest, refusing another build's bytes.
 */
import {
  buildIdText,
  type OfflineEntry,
  type OfflineManifest,
  type ServiceWorkerConfig,
  variantStem,
} from "./offline-plan.ts";

/** Each build's cache is this and the build's id. */
export const PREFIX = "ppguide-build-";
/** Kept in each build's cache: the manifest of a saved build, and what the reader saved. */
export const MANIFEST_KEY = "/__ppguide/manifest";
const SAVED_KEY = "/__ppguide/saved";
/** Response headers a kept copy carries: its revision (when known) and when it was fetched. */
const REVISION = "x-ppguide-revision";
export const FETCHED = "x-ppguide-fetched";

export interface Saved {
  packs: string[];
  pictures: boolean;
}

/**
 * A copy to keep: its bytes, when it was fetched, and its revision when its bytes have the one
 * `expected` (the same digest the build gives, output/service-worker.ts). `same`: they do, or the
 * file's name is hashed (`expected` null). A copy never carries a revision it does not have, so
 * an update that copies what did not change never keeps another build's bytes.
 */
export async function kept(
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

/**
 * Whether a kept copy holds the bytes of its revision: `expected`, the revision the manifest gives its URL, or else
 * the one the copy carries (a copy with neither, kept from a visit with nothing saved, has nothing to be held to).
 * Anything with script on the origin can rewrite CacheStorage; a copy that fails is never shown.
 */
export async function intact(copy: Response, expected: string | null | undefined): Promise<boolean> {
  const revision = typeof expected === "string" ? expected : copy.headers.get(REVISION);
  return !revision || (await digest(await copy.clone().arrayBuffer())) === revision;
}

/**
 * Whether a manifest kept in the cache is this build's, word for word: the build's id is a digest of it
 * (offline-plan.ts buildIdText), so one rewritten in CacheStorage to vouch for a rewritten copy is refused.
 */
export async function isBuildManifest(manifest: OfflineManifest, config: ServiceWorkerConfig): Promise<boolean> {
  const { build, ...body } = manifest;
  if (build !== config.build) return false;
  const text = new TextEncoder().encode(buildIdText(body, config.redirects, config.timeout));
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", text));
  return [...hash.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("") === config.build;
}

/** SHA-256, base64, 22 characters: digest() in src/core/digest.ts. */
export async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return btoa(String.fromCharCode(...hash)).slice(0, 22);
}

/** One key per file: Pagefind asks for its entry file with `?ts=`, the search page with `?q=`. */

/** This build's caches first, then older builds' (newest last: caches.keys() keeps creation order). */
export async function olderCaches(current: string): Promise<string[]> {
  return (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== current).reverse();
}

export async function fetchManifest(config: ServiceWorkerConfig): Promise<OfflineManifest> {
  const response = await fetch(config.manifest, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${config.manifest}: ${response.status}`);
  const manifest = (await response.json()) as OfflineManifest;
  // Deployed again since this worker was: only the next worker can save that build.
  if (manifest.build !== config.build) throw new StaleBuild();
  return manifest;
}

export class StaleBuild extends Error {}

/**
 * Puts each entry in `cache` at its revision: kept already, copied from an older build's cache
 * when that holds the same revision (or the file's name is hashed), else fetched. `done` is told
 * each file's bytes.
 */
export async function fill(
  cache: Cache,
  entries: readonly OfflineEntry[],
  older: readonly Cache[],
  done: (bytes: number) => void = () => {},
): Promise<void> {
  const queue = [...entries];
  // A copy at its revision by its bytes, not by what it says of itself: a rewritten one is fetched again.
  const same = async (r: Response | undefined, rev: string | null) =>
    r !== undefined && (rev === null || (r.headers.get(REVISION) === rev && (await intact(r, rev))));
  const one = async ([url, rev, bytes]: OfflineEntry) => {
    if (!(await same(await cache.match(url), rev))) {
      let copy: Response | undefined;
      for (const old of older) {
        const r = await old.match(url);
        if (await same(r, rev)) {
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
export function carried(manifest: OfflineManifest, keys: readonly string[]): OfflineEntry[] {
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

export async function readSaved(cache: Cache): Promise<Saved | undefined> {
  const r = await cache.match(SAVED_KEY);
  return r ? ((await r.json()) as Saved) : undefined;
}

export async function markSaved(cache: Cache, manifest: OfflineManifest, saved: Saved): Promise<void> {
  await cache.put(
    MANIFEST_KEY,
    new Response(JSON.stringify(manifest), { headers: { "content-type": "application/json" } }),
  );
  await cache.put(SAVED_KEY, new Response(JSON.stringify(saved), { headers: { "content-type": "application/json" } }));
}

/**
 * Drops what the reader saved: its manifest, the packs, and every copy saved with a revision, which nothing can
 * vouch for without the manifest. Copies kept from visits stay.
 */
export async function forgetSaved(cache: Cache): Promise<void> {
  for (const request of await cache.keys()) {
    const copy = await cache.match(request);
    if (copy?.headers.has(REVISION)) await cache.delete(request);
  }
  await cache.delete(MANIFEST_KEY);
  await cache.delete(SAVED_KEY);
}

export function packsOf(manifest: OfflineManifest, names: readonly string[]) {
  return manifest.packs.filter((p) => names.includes(p.name));
}

/**
 * Builds the real site once per test run into a folder of the run and serves it on 127.0.0.1 with `ppguide preview`'s
 * server, as a static host would: clean URLs (/sosua-resorts → sosua-resorts.html),
 * _redirects, _headers and 404.html for the rest.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteCache } from "../../src/core/disk-cache.ts";
import { build } from "../../src/engine/build.ts";
import type { BuiltPage } from "../../src/engine/build-state.ts";
import { startPreview } from "../../src/preview/server.ts";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { isolatedContext, launchChromium } from "./browser.ts";

export const SITE_ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

export interface BuiltSite {
  dir: string;
  /** Every page, with the HTML as written to disk. */
  pages: Required<BuiltPage>[];
}

let built: Promise<BuiltSite> | undefined;

/**
 * The project's site built into a folder of the run, as `ppguide build` does, with its pages read
 * back: once per run, by the first worker to ask (runOnce), and shared by every suite that serves or
 * reads it, which only reads it. Its build fills the guide's image cache too, which the suites that
 * build a copy of the guide restore (restoreGuideImages).
 */
export function buildSite(): Promise<BuiltSite> {
  built ??= (async () => {
    const dir = await runOnce("built-guide", async (folder) => {
      const result = await build({ root: SITE_ROOT, out: join(folder, "out") });
      await writeFile(join(folder, "pages.json"), JSON.stringify(result.pages));
    });
    const out = join(dir, "out");
    const listed = JSON.parse(await readFile(join(dir, "pages.json"), "utf8")) as BuiltPage[];
    const pages = await Promise.all(
      listed.map(async (p) => ({ ...p, html: await readFile(join(out, p.file), "utf8") })),
    );
    return { dir: out, pages };
  })();
  return built;
}

/**
 * Gives a copy of the guide at `root` the guide's image cache, once the shared build has filled it, as
 * a runner restores its cache: the copy's build encodes no photo again.
 */
export async function restoreGuideImages(root: string): Promise<void> {
  await buildSite();
  await cp(siteCache(SITE_ROOT, "images"), siteCache(root, "images"), { recursive: true });
}

/**
 * `make` run once in the whole test run, whichever worker asks first, in a folder of the run's
 * (test/helpers/private-caches.ts): that worker makes the folder, which no other can, and marks it
 * done; the others wait for the mark. A failure is marked too, and every worker fails with it.
 * Without a run's folder (a helper used outside vitest), once in this process.
 */
async function runOnce(name: string, make: (folder: string) => Promise<void>): Promise<string> {
  const run = process.env.PPGUIDE_TEST_RUN ?? (await mkdtemp(join(tmpdir(), "ppguide-once-")));
  const folder = join(run, name);
  const [done, failed] = [join(folder, ".done"), join(folder, ".failed")];
  const ours = await mkdir(folder).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === "EEXIST") return false;
      throw err;
    },
  );
  if (ours) {
    try {
      await make(folder);
    } catch (err) {
      await writeFile(failed, String((err as Error)?.stack ?? err));
      throw err;
    }
    await writeFile(done, "");
    return folder;
  }
  for (;;) {
    if (existsSync(done)) return folder;
    if (existsSync(failed))
      throw new Error(`${name}, made by another worker, failed:\n${await readFile(failed, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** The built site as `ppguide preview` serves it: clean URLs, _redirects, _headers, 404.html with status 404. */
export async function serve(dir: string): Promise<StaticServer> {
  const preview = await startPreview({ dir, port: 0, host: "127.0.0.1" });
  return { origin: preview.url, close: () => preview.close() };
}

export interface ChromiumOnSite {
  browser: Browser;
  context: BrowserContext;
  origin: string;
}

/**
 * For the describe block it is called in: the built site served as preview serves it, Chromium,
 * and one isolated context, started before its tests and closed after them. The fields are set
 * once its beforeAll has run.
 */
export function chromiumOnSite(dir: string): ChromiumOnSite {
  const env = {} as ChromiumOnSite;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    let browser: Browser;
    [server, browser] = await Promise.all([serve(dir), launchChromium()]);
    Object.assign(env, { browser, origin: server.origin, context: await isolatedContext(browser, server.origin) });
  });
  afterAll(async () => {
    await env.browser?.close();
    await server?.close();
  });
  return env;
}

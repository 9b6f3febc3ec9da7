/**
 * Builds the real site once per test worker into a temp folder and serves it on 127.0.0.1 with `ppguide preview`'s
 * server, as a static host would: clean URLs (/sosua-resorts → sosua-resorts.html),
 * _redirects, _headers and 404.html for the rest.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
 * The project's site built into a temp folder, as `ppguide build` does, with its pages read back:
 * once per test worker, and shared by every suite that serves it, which only reads it. The folder
 * is in the run's cache folder (test/helpers/private-caches.ts), removed when the run ends.
 */
export function buildSite(): Promise<BuiltSite> {
  built ??= (async () => {
    const out = join(await mkdtemp(join(process.env.PPGUIDE_CACHE_DIR ?? tmpdir(), "built-guide-")), "out");
    const result = await build({ root: SITE_ROOT, out });
    const pages = await Promise.all(
      result.pages.map(async (p) => ({ ...p, html: await readFile(join(out, p.file), "utf8") })),
    );
    return { dir: out, pages };
  })();
  return built;
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

/**
 * Full-page screenshots of the built site at phone and desktop widths, for a designer to look at.
 *
 *   npx tsx scripts/screenshots.ts [outdir] [--dist dir]
 *
 * Serves dist/ (or --dist) on 127.0.0.1 with a tiny static server, opens Debian's Chromium through
 * playwright-core, refuses every request that is not to that server (no third-party scripts,
 * fonts or trackers), and writes <page>-<width>.png into outdir (default /tmp/shots: never the repo).
 */
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { launchChromium } from "../test/helpers/browser.ts";

const PAGES: [name: string, path: string][] = [
  ["home", "/"],
  ["article", "/paseo-dona-blanca-puerto-plata"],
  ["recipe", "/dominican-arepa-dulce-recipe"],
  ["directory", "/bakeries-puerto-plata"],
  ["resorts", "/puerto-plata-resorts"],
  ["videos", "/videos-puerto-plata"],
];
const WIDTHS = [390, 1366];

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

/** Clean URLs as the static hosts serve them: /a-page → /a-page/index.html; unknown → 404.html. */
function resolveFile(dist: string, urlPath: string): string | undefined {
  const path = normalize(decodeURIComponent(urlPath.split(/[?#]/)[0] ?? "")).replace(/^(\.\.[/\\])+/, "");
  const base = join(dist, path);
  if (!base.startsWith(dist)) return undefined;
  for (const candidate of [base, join(base, "index.html"), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function serve(dist: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const file = resolveFile(dist, req.url ?? "/");
    const notFound = join(dist, "404.html");
    const target = file ?? (existsSync(notFound) ? notFound : undefined);
    if (!target) {
      res.writeHead(404).end("Not found");
      return;
    }
    res.writeHead(file ? 200 : 404, { "content-type": TYPES[extname(target)] ?? "application/octet-stream" });
    res.end(await readFile(target));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const distFlag = args.indexOf("--dist");
  const dist = resolve((distFlag >= 0 ? args.splice(distFlag, 2)[1] : undefined) ?? "dist");
  const outDir = resolve(args[0] ?? "/tmp/shots");
  if (!existsSync(join(dist, "index.html")))
    throw new Error(`${dist} has no index.html: build the site first (./bin/ppguide build).`);
  await mkdir(outDir, { recursive: true });

  const server = await serve(dist);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const blocked = new Set<string>();
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
      });
      // Only our own server: the weather widget, video players and affiliate images stay offline.
      await context.route("**/*", (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === "127.0.0.1" || url.protocol === "data:") return route.continue();
        blocked.add(url.origin);
        return route.abort("blockedbyclient");
      });
      const page = await context.newPage();
      page.on("pageerror", (err) => console.warn(`  script error on ${page.url()}: ${err.message}`));
      for (const [name, path] of PAGES) {
        await page.goto(origin + path, { waitUntil: "networkidle" });
        // Lazy images below the fold would be blank in a full-page capture: load them all first.
        // (A string, not a function: tsx would wrap named helpers in __name, unknown in the page.)
        await page.evaluate(`Promise.all([...document.images].map((img) => {
          img.loading = "eager";
          return new Promise((done) => {
            if (img.complete) return done();
            img.addEventListener("load", done, { once: true });
            img.addEventListener("error", done, { once: true });
          }).then(() => img.decode().catch(() => undefined));
        }))`);
        await page.waitForLoadState("networkidle");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) console.warn(`  ${path} at ${width}px scrolls ${overflow}px sideways`);
        const file = join(outDir, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (blocked.size) console.log(`Blocked requests to: ${[...blocked].join(", ")}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

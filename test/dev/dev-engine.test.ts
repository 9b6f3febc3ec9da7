/**
 * Issue 31: dev mode on the build's engine. Photos are inputs of the pages that show them: one
 * replaced or added while dev runs is served as a fresh start serves it (dev once kept the old
 * size and variant URLs, which answered 404, and served an added photo as a plain <img>). And the
 * watcher is ready before "Preview" is printed (a file saved at that moment was never built).
 */
import { writeFileSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { DevSite } from "../../src/dev/dev-site.ts";
import { startDev, type RebuildReport } from "../../src/dev/index.ts";

const FIXTURE = new URL("../fixtures/dev-site/", import.meta.url).pathname;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

async function site(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "ppguide-dev-engine-"));
  cleanup.push(() => rm(root, { recursive: true, force: true }));
  await cp(FIXTURE, root, { recursive: true });
  return root;
}

async function devSite(root: string): Promise<DevSite> {
  const dev = new DevSite(root);
  cleanup.push(() => dev.dispose());
  const first = await dev.rebuild();
  expect(first.errors).toEqual([]);
  return dev;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .png()
    .toBuffer();

/** A page of a fresh dev start on the same folder: what dev mode must serve after any edit. */
async function freshStart(root: string, route: string): Promise<string> {
  const fresh = await devSite(root);
  return fresh.pages.get(route)!.html;
}

describe("dev mode and photos", () => {
  it("a photo named by a page and replaced while dev runs: that page gets the new size and variants, as a fresh start serves it", async () => {
    const root = await site();
    const md = join(root, "content/travel/beach-day.md");
    await writeFile(join(root, "public/images/market.png"), await png(640, 400));
    await writeFile(md, `${await readFile(md, "utf8")}\n![The market](/images/market.png)\n`);
    const dev = await devSite(root);
    expect(dev.pages.get("/beach-day")!.html).toMatch(/width="640" height="400"/);

    await writeFile(join(root, "public/images/market.png"), await png(900, 300));
    const report = await dev.rebuild(new Map([[join(root, "public/images/market.png"), "change"]]));
    expect(report.errors).toEqual([]);
    expect(report.pages).toEqual(["/beach-day"]);
    const html = dev.pages.get("/beach-day")!.html;
    expect(html).toMatch(/width="900" height="300"/);
    expect(html).toBe(await freshStart(root, "/beach-day"));
    // Every variant the page names is one dev serves.
    const variants = [...html.matchAll(/\/assets\/images\/[\w.-]+\.(?:webp|avif)/g)].map((m) => m[0]);
    expect(variants.length).toBeGreaterThan(0);
    for (const url of new Set(variants)) expect(await dev.generatedFile(url), url).toBeDefined();
  });

  it("a photo added while dev runs and then named by a page is served as the responsive picture a fresh start serves", async () => {
    const root = await site();
    const dev = await devSite(root);
    await writeFile(join(root, "public/images/added.png"), await png(500, 500));
    expect((await dev.rebuild(new Map([[join(root, "public/images/added.png"), "add"]]))).errors).toEqual([]);
    const md = join(root, "content/travel/old-town.md");
    await writeFile(md, `${await readFile(md, "utf8")}\n![A new photo](/images/added.png)\n`);
    const report = await dev.rebuild(new Map([[md, "change"]]));
    expect(report.pages).toEqual(["/old-town"]);
    const html = dev.pages.get("/old-town")!.html;
    expect(html).toMatch(/<img src="\/assets\/images\/added-[^"]*\.webp"[^>]*width="500" height="500" srcset=/);
    expect(html).toBe(await freshStart(root, "/old-town"));
  });
});

describe("dev mode's start", () => {
  // Regression (issue 31): "Preview" was printed before the watcher was ready, so a file saved at
  // that moment was never built and the old page stayed served until the next save.
  it("watches before it says where the preview is: a file saved the moment 'Preview' is printed is built", async () => {
    const root = await site();
    const md = join(root, "content/travel/cacao-tour.md");
    const text = await readFile(md, "utf8");
    const reports: RebuildReport[] = [];
    const dev = await startDev({
      root,
      port: 0,
      log: (line) => {
        if (line.startsWith("Preview:")) writeFileSync(md, `${text}\nSaved as the preview opened.\n`);
      },
      onRebuild: (report) => reports.push(report),
    });
    cleanup.push(() => dev.close());
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await dev.idle();
    expect(reports.at(-1)!.pages).toEqual(["/cacao-tour"]);
    expect(dev.site.pages.get("/cacao-tour")!.html).toContain("Saved as the preview opened.");
  });
});

/**
 * A draft is checked exactly as a published page is. Once, a broken link or a missing image in a
 * draft's Markdown passed `ppguide build` with exit 0 and no message (the build never rendered a
 * draft), while `ppguide dev` refused to serve any page at all. Now the build renders every page not
 * yet published in memory and fails on its mistakes at their lines, writing nothing of it; and dev
 * serves every other page as usual, and that page with its problems shown on it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const DRAFT = (body: string, extra = "draft: true") => `
-- site.yaml --
routes:
  - { path: /carnival, kind: article, ${extra}, content: carnival.md }
-- content/carnival.md --
${body}
`;

describe("a page not published yet, in a build", () => {
  it("fails the build at the line of a broken link or a missing image in a draft, and writes nothing of it", async () => {
    const built = await buildInline(
      DRAFT("The parade starts at [the Malecón](/malecon).\n\n![A float](/images/float.svg)\n"),
    );
    removeWhenDone(built.root);
    expect(built.exit).toBe(1);
    expect(built.lines).toEqual([
      expect.stringMatching(/^RouteNotFound {2}content\/carnival\.md:1:36 {2}.*\/malecon/),
      expect.stringMatching(/^AssetMissing {2}content\/carnival\.md:3:12 {2}.*\/images\/float\.svg/),
    ]);
  }, 60_000);

  // Regression: the build reported only the draft's, and the published page's missing image was
  // shown only once the draft was mended; dev and the build in memory showed both.
  it("reports a published page's own problems beside a draft's, as dev and the build in memory do", async () => {
    const site = `
-- site.yaml --
routes:
  - { path: /beaches, kind: article, content: beaches.md }
  - { path: /carnival, kind: article, draft: true, content: carnival.md }
-- content/beaches.md --
![The bay](/images/bay.svg)
-- content/carnival.md --
![A float](/images/float.svg)
`;
    const built = await buildInline(site);
    removeWhenDone(built.root);
    expect(built.exit).toBe(1);
    const both = [
      expect.stringMatching(/^AssetMissing {2}content\/beaches\.md:1:12 {2}.*\/images\/bay\.svg/),
      expect.stringMatching(/^AssetMissing {2}content\/carnival\.md:1:12 {2}.*\/images\/float\.svg/),
    ];
    expect(built.lines).toEqual(both);
    const inMemory = await buildInline(site, { write: false });
    removeWhenDone(inMemory.root);
    expect(inMemory.lines).toEqual(both);
  }, 60_000);

  it("checks a page dated later as it will be published, and passes a sound draft, leaving it out", async () => {
    const later = await buildInline(
      DRAFT(
        "See [the fillers](/filler-9).",
        "dates: { created: 2025-01-01, published: 2099-01-01, modified: 2099-01-01 }",
      ),
    );
    removeWhenDone(later.root);
    expect(later.exit).toBe(1);
    expect(later.lines).toEqual([expect.stringMatching(/^RouteNotFound {2}content\/carnival\.md:1:\d+ /)]);

    const sound = await buildInline(DRAFT("See [a filler](/filler-1)."));
    removeWhenDone(sound.root);
    expect(sound.lines).toEqual([]);
    expect(sound.exit).toBe(0);
    await expect(readFile(join(sound.root, "dist/carnival.html"), "utf8")).rejects.toThrow(/ENOENT/);
    expect(await readFile(join(sound.root, "dist/sitemap.xml"), "utf8")).not.toContain("carnival");
  }, 60_000);

  it("leaves an expired page alone: retired, no reader sees it again", async () => {
    const expired = await buildInline(DRAFT("See [nothing](/gone).", "expires: 2025-06-30"), { clock: "2026-01-01" });
    removeWhenDone(expired.root);
    expect(expired.lines).toEqual([]);
    expect(expired.exit).toBe(0);
  }, 60_000);
});

describe("a page with a mistake of its own, in dev mode", () => {
  let dev: DevHandle | undefined;
  afterAll(() => dev?.close());

  it("is served with its problems shown on it, every other page as usual, and clears once fixed", async () => {
    const root = await writeInlineSite(DRAFT("The parade starts at [the Malecón](/malecon)."));
    removeWhenDone(root);
    const log: string[] = [];
    const rebuilds: RebuildReport[] = [];
    dev = await startDev({ root, port: 0, log: (line) => log.push(line), onRebuild: (r) => rebuilds.push(r) });
    expect(dev.initial.ok).toBe(true);
    expect([...dev.initial.pageProblems.keys()]).toEqual(["/carnival"]);
    expect(log).toContainEqual(expect.stringMatching(/^content\/carnival\.md:1:36 .*\[RouteNotFound\]$/));

    const page = await fetch(new URL("/carnival", dev.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The parade starts at");
    expect(html).toMatch(/data-problems="[^"]*RouteNotFound/);
    const other = await fetch(new URL("/filler-1", dev.url));
    expect(other.status).toBe(200);
    expect(await other.text()).not.toContain("data-problems");

    await writeFile(join(root, "content/carnival.md"), "The parade starts at [a filler](/filler-1).\n");
    await expect.poll(() => rebuilds.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await dev.idle();
    expect(rebuilds.at(-1)?.pageProblems.size).toBe(0);
    expect(dev.site.problemsOf("/carnival")).toEqual([]);
    expect(await fetch(new URL("/carnival", dev.url)).then((r) => r.text())).not.toContain("data-problems");
  }, 60_000);

  it("runs the build's own check: content no route uses is reported, as a build reports it", async () => {
    const root = await writeInlineSite(`${DRAFT("A sound draft.")}-- content/orphan.md --\nNobody links me.\n`);
    removeWhenDone(root);
    const log: string[] = [];
    const quiet = await startDev({ root, port: 0, log: (line) => log.push(line) });
    try {
      expect(quiet.initial.warnings.map((w) => w.code)).toContain("ContentUnused");
      expect(log).toContainEqual(expect.stringMatching(/^warning: content\/orphan\.md:1:1 .*\[ContentUnused\]$/));
    } finally {
      await quiet.close();
    }
  }, 60_000);
});

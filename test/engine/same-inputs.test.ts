/**
 * A build of the very inputs, code, options and day the served copy was built from reports that
 * build's result and touches nothing (output/same-inputs.ts); every other build reads the site, so
 * the served site is always what a build of the files as they are would make. Each case tries to
 * slip a change past the record: bytes changed with the times put back, a change made and undone
 * while a build runs, a page edited in the output, another option or day.
 */
import { execFile } from "node:child_process";
import { lstatSync, readlinkSync, writeFileSync } from "node:fs";
import { appendFile, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { watchStages } from "../../src/core/timing.ts";
import { build } from "../../src/engine/build.ts";
import type { BuildOptions, BuildResult } from "../../src/engine/build-state.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { CLI } from "../helpers/outcome.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const SITE = `-- site.yaml --
routes:
  - { path: /beaches, kind: article, content: beaches.md }
-- content/beaches.md --
Golden sand east of town.
-- content/unused.md --
No route names this file: a warning on every build.
`;

/** Longer than the record's guard against a file changed just before a build (RACY_MS). */
const SETTLE_MS = 2_100;
const settle = () => new Promise((done) => setTimeout(done, SETTLE_MS));

/** Whether the build read the site (its load stage ran) or told the served copy's result. */
const readTheSite = (r: BuildResult) => r.timings.load !== undefined;

/** What a build reports, less how long it took and what it had to do. */
const told = (r: BuildResult) => ({
  pages: r.pages,
  aliases: r.aliases,
  assets: r.assets,
  nextChange: r.nextChange,
  warnings: r.warnings.map((w) => `${w.code} ${w.format()}`),
  placeholders: r.placeholders.map((w) => `${w.code} ${w.format()}`),
});

async function site() {
  const root = await writeInlineSite(SITE);
  removeWhenDone(root);
  const out = join(root, "dist");
  const page = join(out, "beaches.html");
  const run = (opts: Partial<BuildOptions> = {}) => build({ root, out, workers: false, ...opts });
  return { root, out, page, run, md: join(root, "content/beaches.md") };
}

describe("a build of the inputs the served copy was built from", () => {
  it("reports that build's result, warnings included, and writes nothing", async () => {
    const s = await site();
    await settle();
    const first = await s.run();
    expect(readTheSite(first)).toBe(true);
    expect(first.warnings.map((w) => w.code)).toContain("ContentUnused");
    const served = readlinkSync(s.out);
    const page = lstatSync(s.page);

    const again = await s.run();
    expect(readTheSite(again)).toBe(false);
    expect(told(again)).toEqual(told(first));
    expect(again.rendered).toEqual([]);
    expect(readlinkSync(s.out)).toBe(served);
    expect(lstatSync(s.page)).toMatchObject({ ino: page.ino, mtimeMs: page.mtimeMs, ctimeMs: page.ctimeMs });

    // Touched, the same bytes: still the same inputs.
    const now = new Date();
    await utimes(s.md, now, now);
    expect(readTheSite(await s.run())).toBe(false);
  }, 60_000);

  it("through the CLI, loads none of the pipeline: React, sharp and the render threads' pool stay unloaded", async () => {
    const s = await site();
    await settle();
    // Told at the process's end which modules it loaded: the packages outside the compiled CLI show by their paths.
    const loaded = join(s.root, "..", `loaded-${process.pid}.json`);
    const probe = join(s.root, "..", `probe-${process.pid}.cjs`);
    removeWhenDone(loaded);
    removeWhenDone(probe);
    await writeFile(
      probe,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(Object.keys(require.cache))));\n`,
    );
    const packagesLoaded = async () => {
      await promisify(execFile)(process.execPath, [CLI, "build", "--root", s.root, "-q"], {
        env: { ...process.env, NODE_OPTIONS: `--require ${probe}` },
      });
      const paths = JSON.parse(await readFile(loaded, "utf8")) as string[];
      return ["react-dom", "sharp", "piscina"].filter((name) =>
        paths.some((p) => p.includes(`/node_modules/${name}/`)),
      );
    };
    // The probe sees them when the site is read: the same process, one step earlier.
    expect(await packagesLoaded()).toEqual(["react-dom", "sharp", "piscina"]);
    expect(await packagesLoaded()).toEqual([]);
  }, 60_000);

  it("is built again when a file's bytes change, even with its size and times put back", async () => {
    const s = await site();
    await settle();
    await s.run();
    const before = await stat(s.md);
    await writeFile(s.md, "Golden sand west of town.\n");
    expect((await stat(s.md)).size).toBe(before.size);
    await utimes(s.md, before.atime, before.mtime);
    const rebuilt = await s.run();
    expect(readTheSite(rebuilt)).toBe(true);
    expect(await readFile(s.page, "utf8")).toContain("Golden sand west of town.");
  }, 60_000);

  it("is built again after a change made and undone while the last build ran", async () => {
    const s = await site();
    await settle();
    const text = await readFile(s.md, "utf8");
    // Written after the build looked at the files and before it read them, undone once it has.
    const stop = watchStages((stage) => {
      if (stage === "load") writeFileSync(s.md, "Black sand, changed for a moment.\n");
      if (stage === "links") writeFileSync(s.md, text);
    });
    try {
      expect(await readFile(`${(await s.run()).outDir}/beaches.html`, "utf8")).toContain("Black sand");
    } finally {
      stop();
    }
    await settle();
    const next = await s.run();
    expect(readTheSite(next), "a record of a build whose inputs moved under it").toBe(true);
    expect(await readFile(s.page, "utf8")).toContain("Golden sand east of town.");
  }, 60_000);

  it("is built again when a page of the served copy was edited by hand, which the build repairs", async () => {
    const s = await site();
    await settle();
    await s.run();
    const clean = await readFile(s.page, "utf8");
    await appendFile(s.page, "<!-- edited by hand -->");
    const repaired = await s.run();
    expect(readTheSite(repaired)).toBe(true);
    expect(await readFile(s.page, "utf8")).toBe(clean);
  }, 60_000);

  it("is built again with other options, on another day, and with a file added", async () => {
    const s = await site();
    await settle();
    await s.run();
    expect(readTheSite(await s.run())).toBe(false);
    expect(readTheSite(await s.run({ searchIndex: false }))).toBe(true);
    expect(readTheSite(await s.run({ clock: "2031-06-01" }))).toBe(true);
    await writeFile(join(s.root, "content/notes.txt"), "An editor's notes.\n");
    expect(readTheSite(await s.run())).toBe(true);
  }, 60_000);
});

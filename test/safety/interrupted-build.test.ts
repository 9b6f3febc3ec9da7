/**
 * A reader of the output sees wholly the old site or wholly the new one, even when the build is
 * killed at any moment, and a build interrupted by Ctrl-C or SIGTERM lets go of its lock and leaves
 * the served site as it was. Each test kills real builds of a site past the render pool's
 * threshold, so this file is one of the long ones `npm run test:fast` leaves out; the output
 * folder's other promises are in output-folder.test.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, startCli, treeHash } from "../helpers/outcome.ts";
import { storeEntries } from "../helpers/output-tree.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

describe("an interrupted build", () => {
  // Past the render pool's threshold (300, engine/render-pages.ts), so the kills land among its threads too. The kills
  // are timed as fractions of a whole build, so they spread over its stages at any size; twice the pages only made
  // the file longer.
  const PAGES = 400;
  /** Every page's version as served, e.g. {"v1": 2500}; a mix would show two keys. */
  async function versions(out: string): Promise<Record<string, number>> {
    const seen: Record<string, number> = {};
    for (let i = 0; i < PAGES; i++) {
      const html = await readFile(join(out, `article-${i}.html`), "utf8");
      const v = /Build (v\d+) of article/.exec(html)![1]!;
      seen[v] = (seen[v] ?? 0) + 1;
    }
    return seen;
  }

  it("killed with SIGKILL at any moment, the output is wholly the old site or wholly the new one", {
    timeout: 300_000,
  }, async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-kill-"));
    const out = join(root, "dist");
    await writePpguideSite(root, PAGES, "v0");
    const started = performance.now();
    expect((await runCli(["build"], root)).code).toBe(0);
    const full = performance.now() - started;
    let served = "v0";
    // Spread over a whole build: loading, rendering, writing, checking and the final swap.
    for (const [k, fraction] of [0.3, 0.6, 0.85, 0.95, 1.05].entries()) {
      const next = `v${k + 1}`;
      await writePpguideSite(root, PAGES, next);
      const child = startCli(["build"], root);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await new Promise((resolve) => setTimeout(resolve, full * fraction));
      child.kill("SIGKILL");
      const code = await exited;
      const seen = await versions(out);
      expect(Object.keys(seen), `killed at ${Math.round(full * fraction)} ms`).toHaveLength(1);
      const now = Object.keys(seen)[0]!;
      expect([served, next]).toContain(now);
      if (code === 0) expect(now).toBe(next);
      served = now;
    }
    // The next build after all that finishes, and nothing has piled up beside the output.
    expect((await runCli(["build"], root)).code).toBe(0);
    // The two copies, each with its page cache, and ppguide's mark: nothing a killed build left.
    expect(await storeEntries(`${out}.ppguide`)).toMatchObject({
      names: [".ppguide-output", "a", "a.pages", "b", "b.pages"],
      unnamed: [],
    });
  });

  // Regression: a build killed while it wrote its page cache left `b.pages.tmp-<pid>`, which no
  // later build removed.
  it("a page cache, pack or record a killed build was writing, or wrote and never named, is removed by the next build", async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-kill-cache-"));
    const out = join(root, "dist");
    await writePpguideSite(root, 5, "v0");
    expect((await runCli(["build"], root)).code).toBe(0);
    const dead = spawnSync("true").pid;
    for (const copy of ["a", "b"]) {
      await writeFile(join(`${out}.ppguide`, `${copy}.pages.tmp-${dead}`), "half");
      await writeFile(join(`${out}.ppguide`, `${copy}.inputs.tmp-${dead}`), "half");
    }
    // And a pack of search entries, which a build writes before the cache that names it.
    await writeFile(join(`${out}.ppguide`, `search-0123456789abcdef.pack.tmp-${dead}`), "half");
    await writeFile(join(`${out}.ppguide`, "search-0123456789abcdef.pack"), "whole, never named");
    expect((await runCli(["build"], root)).code).toBe(0);
    expect(await storeEntries(`${out}.ppguide`)).toMatchObject({
      names: [".ppguide-output", "a", "a.pages", "b", "b.pages"],
      unnamed: [],
    });
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s lets go of the lock, keeps the served site and exits %i",
    { timeout: 120_000 },
    async (signal, status) => {
      const root = await mkdtemp(join(tmpdir(), "ppguide-signal-"));
      const out = join(root, "dist");
      await writePpguideSite(root, PAGES, "v0");
      expect((await runCli(["build"], root)).code).toBe(0);
      const before = await treeHash(out);
      await writePpguideSite(root, PAGES, "v1");
      const child = startCli(["build"], root);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      // Once the lock is taken the build is under way.
      while (!existsSync(join(`${out}.ppguide`, "lock"))) await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill(signal);
      expect(await exited).toBe(status);
      expect(existsSync(join(`${out}.ppguide`, "lock"))).toBe(false);
      expect(await treeHash(out)).toBe(before);
    },
  );
});

import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { build } from "../../src/engine/build.ts";
import type { RenderPool } from "../../src/engine/render-pages.ts";
import { attempt } from "../helpers/outcome.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

// Every pool the build starts before the site is loaded, to see whether it started and whether it was ended.
const started: RenderPool[] = [];
vi.mock("../../src/engine/render-pages.ts", async (original) => {
  const actual = await original<typeof import("../../src/engine/render-pages.ts")>();
  return {
    ...actual,
    startRenderPool: (batches?: number) => {
      const pool = actual.startRenderPool(batches);
      started.push(pool);
      return pool;
    },
  };
});

vi.mock("node:os", async (original) => {
  const actual = await original<typeof import("node:os")>();
  // Two cores wherever the test runs, so the pool's threads start on a one-core runner too, unless a test says
  // otherwise.
  return { ...actual, availableParallelism: () => cores.now };
});

const cores = vi.hoisted(() => ({ now: 2 }));

afterEach(() => {
  started.splice(0);
  cores.now = 2;
  vi.unstubAllEnvs();
});

describe("the render threads a build starts while it loads the site", () => {
  it("start on a first build past the threshold, render it, and are not started when the served copy can be reused", {
    timeout: 120_000,
  }, async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-early-pool-"));
    await writePpguideSite(root, 320);
    const first = await build({ root });
    expect(first.rendered).toHaveLength(first.pages.length);
    expect(started).toHaveLength(1);
    expect(started[0]?.threads).toHaveLength(0);

    await writeFile(join(root, "content/articles/article-3.md"), "An edited body.\n");
    const again = await build({ root });
    expect(again.rendered?.map((r) => r.route)).toEqual(["/article-3"]);
    expect(started).toHaveLength(1);

    await build({ root, cache: false });
    expect(started).toHaveLength(2);
  });

  it("are ended when the load fails after they started, and the failure is the site's", {
    timeout: 60_000,
  }, async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-early-pool-"));
    await writePpguideSite(root, 320);
    await writeFile(join(root, "content/articles/article-5.md"), "---\nsection: [unclosed\n---\nBody.\n");
    const outcome = await attempt({ root });
    expect(outcome.exit).toBe(1);
    expect(outcome.lines.join("\n")).toContain("content/articles/article-5.md");
    expect(started).toHaveLength(1);
    expect(started[0]?.threads).toHaveLength(0);
  });

  it("are as many as PPGUIDE_THREADS says, whatever the cores: none for 0, two on one core for 2", {
    timeout: 120_000,
  }, async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-early-pool-"));
    await writePpguideSite(root, 320);
    vi.stubEnv("PPGUIDE_THREADS", "0");
    const first = await build({ root });
    expect(first.rendered).toHaveLength(first.pages.length);
    expect(started).toHaveLength(0);
    cores.now = 1;
    vi.stubEnv("PPGUIDE_THREADS", "2");
    await build({ root, cache: false });
    expect(started).toHaveLength(1);
    expect(started[0]?.options.maxThreads).toBe(2);
  });
});

/**
 * A page whose header or footer alone changed (a menu renamed or moved, the year turned) is not
 * rendered again: the new header and footer are put in place of the old ones in the page the
 * served copy holds. What it writes is byte for byte what a clean build writes, and a page that
 * changed besides, or whose served file is not the one its record describes, is rendered.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BuildOptions } from "../../src/engine/build-state.ts";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";
import { describeDifference, readTree } from "../helpers/output-tree.ts";

const PUT_IN_PLACE = ", put in place of the old ones";

/** The site as a clean build of the same sources writes it, against what `out` holds. */
async function differenceFromClean(root: string, out: string, opts: Partial<BuildOptions> = {}) {
  const clean = join(root, "clean");
  await build({ root, out: clean, cache: false, searchIndex: false, ...opts });
  return describeDifference(await readTree(out), await readTree(clean));
}

async function builtOnce(opts: Partial<BuildOptions> = {}, settings = "") {
  const root = await copyFixture("basic-site");
  if (settings) await edit(join(root, "site.yaml"), "  disclosure:", `${settings}  disclosure:`);
  const out = join(root, "dist");
  const first = await build({ root, out, searchIndex: false, ...opts });
  return { root, out, first };
}

describe("a page whose header and footer alone changed", () => {
  it("is given the new ones in place of the old, not rendered: a menu renamed and moved, as a clean build writes it", async () => {
    // A host that reads no redirects: each alias is a page of its own, which has no header or footer.
    const { root, out, first } = await builtOnce({}, "  build: { host: github-pages }\n");
    expect(first.pages.filter((p) => p.kind === "alias").map((p) => p.route)).toEqual(["/old-beaches"]);
    await edit(join(root, "site.yaml"), "  - label: Places\n", "  - label: Where to Go\n");
    // A link moved from one menu to the other: the page it names is now the current page of another menu.
    await edit(join(root, "site.yaml"), "      - { label: Flan, path: /flan-recipe }\n", "");
    await edit(
      join(root, "site.yaml"),
      "      - { label: Old Guides, path: /old-beaches }\n",
      "      - { label: Old Guides, path: /old-beaches }\n      - { label: Caramel Flan, path: /flan-recipe }\n",
    );
    const rebuilt = await build({ root, out, searchIndex: false });
    const withChrome = first.pages.filter((p) => p.kind !== "alias").map((p) => p.route);
    expect(withChrome.length).toBeGreaterThan(5);
    // Every page with a header, and only those.
    expect(Object.fromEntries(rebuilt.rendered!.map((r) => [r.route, r.reason]))).toEqual(
      Object.fromEntries(withChrome.map((route) => [route, `its header and footer${PUT_IN_PLACE}`])),
    );
    const home = await readFile(join(out, "index.html"), "utf8");
    expect(home).toContain("Where to Go");
    expect(home).toContain("Caramel Flan");
    expect(await differenceFromClean(root, out)).toBeUndefined();
  });

  it("is given the new year in its footer when the clock turns to a new year", async () => {
    const { root, out } = await builtOnce({ clock: "2026-12-31" });
    const rebuilt = await build({ root, out, searchIndex: false, clock: "2027-01-01" });
    const reasons = new Set(rebuilt.rendered!.map((r) => r.reason));
    expect(reasons).toEqual(new Set([`its header and footer${PUT_IN_PLACE}`]));
    expect(await readFile(join(out, "index.html"), "utf8")).toContain("© 2027");
    expect(await differenceFromClean(root, out, { clock: "2027-01-01" })).toBeUndefined();
  });

  it("is rendered when it changed besides, or when its served file is not what its record says", async () => {
    const { root, out } = await builtOnce();
    await edit(join(root, "site.yaml"), "  - label: Places\n", "  - label: Where to Go\n");
    const beaches = join(root, "content/articles/beaches.md");
    await writeFile(beaches, `${await readFile(beaches, "utf8")}\nA new last line.\n`);
    // Written over in place, its size kept: only its bytes say it is no longer what the build wrote.
    const served = join(out, "bakeries.html");
    const html = await readFile(served, "utf8");
    await writeFile(served, html.replace("<main", "<MAIN"));
    const rebuilt = await build({ root, out, searchIndex: false });
    const reasons = new Map(rebuilt.rendered!.map((r) => [r.route, r.reason]));
    expect(reasons.get("/beaches")).toBe("its Markdown");
    expect(reasons.get("/bakeries")).toBe("its header and footer");
    expect(reasons.get("/flan-recipe")).toBe(`its header and footer${PUT_IN_PLACE}`);
    expect(await differenceFromClean(root, out)).toBeUndefined();
  });
});

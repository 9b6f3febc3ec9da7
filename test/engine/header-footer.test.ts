/**
 * A page whose header or footer alone changed (a menu renamed or moved, the year turned) is not
 * rendered again: the new header and footer are put in place of the old ones in the page the
 * served copy holds. What it writes is byte for byte what a clean build writes, and a page that
 * changed besides, or whose served file is not the one its record describes, is rendered.
 */
import { readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { currentCode } from "../../src/core/code-id.ts";
import { expected } from "../../src/core/invariant.ts";
import type { BuildOptions } from "../../src/engine/build-state.ts";
import { build } from "../../src/engine/build.ts";
import { keyPages, renderInputOf, type PageJob, type RenderInput } from "../../src/engine/page-keys.ts";
import { renderJobs, type TakenBatch } from "../../src/engine/render-pages.ts";
import { isPackName, readPageCache } from "../../src/output/page-cache.ts";
import { sitePages } from "../../src/render/kinds/index.ts";
import type { ChromeModel, Templates } from "../../src/render/model.ts";
import { loadSite, loadTemplates } from "../../src/site/load-site.ts";
import { Header } from "../../templates/Layout.tsx";
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

  it("keeps its search entries, and the index its files, since the index reads <main> alone", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    await build({ root, out });
    // The packs of search entries: the link scans, given the new header's and footer's, are in a pack written anew.
    const packs = async () =>
      (await readdir(`${out}.ppguide`)).filter((name) => isPackName(name) && name.startsWith("search-")).sort();
    const before = await packs();
    expect(before.length).toBeGreaterThan(0);
    await edit(join(root, "site.yaml"), "  - label: Places\n", "  - label: Where to Go\n");
    const rebuilt = await build({ root, out });
    expect(new Set(rebuilt.rendered!.map((r) => r.reason))).toEqual(new Set([`its header and footer${PUT_IN_PLACE}`]));
    expect(rebuilt.indexed).toEqual([]);
    // The entries were not made again: they stay in the pack they were in, which no new one joins.
    expect(await packs()).toEqual(before);
    expect(await differenceFromClean(root, out, { searchIndex: true })).toBeUndefined();
    // The next build takes every page and the index as they are.
    expect((await build({ root, out })).rendered).toEqual([]);
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

describe("the renderer, given a served page to put a new header and footer in", () => {
  /** The fixture built, its menu renamed in what the renderer is given, and the job of /beaches with its served page. */
  async function servedBeaches() {
    const { root, out } = await builtOnce();
    const live = await realpath(out);
    const site = await loadSite(root);
    const { manifest } = site;
    const nav = manifest.nav.map((menu, i) => (i === 0 ? { ...menu, label: "Renamed" } : menu));
    const input: RenderInput = {
      ...renderInputOf(site, { scan: true, search: false }),
      manifest: { ...manifest, nav },
      pageProblems: true,
    };
    const job = expected(
      keyPages(input, sitePages(manifest)).find((j) => j.route === "/beaches"),
      "the job of /beaches",
    );
    const record = expected(readPageCache(live, currentCode())?.pages.get(job.file), "its record");
    const { hash, images, warnings, stat } = record;
    const served = join(live, job.file);
    const rechrome = {
      served: { file: served },
      record: { hash, images, warnings, stat, chrome: expected(record.chrome, "where its header and footer are") },
    };
    return { input, job, given: { ...job, rechrome } satisfies PageJob, served };
  }

  async function made(input: RenderInput, job: PageJob, templates?: Templates) {
    const batches: TakenBatch[] = [];
    await renderJobs(input, [job], (batch) => batches.push(batch), { threads: false, templates });
    const [batch] = batches;
    const [, page] = expected(batch?.kept[0], "the page made");
    return { html: page.html, rechromed: batch!.rechromed, problems: batch!.problems.flatMap(([, found]) => found) };
  }

  it("makes the bytes a render makes, without rendering", async () => {
    const { input, job, given } = await servedBeaches();
    const rendered = await made(input, job);
    expect(rendered.html).toContain(">Renamed<");
    expect(await made(input, given)).toEqual({ ...rendered, rechromed: [job.file] });
  });

  it("renders a page whose served file is not what its record says", async () => {
    const { input, job, given, served } = await servedBeaches();
    await writeFile(served, (await readFile(served, "utf8")).replace("Playa Dorada", "Playa Dorado"));
    const rendered = await made(input, job);
    expect(await made(input, given)).toEqual(rendered);
    expect(rendered.html).toContain("Playa Dorada");
  });

  it("renders a page the new header would give an id it has already, which is located in its Markdown", async () => {
    const { input, given } = await servedBeaches();
    const templates: Templates = { ...(await loadTemplates()), Header: RepeatingHeader };
    const { rechromed, problems } = await made(input, given, templates);
    expect(rechromed).toEqual([]);
    expect(problems.map((p) => [p.code, p.location?.file])).toEqual([["IdDuplicate", "content/articles/beaches.md"]]);
  });
});

/** ppguide's header after an id the page's Markdown gives (`## Playa Dorada {#Dorada}`). */
function RepeatingHeader(props: { page: ChromeModel }) {
  return createElement(Fragment, null, createElement("span", { id: "Dorada" }), createElement(Header, props));
}

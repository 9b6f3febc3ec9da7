/**
 * Dev is the build, stated as a property: whatever sequence of edits an editor makes while
 * `ppguide dev` runs (saves, deletes, renames, links swapped in and out of the site, anchors
 * renamed, drafts added and published, files added that no route names, CR-only and CR LF files,
 * site.yaml broken and mended), after each one dev shows the problems a fresh `ppguide build` of the
 * same files reports (code, file, line and column, every one), the same warnings when the build
 * succeeds, and serves every page the build writes, byte for byte, with its preview switched off
 * (src/dev/preview.ts); the pages not published yet are served with their banner, and no others.
 *
 * One dev runs through every sequence, as an editor's does all day: each sequence starts by
 * writing the site back as it began, and goes on from whatever the last one left. The real watcher
 * hears each edit. The build is in this process, into a fresh copy each time (--no-cache), with
 * the image cache shared so that it draws each picture once.
 *
 * CI runs DEV_FUZZ_RUNS sequences (default 200): most with a fixed seed, the rest with a random
 * seed printed first, so a failure is replayed with FUZZ_SEED=n. A failure is reported as found,
 * with the edits so far.
 */
import { randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, isUserError, type PpgError } from "../../src/core/errors.ts";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { build } from "../../src/engine/build.ts";
import type { BuildResult } from "../../src/engine/build-state.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";
import { REBUILD_HEARD_MS } from "../helpers/dev-events.ts";

const RUNS = Number(process.env.DEV_FUZZ_RUNS ?? 200);
const FIXED_SEED = 61_2026;
/** How long dev must stay idle after an edit before it is compared: longer than the watcher's debounce and recheck. */
const QUIET_MS = 80;
const REPLAY = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// ---------------------------------------------------------------------------------------------
// The site: three articles of its own (one links the others' anchors, one may be a draft), a
// directory with its listings, and what inline-site.ts fills in.

const ARTICLES = ["beaches", "resorts", "carnival"] as const;
type Article = (typeof ARTICLES)[number];
const FILE_OF: Record<Article | "bakeries" | "listings", string> = {
  beaches: "content/travel/beaches.md",
  resorts: "content/travel/resorts.md",
  carnival: "content/carnival.md",
  bakeries: "content/bakeries.md",
  listings: "content/bakeries.yaml",
};
type Source = keyof typeof FILE_OF;
const SOURCES = Object.keys(FILE_OF) as Source[];

/** Bodies a page may have: plain, with good and broken links and anchors, a missing image, a figure typed by hand. */
const BODIES = [
  "## Playa Dorada {#playa-dorada}\n\nGolden sand east of town.\n\n## Sosua Bay {#sosua-bay}\n\nCalm water.\n",
  "## Playa Dorada {#playa-dorada}\n\nGolden sand.\n\n## Sosua {#sosua}\n\nCalm water, renamed.\n",
  "Stay near [Playa Dorada](/beaches#playa-dorada), or by [the bay](/beaches#sosua-bay).\n",
  "See [below](#nope) and [a beach](/beaches#nope2).\n",
  "A walk to [the fillers](/filler-1) and [a draft](/carnival).\n",
  "![A float](/images/float.svg)\n\nThe parade.\n",
  "TODO: write the page.\n",
  "Entry is $20 at the gate.\n",
  "Nothing to say yet.\n",
];
const LISTINGS = [
  "itemType: LocalBusiness\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: The bakery's front, area: Centro, address2: Puerto Plata 57000 }\n",
  "itemType: LocalBusiness\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: The front, area: Centro, address2: Puerto Plata 57000 }\n  - { id: 2, name: Corner Bakery, image: /images/photo.svg, alt: Again, area: Centro, address2: Puerto Plata 57000 }\n",
  "itemType: LocalBusiness\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/none.svg, alt: A missing picture, area: Centro, address2: Puerto Plata 57000 }\n",
];

interface Model {
  /** Each source's text (an index into BODIES or LISTINGS), its line breaks, or what stands in its place. */
  files: Record<
    Source,
    { text: number; eol: "\n" | "\r\n" | "\r" } | { link: "inside" | "outside" | "nowhere" | "passwd" } | "gone"
  >;
  draft: boolean;
  /** site.yaml with a syntax error. */
  broken: boolean;
  /** A Markdown file no route names. */
  unused: boolean;
  /** public/images/linked.svg: a picture of the site, a link to one outside it, or nothing. */
  publicLink: "none" | "inside" | "outside";
}

const INITIAL: Model = {
  files: {
    beaches: { text: 0, eol: "\n" },
    resorts: { text: 2, eol: "\n" },
    carnival: { text: 4, eol: "\n" },
    bakeries: { text: 8, eol: "\n" },
    listings: { text: 0, eol: "\n" },
  },
  draft: true,
  broken: false,
  unused: false,
  publicLink: "none",
};

/** The routes as the test writes them; inline-site.ts fills in each route's other fields and adds its own pages. */
const ROUTES = `routes:
  - { path: /beaches, kind: article, content: travel/beaches.md }
  - { path: /resorts, kind: article, content: travel/resorts.md }
  - { path: /carnival, kind: article, draft: true, content: carnival.md }
  - { path: /bakeries, kind: directory, content: bakeries.md, listings: bakeries.yaml }
`;

/** site.yaml for the model, from the text inline-site.ts made of ROUTES (`filled`). */
function siteYaml(filled: string, m: Model): string {
  const text = m.draft ? filled : filled.replace(/(path: \/carnival, kind: article), draft: true/, "$1");
  return m.broken ? text.replace("routes:\n", "routes:\n  - { path: /oops, kind: [article\n") : text;
}

type Edit =
  | { kind: "save"; source: Source; text: number }
  | { kind: "line breaks"; source: Source; eol: "\n" | "\r\n" | "\r" }
  | { kind: "delete"; source: Source }
  | { kind: "rename away"; source: Source }
  | { kind: "link"; source: Source; to: "inside" | "outside" | "nowhere" | "passwd" }
  | { kind: "draft"; on: boolean }
  | { kind: "site.yaml"; broken: boolean }
  | { kind: "unused"; present: boolean }
  | { kind: "public link"; to: Model["publicLink"] };

const source = fc.constantFrom(...SOURCES);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("save" as const), source, text: fc.nat(BODIES.length - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("line breaks" as const),
      source,
      eol: fc.constantFrom("\n" as const, "\r\n" as const, "\r" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), source }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rename away" as const), source }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("link" as const),
      source,
      to: fc.constantFrom("inside" as const, "outside" as const, "nowhere" as const, "passwd" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("draft" as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("site.yaml" as const), broken: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unused" as const), present: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("public link" as const),
      to: fc.constantFrom("none" as const, "inside" as const, "outside" as const),
    }),
  },
);

function apply(m: Model, e: Edit): Model {
  const files = { ...m.files };
  switch (e.kind) {
    case "save": {
      const now = files[e.source];
      const texts = e.source === "listings" ? LISTINGS.length : BODIES.length;
      files[e.source] = { text: e.text % texts, eol: typeof now === "object" && "eol" in now ? now.eol : "\n" };
      return { ...m, files };
    }
    case "line breaks": {
      const now = files[e.source];
      files[e.source] = { text: typeof now === "object" && "text" in now ? now.text : 0, eol: e.eol };
      return { ...m, files };
    }
    case "delete":
    case "rename away":
      files[e.source] = "gone";
      return { ...m, files };
    case "link":
      files[e.source] = { link: e.to };
      return { ...m, files };
    case "draft":
      return { ...m, draft: e.on };
    case "site.yaml":
      return { ...m, broken: e.broken };
    case "unused":
      return { ...m, unused: e.present };
    case "public link":
      return { ...m, publicLink: e.to };
  }
}

/** Where a link made by an edit leads. */
interface Places {
  root: string;
  /** site.yaml as inline-site.ts wrote it, from ROUTES. */
  manifest: string;
  /** A folder outside the site, with a copy of each source. */
  outside: string;
}

/** What each source's link to "inside" names: another source of its kind, as written in its folder. */
const INSIDE: Record<Source, string> = {
  beaches: "resorts.md",
  resorts: "beaches.md",
  carnival: "bakeries.md",
  bakeries: "carnival.md",
  listings: "bakeries.md",
};

/** Writes the model's files, only those that differ (as an editor saves), each the way the edit made it. */
async function writeModel(p: Places, m: Model, how?: Edit): Promise<boolean> {
  let changed = false;
  const put = async (file: string, text: string) => {
    const path = join(p.root, file);
    const stat = await lstat(path).catch(() => undefined);
    if (stat?.isFile() && (await readFile(path, "utf8")) === text) return;
    if (stat && !stat.isFile()) await rm(path, { recursive: true, force: true });
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    changed = true;
  };
  const link = async (file: string, target: string) => {
    const path = join(p.root, file);
    const stat = await lstat(path).catch(() => undefined);
    if (stat?.isSymbolicLink() && (await readlink(path)) === target) return;
    // Saved as an editor's `ln -sf` does: a new link renamed over the path.
    await symlink(target, `${path}.swap`);
    await rename(`${path}.swap`, path);
    changed = true;
  };
  const gone = async (file: string) => {
    const path = join(p.root, file);
    if (!(await lstat(path).catch(() => undefined))) return;
    if (how?.kind === "rename away") await rename(path, `${path}.bak`);
    else await rm(path, { recursive: true, force: true });
    changed = true;
  };
  await put("site.yaml", siteYaml(p.manifest, m));
  for (const s of SOURCES) {
    const f = m.files[s];
    const file = FILE_OF[s];
    if (f === "gone") await gone(file);
    else if ("link" in f) {
      const to = {
        inside: INSIDE[s],
        outside: join(p.outside, file),
        nowhere: "nowhere.md",
        passwd: "/etc/passwd",
      }[f.link];
      await link(file, to);
    } else {
      const text = s === "listings" ? LISTINGS[f.text % LISTINGS.length]! : BODIES[f.text % BODIES.length]!;
      await put(file, text.replace(/\n/g, f.eol));
    }
  }
  if (m.unused) await put("content/extra/unused.md", "Nobody links me.\n");
  else await gone("content/extra/unused.md");
  const linked = "public/images/linked.svg";
  if (m.publicLink === "none") await gone(linked);
  else await link(linked, m.publicLink === "inside" ? "photo.svg" : join(p.outside, "outside.svg"));
  return changed;
}

/** Every path under the site with what it holds: a file's text, a link's target, or that it is a folder. */
async function filesKey(root: string): Promise<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const held = await Promise.all(
    entries.map(async (e) => {
      const path = join(e.parentPath, e.name);
      const what = e.isSymbolicLink() ? `-> ${await readlink(path)}` : e.isFile() ? await readFile(path, "utf8") : "/";
      return `${relative(root, path)} ${what}`;
    }),
  );
  return held.sort().join("\0");
}

// ---------------------------------------------------------------------------------------------
// What each side says.

/** A problem as compared: its code and place. */
function placed(e: PpgError): string {
  const at = e.location ? `${e.location.file}:${e.location.line}:${e.location.column}` : "-";
  return `${e.code} ${at}`;
}
const set = (errors: readonly PpgError[]) => [...new Set(errors.map(placed))].sort();

interface Built {
  result?: BuildResult;
  problems: string[];
  /** Each page's bytes, by route, as written. */
  pages: Map<string, string>;
  out: string;
}

async function freshBuild(root: string, caches: string, out: string): Promise<Built> {
  await rm(out, { recursive: true, force: true });
  await rm(`${out}.ppguide`, { recursive: true, force: true });
  try {
    const result = await build({ root, out, cache: false, searchIndex: false, caches, workers: false });
    const pages = new Map<string, string>();
    for (const page of result.pages) pages.set(page.route, await readFile(join(out, page.file), "utf8"));
    return { result, problems: [], pages, out };
  } catch (err) {
    if (!isUserError(err)) throw err;
    return { problems: set(errorsOf(err)), pages: new Map(), out };
  }
}

/** What dev shows now: the whole site's problems, or every page's. */
function devProblems(dev: DevHandle): string[] {
  const site = dev.site.problems;
  return set(site.length ? site : [...dev.site.allPageProblems().values()].flat());
}

/**
 * Sequences that once failed, run first under the fixed seed. A listings file naming a missing
 * picture (a problem of the whole site) and a draft naming another: dev reported the first alone,
 * the build both.
 */
const EXAMPLES: [Edit[]][] = [
  [
    [
      { kind: "save", source: "listings", text: 2 },
      { kind: "save", source: "carnival", text: 5 },
    ],
  ],
];

// ---------------------------------------------------------------------------------------------
// The property.

describe("dev under any sequence of edits", () => {
  let places: Places;
  let dev: DevHandle;
  let caches: string;
  let out: string;
  let model: Model = INITIAL;
  /**
   * A fresh build of each state of the files met so far, keyed by the files themselves: a build of
   * the same files is the same build (the clock is the same day throughout). Not by the model: a
   * file renamed away stays as its `.bak` through every later sequence, and a build refuses a
   * `.bak` that is a link to nothing (seed 1494692663 met one after a build of the same model
   * without it had been kept).
   */
  const builds = new Map<string, Promise<Built>>();
  const reports: RebuildReport[] = [];
  const tally = { steps: 0, built: 0, failed: 0 };

  beforeAll(async () => {
    const root = await writeInlineSite(`-- site.yaml --\n${ROUTES}`);
    removeWhenDone(root);
    const outside = await mkdtemp(join(tmpdir(), "ppguide-outside-"));
    removeWhenDone(outside);
    for (const s of SOURCES) {
      await mkdir(dirname(join(outside, FILE_OF[s])), { recursive: true });
      await writeFile(join(outside, FILE_OF[s]), "OUTSIDE THE SITE: never read.\n");
    }
    await writeFile(join(outside, "outside.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    places = { root, outside, manifest: await readFile(join(root, "site.yaml"), "utf8") };
    caches = await mkdtemp(join(tmpdir(), "ppguide-dev-fuzz-caches-"));
    removeWhenDone(caches);
    out = join(await mkdtemp(join(tmpdir(), "ppguide-dev-fuzz-out-")), "dist");
    removeWhenDone(dirname(out));
    await writeModel(places, INITIAL);
    dev = await startDev({
      root,
      port: 0,
      log: () => {},
      onRebuild: (r) => reports.push(r),
      preview: { unpublished: true, reloadScript: false },
    });
  }, 120_000);
  afterAll(async () => {
    await dev?.close();
    console.log(
      `dev under edits: ${tally.steps} edits, after which ${tally.built} builds succeeded and ${tally.failed} ` +
        `failed (${builds.size} states of the files built)`,
    );
  });

  /** Applies an edit (or the reset to the start), waits for dev to settle, and compares it with a fresh build. */
  async function step(next: Model, e: Edit | undefined, history: string[]): Promise<void> {
    const before = reports.length;
    const changed = await writeModel(places, next, e);
    model = next;
    // The build reads the files as they are now, while dev hears of them; the same files, the same build.
    const key = await filesKey(places.root);
    const building = builds.get(key) ?? freshBuild(places.root, caches, out);
    builds.set(key, building);
    if (changed) {
      await expect.poll(() => reports.length, { timeout: REBUILD_HEARD_MS, interval: 5 }).toBeGreaterThan(before);
      // Quiet: an edit of two steps (a file removed, a link made) may be heard as two. Idle after
      // the pause, so a rebuild the pause let in (a second look at a file caught half-saved) is done.
      for (let seen = -1; seen !== reports.length; ) {
        seen = reports.length;
        await new Promise((done) => setTimeout(done, QUIET_MS));
        await dev.idle();
      }
    }
    tally.steps++;
    const fresh = await building;
    const where = () => `after:\n  ${history.join("\n  ")}`;
    const shown = devProblems(dev);
    const told = () => [
      ...dev.site.problems,
      ...(reports.at(-1)?.crash ? [String((reports.at(-1)!.crash as Error).stack)] : []),
    ];
    expect(
      shown,
      `dev's problems differ from a fresh build's, ${where()}\n${told().join("\n").slice(0, 3000)}`,
    ).toEqual(fresh.problems);
    if (!fresh.result) {
      tally.failed++;
      return;
    }
    tally.built++;
    const last = reports.at(-1) ?? dev.initial;
    expect(set(last.warnings), `dev's warnings differ from a fresh build's, ${where()}`).toEqual(
      set(fresh.result.warnings),
    );
    // Every page the build wrote, served by dev byte for byte; and nothing else of the site's.
    expect([...dev.site.pages.keys()].sort(), where()).toEqual([...fresh.pages.keys()].sort());
    for (const [route, html] of fresh.pages) {
      const res = await fetch(new URL(encodeURI(route), dev.url));
      expect(await res.text(), `${route} as dev serves it, ${where()}`).toBe(html);
    }
    // The draft, and only it, is served besides, with its banner.
    const unpublished = [...dev.site.unpublished.keys()];
    expect(unpublished, where()).toEqual(next.draft && next.files.carnival !== "gone" ? ["/carnival"] : []);
    if (unpublished.length) {
      const res = await fetch(new URL("/carnival", dev.url));
      expect(res.status).toBe(200);
      expect(fresh.pages.has("/carnival")).toBe(false);
    }
    // Nothing outside the site reached a page.
    for (const html of dev.site.pages.values()) expect(html.html).not.toMatch(/OUTSIDE THE SITE|root:x:0:0/);
  }

  async function sequence(edits: Edit[]): Promise<void> {
    const history = ["(the site as it began)"];
    await step(INITIAL, undefined, history);
    for (const e of edits) {
      history.push(JSON.stringify(e));
      await step(apply(model, e), e, history);
    }
  }

  it("starts as a fresh build of the same files", async () => {
    await step(INITIAL, undefined, ["(the start)"]);
    expect(devProblems(dev)).toEqual([]);
    expect(existsSync(join(out, "beaches.html"))).toBe(true);
  }, 60_000);

  it(
    `shows a fresh build's problems and pages after each edit of ${RUNS} sequences`,
    async () => {
      const seeds: [number, number][] =
        REPLAY === undefined
          ? [
              [FIXED_SEED, Math.ceil(RUNS * 0.75)],
              [randomInt(2 ** 31), Math.floor(RUNS * 0.25)],
            ]
          : [[REPLAY, RUNS]];
      for (const [seed, numRuns] of seeds) {
        if (numRuns === 0) continue;
        console.log(`dev under edits: ${numRuns} sequences with seed ${seed} (FUZZ_SEED=${seed} replays them)`);
        await fc.assert(fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), sequence), {
          numRuns,
          seed,
          endOnFailure: true,
          ...(seed === FIXED_SEED && { examples: EXAMPLES }),
        });
      }
      expect(tally.built).toBeGreaterThan(0);
      expect(tally.failed).toBeGreaterThan(0);
    },
    Math.max(300_000, RUNS * 15_000),
  );
});

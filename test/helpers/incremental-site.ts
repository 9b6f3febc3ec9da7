/**
 * The incremental property's site and edits (test/engine/incremental*.test.ts): the site is a model
 * (SiteState) written out as real files; each edit changes one input of one kind, only the files
 * whose text changes are rewritten (as an editor would), and after every edit the site is rebuilt in
 * the same site folder, output folder and cache folder, then compared with a clean build of a copy
 * of the same sources into a fresh folder with empty caches; dev mode, told of the same edits, must
 * serve what that clean build wrote.
 */
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { expect } from "vitest";
import { build } from "../../src/engine/build.ts";
import { errorsOf, isUserError, warningsOf, type PpgError } from "../../src/core/errors.ts";
import { expected } from "../../src/core/invariant.ts";
import { DevSite } from "../../src/dev/dev-site.ts";
import { merge } from "../../src/engine/merge.ts";
import { generatedFiles } from "../../src/output/generated-files.ts";
import { FIXTURES } from "./fixture.ts";
import { OFFLINE_MANIFEST, SERVICE_WORKER } from "../../src/output/service-worker.ts";
import { copySources, describeDifference, readTree, type Tree } from "./output-tree.ts";
import { assertProperty } from "./property.ts";

export const runs = (n: number) => (process.env.FC_RUNS ? Number(process.env.FC_RUNS) : n);

// ---------------------------------------------------------------------------------------------
// The site: the basic-site fixture's pages, with a raster photo (sharp measures and encodes it, so
// its width and height reach the HTML) and an article that can come and go.

export interface SiteState {
  bodies: { beaches: string; flan: string; bakeries: string; extra: string };
  beachesKeywords: string[];
  beachesToc: boolean;
  flanSources: boolean;
  navLabel: string;
  beachesRelated: string[];
  alias: boolean;
  search: string[];
  authorName: string;
  banners: readonly number[];
  guidesTitle: string;
  flanDescription: string;
  listingName: string;
  listingDescription: string;
  photo: { width: number; height: number };
  bannerFill: string;
  extra: boolean;
  /** The index page's route, which related cards and the index name. */
  guidesPath: string;
  /** The beaches page's Dorada anchor, which the flan page links to: without it, a reused page's link breaks. */
  doradaAnchor: boolean;
  /** public/images/map.svg, which the bakeries page links to: without it, a reused page's link breaks. */
  mapAsset: boolean;
}

export const INITIAL: SiteState = {
  bodies: { beaches: "", flan: "", bakeries: "", extra: "A page that comes and goes." },
  beachesKeywords: ["beaches"],
  beachesToc: true,
  flanSources: false,
  navLabel: "Beaches",
  beachesRelated: ["/flan-recipe", "/bakeries", "/guides"],
  alias: false,
  search: ["/beaches", "/flan-recipe"],
  authorName: "Test Desk",
  banners: [0],
  guidesTitle: "All Guides",
  flanDescription: "A creamy caramel flan that sets in the oven in under an hour.",
  listingName: "Corner Bakery",
  listingDescription: "A neighbourhood bakery selling bread and cakes baked each morning.",
  photo: { width: 320, height: 200 },
  bannerFill: "#0b5d6b",
  extra: false,
  guidesPath: "/guides",
  doradaAnchor: true,
  mapAsset: true,
};

const BANNERS = [
  `{ href: "https://hotels.example/?aid=1", image: /images/banner.svg, alt: Find a hotel, width: 728, height: 90 }`,
  `{ href: "https://hotels.example/?aid=2", image: /images/banner.svg, alt: Book a room by the sea, width: 728, height: 90 }`,
];

const SERVICE_WORKER_FILES = [SERVICE_WORKER, OFFLINE_MANIFEST];

function siteYaml(s: SiteState): string {
  return siteYamlAt(s).replaceAll("/guides", s.guidesPath);
}

function siteYamlAt(s: SiteState): string {
  return `site:
  name: Fixture Guide
  url: https://fixture.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Fixture Guide }
  email: info@fixture.example
  social: { facebook: https://www.facebook.com/, twitter: https://x.com/, pinterest: https://www.pinterest.com/, youtube: https://www.youtube.com/ }
  disclosure: Some links are affiliate links; we may earn a commission.
  app: { name: Fixture Guide, shortName: Fixture, icon: /images/logo.svg, themeColor: "#0b5d6b", backgroundColor: "#fbf7f0" }
  offline: { packs: [{ name: guide, label: the guide }, { name: places, label: the places, menus: [Places] }] }
${s.banners.length ? `  banners:\n${s.banners.map((b) => `    - ${BANNERS[b]}\n`).join("")}` : ""}authors:
  desk: { name: ${s.authorName}, avatar: /images/avatar.svg, email: desk@fixture.example }
nav:
  - label: Guides
    items:
      - { label: ${s.navLabel}, path: /beaches }
      - { label: Flan, path: /flan-recipe }
  - label: Places
    items:
      - { label: Bakeries, path: /bakeries }
      - { label: Old Guides, path: /old-beaches }
search: [${s.search.join(", ")}]
aliases:
  - { from: /old-beaches, to: /beaches }
${s.alias ? "  - { from: /beach-guide, to: /beaches }\n" : ""}routes:
  - path: /
    kind: home
    title: Fixture Guide Home
    description: A tiny site that exercises every template of ppguide.
    home:
      heading: Welcome to the fixture
      slides:
        - { title: Beaches, text: Sand and sea., image: /images/photo.png, alt: A beach, path: /beaches }
      culture: [/beaches]
      cuisine: [/flan-recipe]
      thumbnails:
        - { label: Bakeries, path: /bakeries }
  - path: /beaches
    kind: article
    title: The Best Beaches
    description: Where to swim, where to eat and when to go to the beach.
    image: { src: /images/photo.png, alt: A wide sandy beach, caption: The beach at dawn }
    author: desk
    dates: { created: 2025-01-02, published: 2025-01-03, modified: 2025-09-01 }
    content: articles/beaches.md
    related: [${s.beachesRelated.join(", ")}]
  - path: /flan-recipe
    kind: recipe
    title: Caramel Flan
    description: ${s.flanDescription}
    image: { src: /images/photo.svg, alt: A flan on a plate }
    author: desk
    dates: { created: 2025-02-01, published: 2025-02-01, modified: 2025-03-15 }
    content: articles/flan.md
    related: [/beaches, /bakeries, /guides]
  - path: /bakeries
    kind: directory
    title: Bakeries
    description: Fresh bread and cakes from the town's bakeries.
    image: { src: /images/photo.svg, alt: Bread in a basket }
    content: pages/bakeries.md
    listings: listings/bakeries.yaml
    columns: 2
    related: [/beaches, /flan-recipe, /guides]
  - path: /guides
    kind: index
    title: ${s.guidesTitle}
    description: Every guide on the fixture site in one place.
    image: { src: /images/photo.svg, alt: A map }
    cards: [/beaches, /flan-recipe${s.extra ? ", /extra" : ""}]
    columns: 3
    related: [/beaches, /flan-recipe, /bakeries]
${
  s.extra
    ? `  - path: /extra
    kind: article
    title: An Extra Page
    description: A page added to the site and removed again by the property test.
    image: { src: /images/photo.png, alt: The same beach }
    author: desk
    dates: { created: 2025-04-01, published: 2025-04-01, modified: 2025-04-02 }
    content: articles/extra.md
    related: [/beaches, /flan-recipe, /bakeries]
`
    : ""
}  - path: /search
    kind: search
    title: Search
    description: Every guide on the fixture site, searchable by title.
  - path: /authors/desk
    kind: author
    author: desk
    title: ${s.authorName}
    description: The desk that writes every guide and recipe on the fixture site.
`;
}

function siteFiles(s: SiteState): Map<string, string> {
  const files = new Map<string, string>();
  files.set("site.yaml", siteYaml(s));
  files.set(
    "content/articles/beaches.md",
    `---
section: Travel
keywords: [${s.beachesKeywords.join(", ")}]
toc: ${s.beachesToc}
---

Our favourite beaches, with a [flan](/flan-recipe) to follow.${s.bodies.beaches}

## Playa Dorada${s.doradaAnchor ? " {#Dorada}" : ""}

Long and golden. See [Mangú](/beaches#Mangú).

![Palm trees over the sand](/images/photo.png "Palms at Playa Dorada")

::banner

## Mangú {#Mangú}

Breakfast after a swim. Back to [Dorada](#Dorada).
`,
  );
  files.set(
    "content/articles/flan.md",
    `---
section: Recipes
keywords: [flan, dessert]
${s.flanSources ? `sources:\n  - { url: "https://flan.example/recipe", says: Bake it for 50 minutes in a water bath }\n` : ""}recipe:
  prepMinutes: 15
  totalMinutes: 65
  servings: 8
  yield: 8 slices
  calories: 320
  category: Dessert
  ingredients: [1 cup sugar, 4 eggs, 1 can evaporated milk]
  instructions: [Melt the sugar to a caramel., Whisk the eggs and milk., Bake 50 minutes in a water bath.]
---

A classic. More on the [beaches](/beaches) and [Playa Dorada](/beaches#Dorada).${s.bodies.flan}
`,
  );
  files.set(
    "content/pages/bakeries.md",
    `Two bakeries worth the walk, on [a map](/images/map.svg).${s.bodies.bakeries}\n`,
  );
  files.set(
    "content/listings/bakeries.yaml",
    `itemType: Bakery
items:
  - { id: 1, name: ${s.listingName}, image: /images/photo.svg, alt: Loaves on a shelf, description: ${s.listingDescription}, address2: Puerto Plata 57000 }
  - { id: 2, name: Market Stall, image: /images/photo.svg, alt: Cakes under glass, address2: "Sosúa, Puerto Plata" }
`,
  );
  // An SVG is copied as it is, not measured or encoded: a replaced one must replace the output's copy.
  files.set(
    "public/images/banner.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" width="728" height="90" viewBox="0 0 728 90"><rect width="728" height="90" fill="${s.bannerFill}"/></svg>\n`,
  );
  if (s.mapAsset)
    files.set(
      "public/images/map.svg",
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#0b5d6b"/></svg>\n`,
    );
  if (s.extra) files.set("content/articles/extra.md", `${s.bodies.extra}\n\nBack to the [beaches](/beaches).\n`);
  return files;
}

const photos = new Map<string, Buffer>();
async function photo({ width, height }: SiteState["photo"]): Promise<Buffer> {
  const key = `${width}x${height}`;
  if (!photos.has(key)) {
    photos.set(
      key,
      await sharp({ create: { width, height, channels: 3, background: { r: width % 256, g: 120, b: height % 256 } } })
        .png()
        .toBuffer(),
    );
  }
  return photos.get(key)!;
}

/** Writes the site as state `s`: only the files whose bytes change, and removes the ones it no longer has. Returns the paths it changed. */
async function writeSite(root: string, s: SiteState, before?: SiteState): Promise<string[]> {
  const files: Map<string, string | Buffer> = siteFiles(s);
  files.set("public/images/photo.png", await photo(s.photo));
  const changed: string[] = [];
  for (const [name, body] of files) {
    const path = join(root, name);
    const old = await readFile(path).catch(() => undefined);
    if (old?.equals(Buffer.from(body))) continue;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    changed.push(path);
  }
  if (before) {
    for (const name of siteFiles(before).keys()) {
      if (files.has(name)) continue;
      await rm(join(root, name));
      changed.push(join(root, name));
    }
  }
  return changed;
}

export async function newSite(s: SiteState): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "ppguide-incremental-"));
  // The fixture's other public files (logo, avatar, photo.svg, icons); writeSite replaces banner.svg.
  await cp(join(FIXTURES, "basic-site/public"), join(root, "public"), { recursive: true });
  // site.app makes the web app manifest (and site.offline the service worker) the build's own.
  await rm(join(root, "public/site.webmanifest"));
  await writeSite(root, s);
  return root;
}

// ---------------------------------------------------------------------------------------------
// The edits: plain data, so fast-check prints a failing sequence as it is.

const word = fc.constantFrom("sunny", "quiet", "golden", "windy", "local", "fresh", "early", "late");
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" "));
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** Each kind of edit, with what it draws: the kinds are this record's keys, so no draw is needed to list them. */
export const EDITS = {
  "markdown body": fc.record({ page: fc.constantFrom("beaches", "flan", "bakeries", "extra" as const), text: words }),
  "front matter keywords": fc.record({ keywords: fc.uniqueArray(word, { minLength: 1, maxLength: 3 }) }),
  "front matter toc": fc.record({ toc: fc.boolean() }),
  "front matter sources": fc.record({ sources: fc.boolean() }),
  "nav label": fc.record({ label: words.map(capital) }),
  related: fc.record({
    related: fc.shuffledSubarray(["/flan-recipe", "/bakeries", "/guides", "/search"], { minLength: 3, maxLength: 3 }),
  }),
  alias: fc.record({ present: fc.boolean() }),
  "search list": fc.record({
    search: fc.shuffledSubarray(["/beaches", "/flan-recipe", "/bakeries", "/guides"], { minLength: 1 }),
  }),
  "author name": fc.record({ name: words.map((w) => `${capital(w)} Desk`) }),
  banners: fc.record({ banners: fc.constantFrom([0], [1], [0, 1], [1, 0]) }),
  "route title": fc.record({ title: words.map((w) => `${capital(w)} Guides`) }),
  "route description": fc.record({ description: words.map((w) => `A ${w} caramel flan.`) }),
  "listing name": fc.record({ name: words.map((w) => `${capital(w)} Bakery`) }),
  "listing description": fc.record({ description: words.map((w) => `A ${w} bakery by the square.`) }),
  "raster image": fc.record({ width: fc.integer({ min: 40, max: 900 }), height: fc.integer({ min: 40, max: 600 }) }),
  "svg image": fc.record({ fill: fc.constantFrom("#0b5d6b", "#8a3b12", "#1d4f91") }),
  "page added or removed": fc.record({ present: fc.boolean() }),
  "route renamed": fc.record({ path: fc.constantFrom("/guides", "/all-guides", "/guides/all") }),
  // A target that pages not edited link to, taken away (their links break: every build fails, with the same
  // problems) and given back.
  "linked anchor": fc.record({ present: fc.boolean() }),
  "linked asset": fc.record({ present: fc.boolean() }),
};
export type EditKind = keyof typeof EDITS;
export type EditOf<K extends EditKind> = { kind: K } & ((typeof EDITS)[K] extends fc.Arbitrary<infer F> ? F : never);
/**
 * Edits that leave every input's bytes as they were: a file saved again unchanged (its mtime new), and one
 * changed and put back at once, within the same second (its size the same, its ctime new). A rebuild must see
 * through both: render nothing they do not change, and miss nothing.
 */
export const TOUCHED_FILES = [
  "site.yaml",
  "content/articles/beaches.md",
  "content/listings/bakeries.yaml",
  "public/images/banner.svg",
  "public/images/photo.png",
] as const;
type Touch = { kind: "file touched" | "changed and restored"; file: (typeof TOUCHED_FILES)[number] };
export const touch: fc.Arbitrary<Touch> = fc.record({
  kind: fc.constantFrom("file touched" as const, "changed and restored" as const),
  file: fc.constantFrom(...TOUCHED_FILES),
});
type Edit = { [K in EditKind]: EditOf<K> }[EditKind] | Touch;
export const edit: fc.Arbitrary<Edit> = fc.oneof(
  ...(Object.keys(EDITS) as EditKind[]).map((kind) =>
    (EDITS[kind] as fc.Arbitrary<object>).map((fields) => ({ kind, ...fields }) as Edit),
  ),
  touch,
);

/** Does what a touch edit says to its file, in `root`; returns the file's path. */
export async function touched(root: string, { kind, file }: Touch): Promise<string> {
  const path = join(root, file);
  const bytes = await readFile(path);
  if (kind === "changed and restored") {
    const changed = Buffer.from(bytes);
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    await writeFile(path, changed);
    await writeFile(path, bytes);
  } else {
    const now = new Date();
    await utimes(path, now, now);
  }
  return path;
}

const isTouch = (e: Edit): e is Touch => e.kind === "file touched" || e.kind === "changed and restored";

export function apply(s: SiteState, e: Edit): SiteState {
  switch (e.kind) {
    case "markdown body":
      return {
        ...s,
        bodies: { ...s.bodies, [e.page]: e.page === "extra" ? `An extra page, ${e.text}.` : ` Also ${e.text}.` },
      };
    case "front matter keywords":
      return { ...s, beachesKeywords: e.keywords };
    case "front matter toc":
      return { ...s, beachesToc: e.toc };
    case "front matter sources":
      return { ...s, flanSources: e.sources };
    case "nav label":
      return { ...s, navLabel: e.label };
    case "related":
      return { ...s, beachesRelated: e.related };
    case "alias":
      return { ...s, alias: e.present };
    case "search list":
      return { ...s, search: e.search };
    case "author name":
      return { ...s, authorName: e.name };
    case "banners":
      return { ...s, banners: e.banners };
    case "route title":
      return { ...s, guidesTitle: e.title };
    case "route description":
      return { ...s, flanDescription: e.description };
    case "listing name":
      return { ...s, listingName: e.name };
    case "listing description":
      return { ...s, listingDescription: e.description };
    case "raster image":
      return { ...s, photo: { width: e.width, height: e.height } };
    case "svg image":
      return { ...s, bannerFill: e.fill };
    case "page added or removed":
      return { ...s, extra: e.present };
    case "route renamed":
      return { ...s, guidesPath: e.path };
    case "linked anchor":
      return { ...s, doradaAnchor: e.present };
    case "linked asset":
      return { ...s, mapAsset: e.present };
    case "file touched":
    case "changed and restored":
      return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Builds.

/** Runs a process to its end; rejects with its output when it exits non-zero. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

/** Runs fn with PPGUIDE_CACHE_DIR set to dir (src/core/disk-cache.ts reads it on every use). */
export async function withCaches<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PPGUIDE_CACHE_DIR;
  process.env.PPGUIDE_CACHE_DIR = dir;
  try {
    return await fn();
  } finally {
    process.env.PPGUIDE_CACHE_DIR = saved;
  }
}

/**
 * What a build gave: the site it served, or the problems it failed with; and the warnings it reported either way
 * (each problem as `Code  file:line:col  path  message`, once, sorted: a rebuild reports what a full check finds,
 * in its own order).
 */
interface Outcome {
  tree?: Tree;
  problems: string[];
  warnings: string[];
  /** Shards only: one failed, so the merge did not run. */
  stoppedBeforeMerge?: true;
}

const reported = (found: readonly PpgError[]) => [...new Set(found.map((e) => `${e.code}  ${e.format()}`))].sort();

async function outcomeOf(building: () => Promise<{ warnings: readonly PpgError[] }>, out: string): Promise<Outcome> {
  try {
    const { warnings } = await building();
    return { tree: await readTree(out), problems: [], warnings: reported(warnings) };
  } catch (err) {
    if (!isUserError(err)) throw err;
    return { problems: reported(errorsOf(err)), warnings: reported(warningsOf(err)) };
  }
}

/** Undefined when two outcomes are the same: the same problems, the same warnings, the same site served. */
export function describeOutcomes(
  actual: Outcome,
  expected: Outcome,
  labels = ["rebuild", "clean build"],
): string | undefined {
  const listed = (what: string, a: string[], b: string[]) => {
    const only = (x: string[], y: string[]) => x.filter((line) => !y.includes(line));
    const lines = [
      ...only(a, b).map((l) => `  ${labels[0]} only: ${l}`),
      ...only(b, a).map((l) => `  ${labels[1]} only: ${l}`),
    ];
    return lines.length ? `${what} differ:\n${lines.join("\n")}` : undefined;
  };
  const trees =
    actual.tree && expected.tree
      ? describeDifference(actual.tree, expected.tree, labels)
      : actual.tree || expected.tree
        ? `only the ${labels[actual.tree ? 0 : 1]} succeeded`
        : undefined;
  const found = [
    listed("problems", actual.problems, expected.problems),
    listed("warnings", actual.warnings, expected.warnings),
    trees,
  ];
  return found.filter(Boolean).join("\n") || undefined;
}

/**
 * Undefined when shards that stopped before the merge reported what a clean build reports, if not all of it: some
 * problems, each one the clean build fails with, and no warning it lacks.
 */
function describeStop(stopped: Outcome, clean: Outcome): string | undefined {
  if (clean.tree) return "a shard failed, and the clean build succeeded";
  if (stopped.problems.length === 0) return "the shards stopped before the merge without a problem";
  const extra = (what: string, a: string[], b: string[]) =>
    a.filter((line) => !b.includes(line)).map((line) => `  shards only, ${what}: ${line}`);
  const lines = [
    ...extra("problem", stopped.problems, clean.problems),
    ...extra("warning", stopped.warnings, clean.warnings),
  ];
  return lines.length ? `the shards reported what a clean build does not:\n${lines.join("\n")}` : undefined;
}

/** A clean build of root's sources: a fresh copy, a fresh output folder, empty caches. */
export async function cleanBuild(root: string, searchIndex: boolean): Promise<Outcome> {
  const copy = await mkdtemp(join(tmpdir(), "ppguide-clean-"));
  const caches = await mkdtemp(join(tmpdir(), "ppguide-clean-caches-"));
  try {
    await copySources(root, copy);
    const out = join(copy, "dist");
    return await withCaches(caches, () =>
      outcomeOf(() => build({ root: copy, out, searchIndex, linkMode: "error" }), out),
    );
  } finally {
    await rm(copy, { recursive: true, force: true });
    await rm(caches, { recursive: true, force: true });
  }
}

/**
 * What dev mode serves of the site, as a tree: its pages as rendered (the reload script is added
 * as each is sent), the generated files, the search index when asked for, and public/ from disk.
 */
async function devTree(dev: DevSite, searchIndex: boolean): Promise<Tree> {
  const tree: Tree = new Map();
  for (const page of dev.pages.values()) tree.set(page.file, Buffer.from(page.html));
  for (const { file, content } of generatedFiles(dev.site!)) tree.set(file, Buffer.from(await content()));
  if (searchIndex) for (const [file, content] of await dev.searchFiles()) tree.set(file, Buffer.from(content));
  for (const file of dev.site!.publicFiles) tree.set(file.slice(1), await readFile(join(dev.root, "public", file)));
  return tree;
}

/**
 * The property: from a first build, each edit followed by a rebuild in place equals a clean build,
 * and dev mode, told of the files the edit changed, serves what the clean build wrote. A failure
 * names the step, the edits so far, and how the trees differ; fast-check adds the seed and the
 * shrunk sequence.
 */
export async function rebuildsEqualCleanBuilds(edits: Edit[], searchIndex: boolean): Promise<void> {
  let state: SiteState = { ...INITIAL };
  const root = await newSite(state);
  const caches = await mkdtemp(join(tmpdir(), "ppguide-incremental-caches-"));
  const out = join(root, "dist");
  const rebuild = () =>
    withCaches(caches, () => outcomeOf(() => build({ root, out, searchIndex, linkMode: "error" }), out));
  const dev = new DevSite(root);
  const fail = (i: number, what: string, difference: string) => {
    const steps = edits
      .slice(0, i + 1)
      .map((x, n) => `  ${n + 1}. ${JSON.stringify(x)}`)
      .join("\n");
    return new Error(
      `after edit ${i + 1} of ${edits.length}, ${what} differs from a clean build:\n${difference}\nedits:\n${steps}`,
    );
  };
  try {
    let served = expected((await rebuild()).tree, "the first build's site");
    expect((await dev.rebuild()).errors).toEqual([]);
    for (const [i, e] of edits.entries()) {
      const next = apply(state, e);
      const changed = await writeSite(root, next, state);
      if (isTouch(e)) changed.push(await touched(root, e));
      state = next;
      const rebuilt = await rebuild();
      const clean = await cleanBuild(root, searchIndex);
      const difference = describeOutcomes(rebuilt, clean);
      if (difference) throw fail(i, "the rebuild", difference);
      // A failed rebuild serves what the last good one did.
      const kept = rebuilt.tree ? undefined : describeDifference(await readTree(out), served, ["served", "last good"]);
      if (kept) throw fail(i, "what a failed rebuild left served", kept);
      served = rebuilt.tree ?? served;
      const report = await dev.rebuild(new Map(changed.map((path) => [path, "change"])));
      // What dev shows on its pages, or instead of them, is what the build failed with.
      const shown = { problems: reported([...report.errors, ...[...report.pageProblems.values()].flat()]) };
      const problems = describeOutcomes({ ...shown, warnings: [] }, { ...clean, tree: undefined, warnings: [] }, [
        "dev mode",
        "clean build",
      ]);
      if (problems) throw fail(i, "what dev mode reports", problems);
      if (!clean.tree) continue;
      // Dev serves a worker that removes itself, never the build's (src/dev/client.ts).
      const built = new Map([...clean.tree].filter(([file]) => !SERVICE_WORKER_FILES.includes(file)));
      const devServes = describeDifference(await devTree(dev, searchIndex), built, ["dev mode", "clean build"]);
      if (devServes) throw fail(i, "what dev mode serves", devServes);
    }
  } finally {
    await dev.dispose();
    await rm(root, { recursive: true, force: true });
    await rm(caches, { recursive: true, force: true });
  }
}

/**
 * The property for a site built in shards on separate runners (engine/shard.ts): after each edit, each shard is
 * built again by its own runner, in a fresh checkout of the sources with its own shard folder and caches restored
 * (what its actions/cache key gives back), and merged over the previous merge; the merged site equals a clean
 * single build, search index included.
 */
export async function shardedRebuildsEqualCleanBuilds(edits: Edit[], total: number): Promise<void> {
  let state: SiteState = { ...INITIAL };
  const root = await newSite(state);
  const work = await mkdtemp(join(tmpdir(), "ppguide-sharded-"));
  const runner = (name: string) => ({ site: join(work, name, "site"), caches: join(work, name, "caches") });
  const shards = Array.from({ length: total }, (_, i) => runner(`shard-${i + 1}`));
  const merger = runner("merge");
  /** A fresh checkout of the sources, beside what the runner's cache restored (its output and .ppguide-cache). */
  const checkout = async (site: string) => {
    const kept = /^(shard|dist)($|\.ppguide$)|^\.ppguide-cache$/;
    await mkdir(site, { recursive: true });
    for (const name of await readdir(site)) if (!kept.test(name)) await rm(join(site, name), { recursive: true });
    await copySources(root, site);
  };
  const round = async (): Promise<Outcome> => {
    const built: Outcome[] = [];
    for (const [i, { site, caches }] of shards.entries()) {
      await checkout(site);
      await mkdir(caches, { recursive: true });
      const out = join(site, "shard");
      built.push(
        await withCaches(caches, () =>
          outcomeOf(() => build({ root: site, out, shard: { index: i + 1, total }, linkMode: "error" }), out),
        ),
      );
    }
    // A shard that fails stops the workflow before the merge, with what its runner found: problems of the pages it
    // built, while the checks that need every shard's pages (an anchor on a page of another shard) wait for the merge.
    if (built.some((shard) => !shard.tree)) {
      const union = (lists: string[][]) => [...new Set(lists.flat())].sort();
      const problems = union(built.map((b) => b.problems));
      return { problems, warnings: union(built.map((b) => b.warnings)), stoppedBeforeMerge: true };
    }
    await checkout(merger.site);
    await mkdir(merger.caches, { recursive: true });
    const given = shards.map(({ site }) => join(site, "shard"));
    const out = join(merger.site, "dist");
    return withCaches(merger.caches, () => outcomeOf(() => merge({ root: merger.site, out, shards: given }), out));
  };
  try {
    await round();
    for (const [i, e] of edits.entries()) {
      const next = apply(state, e);
      await writeSite(root, next, state);
      if (isTouch(e)) await touched(root, e);
      state = next;
      const merged = await round();
      const clean = await cleanBuild(root, true);
      const difference = merged.stoppedBeforeMerge
        ? describeStop(merged, clean)
        : describeOutcomes(merged, clean, ["merged shards", "clean build"]);
      if (difference) {
        const steps = edits.slice(0, i + 1).map((x, n) => `  ${n + 1}. ${JSON.stringify(x)}`);
        throw new Error(
          `after edit ${i + 1}, ${total} shards merged differ from a clean build:\n${difference}\n${steps.join("\n")}`,
        );
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The property of any sequence of edits: half of its cases, under the fixed seed (with `examples`, named
 * sequences run first) or a random one, as its two files run it.
 */
export function anySequenceEqualsCleanBuilds(half: "fixed" | "random", examples?: [Edit[]][]): Promise<void> {
  return assertProperty(
    fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => rebuildsEqualCleanBuilds(edits, false)),
    { numRuns: runs(30), ...(examples && { examples }), endOnFailure: !process.env.FC_SHRINK, half },
  );
}

/**
 * Build benchmark: ppguide against Eleventy 3, Hugo, Hugo followed by Pagefind's CLI (the pair
 * a Hugo user picks for search), and Eleventy followed by Pagefind's CLI and check-html-links (the
 * JavaScript pipeline doing all ppguide build does: render, index, check links) on the same
 * synthetic Markdown site, each built from a fresh process, interleaved; prints median wall time,
 * CPU time and peak memory side by side.
 *
 *   npm run bench                      # N = 1000, 4000 and 16000 (ppguide and Hugo + Pagefind only), 5 of each
 *   npx tsx bench/build.ts 500 --runs 7
 *   npx tsx bench/build.ts 16000 --runs 3 --shards 4   # ppguide alone: n shards and a merge against one build
 *   npx tsx bench/build.ts 16000 --runs 5 --one-edit   # only the rebuilds after one body is edited
 *
 * For each size: first builds from nothing (on all cores, and pinned to one with taskset), then
 * rebuilds with no change, after editing one article's body, and after renaming the first nav
 * label (which every page shows); for ppguide also a one-edit rebuild as a CI job makes it: the
 * site checked out afresh at a new path and the output restored from a cache (new inodes and
 * mtimes everywhere).
 *
 * Every page is a ~700-word article with headings, a list, two internal links and an image,
 * front matter, a related triple, and the full nav and footer (test/helpers/synthetic-site.ts).
 * Eleventy (a Nunjucks layout) and Hugo (a Go template) render the same Markdown into the same
 * head, nav and footer. Eleventy comes from bench/package.json, installed on first run; Hugo is
 * Debian's `hugo` package, skipped with a note when it is not installed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { articleBody, NAV, PHOTO, writePpguideSite } from "../test/helpers/synthetic-site.ts";
import { BENCH, hugoVersion, installPeers, pagefindBinary, peerBin } from "./peers.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
// Five of each by default: on a noisy 2-core machine a median of fewer is a guess.
const RUNS = runsArg >= 0 ? Number(args.splice(runsArg, 2)[1]) : 5;
const shardsArg = args.indexOf("--shards");
/** `--shards n`: ppguide's build split into n shards and merged (engine/shard.ts), against one build; no peers. */
const SHARDS = shardsArg >= 0 ? Number(args.splice(shardsArg, 2)[1]) : undefined;
const oneEditArg = args.indexOf("--one-edit");
/**
 * `--one-edit`: after one first build each (not reported), only the rebuilds after one body is edited, the everyday
 * CI run, for a size whose whole table takes too long (16,000 pages: an hour).
 */
const ONE_EDIT = oneEditArg >= 0 && args.splice(oneEditArg, 1).length === 1;
const SIZES = args.length ? args.map(Number) : [1000, 4000, 16000];
/** Above this many pages only ppguide and Hugo + Pagefind run: the others take minutes a build. */
const ALL_PEERS_UP_TO = 4000;

/** Where the layouts of the peers differ: how each template language spells the page's fields. */
interface TemplateSyntax {
  title: string;
  description: string;
  url: string;
  content: string;
  eachRelated: (item: (index: string) => string) => string;
}

const NUNJUCKS: TemplateSyntax = {
  title: "{{ title }}",
  description: "{{ description }}",
  url: "{{ page.url }}",
  content: "{{ content | safe }}",
  eachRelated: (item) => `{% for r in related %}${item("{{ r }}")}{% endfor %}`,
};

const GO_TEMPLATE: TemplateSyntax = {
  title: "{{ .Title }}",
  description: "{{ .Description }}",
  url: "{{ .RelPermalink }}",
  content: "{{ .Content }}",
  eachRelated: (item) => `{{ range .Params.related }}${item("{{ . }}")}{{ end }}`,
};

/** The article layout for a peer: the same head, nav, article, related list and footer as ppguide's pages. */
function layout(n: number, t: TemplateSyntax): string {
  let k = 0;
  const nav = NAV.map(
    ([label, count]) =>
      `<li><details><summary>${label}</summary><ul>${Array.from({ length: count }, () => `<li><a href="/article-${k % n}/">Article ${k++}</a></li>`).join("")}</ul></details></li>`,
  ).join("");
  return `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} | Bench Guide</title><meta name="description" content="${t.description}"><link rel="canonical" href="https://bench.example${t.url}">
<meta property="og:title" content="${t.title}"><meta property="og:description" content="${t.description}"><link rel="stylesheet" href="/site.css"></head>
<body><header><a href="/"><img src="/images/logo.svg" alt="Bench Guide" width="1800" height="390"></a><nav aria-label="Main"><ul>${nav}</ul>
<form role="search" action="/search"><input type="search" name="q" placeholder="Search..."></form></nav></header>
<main><article><h1>${t.title}</h1><p>By Bench Desk. Updated Mar 04, 2025</p><figure><img src="/images/photo.svg" alt="A beach" width="1200" height="800"><figcaption>The beach</figcaption></figure>
${t.content}</article>
<section><h2>You May Also Like</h2><ul>${t.eachRelated((r) => `<li><a href="/article-${r}/">Article ${r}</a></li>`)}</ul></section></main>
<footer><ul><li><a href="https://www.facebook.com/">Facebook</a></li><li><a href="https://x.com/">Twitter</a></li><li><a href="https://www.pinterest.com/">Pinterest</a></li><li><a href="https://www.youtube.com/">YouTube</a></li></ul>
<p><a href="mailto:info@bench.example">info@bench.example</a></p><p>Some links are affiliate links; we may earn a commission at no cost to you.</p><p>© 2026 Bench Guide</p></footer></body></html>`;
}

/** Front matter a peer reads: title, description, the clean URL and the related triple. */
const peerFrontMatter = (i: number, n: number, extra: string) =>
  `---\n${extra}title: Article number ${i} about the north coast\ndescription: A synthetic travel article used to benchmark static site builds, number ${i}.\n` +
  `related: [${(i + 1) % n}, ${(i + 2) % n}, ${(i + 3) % n}]\n---\n\n`;

/** Peers link to folders: the same links with the trailing slash their URLs have. */
const peerBody = (i: number, n: number) => articleBody(i, n).replace(/\]\(\/article-(\d+)\)/g, "](/article-$1/)");

/** The same Markdown for Eleventy, with a Nunjucks layout holding the same head, nav and footer. */
async function writeEleventySite(dir: string, n: number): Promise<void> {
  await mkdir(join(dir, "src/articles"), { recursive: true });
  await mkdir(join(dir, "src/_includes"), { recursive: true });
  await mkdir(join(dir, "src/images"), { recursive: true });
  await writeFile(join(dir, "src/images/photo.svg"), PHOTO);
  await writeFile(join(dir, "src/_includes/post.njk"), layout(n, NUNJUCKS));
  await writeFile(
    join(dir, "eleventy.config.mjs"),
    `export default function (config) {\n  config.addPassthroughCopy("src/images");\n  return { dir: { input: "src", output: "_site" }, markdownTemplateEngine: false };\n}\n`,
  );
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    // markdown-it has no heading attributes without a plugin: Eleventy's headings go without ids.
    const body = peerBody(i, n).replace(/ \{#[^}]+\}/g, "");
    writes.push(
      writeFile(
        join(dir, `src/articles/article-${i}.md`),
        `${peerFrontMatter(i, n, `layout: post.njk\npermalink: /article-${i}/\n`)}${body}\n`,
      ),
    );
    if (writes.length === 1000) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

/** The same Markdown for Hugo (Goldmark reads the `{#id}` heading attributes as ppguide does), one Go template. */
async function writeHugoSite(dir: string, n: number): Promise<void> {
  await mkdir(join(dir, "content/articles"), { recursive: true });
  await mkdir(join(dir, "layouts/_default"), { recursive: true });
  await mkdir(join(dir, "static/images"), { recursive: true });
  await writeFile(join(dir, "static/images/photo.svg"), PHOTO);
  await writeFile(join(dir, "layouts/_default/single.html"), layout(n, GO_TEMPLATE));
  // Only the article pages, as the other two write: no list pages, taxonomies, feeds or sitemap.
  await writeFile(
    join(dir, "hugo.toml"),
    `baseURL = "https://bench.example/"\nlanguageCode = "en-US"\ntitle = "Bench Guide"\n` +
      `disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n`,
  );
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    writes.push(
      writeFile(
        join(dir, `content/articles/article-${i}.md`),
        `${peerFrontMatter(i, n, `url: /article-${i}/\n`)}${peerBody(i, n)}\n`,
      ),
    );
    if (writes.length === 1000) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** Runs a command under /usr/bin/time (pinned to the first `cores` cores) and reads its wall, user+sys CPU and peak RSS. */
function measure(cmd: string, argv: string[], cwd: string, cores?: number, env: NodeJS.ProcessEnv = {}): Sample {
  if (cores) [cmd, argv] = ["taskset", ["-c", `0-${cores - 1}`, cmd, ...argv]];
  // The previous build's writes are flushed first, so that the disk's writeback of one build's
  // 4,000 files is not charged to whichever build comes next (without it a 4,000-page first build
  // of ppguide measured 4.7-6.7 s from one run to the next).
  spawnSync("sync");
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %U %S %M", cmd, ...argv], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "true", ...env },
  });
  const line = result.stderr.split("\n").find((l) => l.startsWith("TIME "));
  if (result.status !== 0 || !line)
    throw new Error(`${cmd} ${argv.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  // bin/ppguide says so when lib/ is not compiled from the sources beside it: a source edited while
  // the benchmark runs once made its ppguide figures those of the sources run through tsx.
  if (result.stderr.includes("so ppguide runs from its sources"))
    throw new Error(
      "ppguide ran from its sources, not lib/: run npm run build:cli, and edit no source while this runs",
    );
  const [wall = Number.NaN, user = Number.NaN, sys = Number.NaN, rssKb = Number.NaN] = line
    .slice(5)
    .split(" ")
    .map(Number);
  return { wall, cpu: user + sys, rssMb: rssKb / 1024 };
}

async function appendTo(file: string, text: string): Promise<void> {
  await writeFile(file, (await readFile(file, "utf8")) + text);
}

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  await writeFile(file, text.split(from).join(to));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function summarize(samples: Sample[]): Sample {
  return {
    wall: median(samples.map((s) => s.wall)),
    cpu: median(samples.map((s) => s.cpu)),
    rssMb: median(samples.map((s) => s.rssMb)),
  };
}

const fmt = (s: Sample) =>
  `${s.wall.toFixed(2).padStart(7)} s ${s.cpu.toFixed(2).padStart(6)} s ${s.rssMb.toFixed(0).padStart(5)} MB`;
const BLANK = " ".repeat(fmt({ wall: 0, cpu: 0, rssMb: 0 }).length);

/** Pages a generator wrote: x/index.html (Eleventy, Hugo) or x.html (ppguide); -L: ppguide's output folder is a link. */
const countPages = (dir: string) =>
  Number(execFileSync("bash", ["-c", `find -L ${dir} -name '*.html' ! -name 404.html | wc -l`]).toString());

interface Generator {
  name: string;
  /** A ppguide variant (the rest are peers). */
  ours: boolean;
  /** Writes the synthetic site of n pages into dir for this generator. */
  write: (dir: string, n: number) => Promise<void>;
  /** Builds; `cores` pins the process (and its threads) to the first N cores with taskset. */
  build: (dir: string, cores?: number) => Sample;
  /** The Markdown file of article 0, whose body an edit changes. */
  article0: string;
  /** The file holding the nav's first label (every page shows it) and how it is written there. */
  nav: { file: string; label: (name: string) => string };
  /** Where the pages end up, to check that every generator built all of them. */
  output: string;
  /** What a build leaves in the site folder (output, caches): removed before each first build. */
  leaves: string[];
}

async function main(): Promise<void> {
  if (!existsSync("/usr/bin/time")) throw new Error("bench needs GNU time at /usr/bin/time (apt-get install time)");
  if (SHARDS) return shardBench(SHARDS);
  installPeers();
  const ppguide = join(REPO, "bin/ppguide");
  const eleventy = join(BENCH, "node_modules/@11ty/eleventy/cmd.cjs");
  const hugo = hugoVersion();
  const pagefind = pagefindBinary();
  const summary = (name: string) => `<summary>${name}</summary>`;
  const ppguideAs = (name: string, flags: string[], write = writePpguideSite): Generator => ({
    name,
    ours: true,
    write,
    build: (dir, cores) => measure(ppguide, ["build", "--root", dir, ...flags], REPO, cores),
    article0: "content/articles/article-0.md",
    nav: { file: "site.yaml", label: (label) => `  - label: ${label}\n` },
    output: "dist",
    leaves: ["dist", "dist.ppguide", ".ppguide-cache"],
  });
  const noCache = ppguideAs("ppguide, no index, --no-cache", ["--no-search-index", "--no-cache"]);
  const hugoSite = (name: string, command: string[]): Generator => ({
    name,
    ours: false,
    write: writeHugoSite,
    // Through sh, so that /usr/bin/time counts both processes of Hugo + Pagefind.
    build: (dir, cores) => measure("sh", ["-c", command.join(" && ")], dir, cores),
    article0: "content/articles/article-0.md",
    nav: { file: "layouts/_default/single.html", label: summary },
    output: "public",
    leaves: ["public", "resources", ".hugo_build.lock"],
  });
  const eleventySite = (name: string, command: string[]): Generator => ({
    name,
    ours: false,
    write: writeEleventySite,
    // Through sh, so that /usr/bin/time counts every process of the pipeline.
    build: (dir, cores) => measure("sh", ["-c", command.join(" && ")], dir, cores),
    article0: "src/articles/article-0.md",
    nav: { file: "src/_includes/post.njk", label: summary },
    output: "_site",
    leaves: ["_site", ".cache"],
  });
  const generators: Generator[] = [
    ppguideAs("ppguide", []),
    // The same without the Pagefind index, which Eleventy and Hugo do not make: like against like.
    ppguideAs("ppguide, no index", ["--no-search-index"]),
    eleventySite("Eleventy", [`${process.execPath} ${eleventy} --quiet`]),
    // The JavaScript pipeline that does ppguide build's whole job: render, index with Pagefind's
    // CLI (reading <main>, as ppguide's index does), then check every internal link.
    eleventySite("Eleventy + Pagefind + check-html-links", [
      `${process.execPath} ${eleventy} --quiet`,
      `${pagefind} --site _site --root-selector main --force-language en --silent`,
      peerBin("check-html-links") + " _site",
    ]),
  ];
  if (hugo) {
    generators.push(hugoSite("Hugo", ["hugo --quiet"]));
    // Pagefind's CLI as a Hugo user runs it, reading <main> as ppguide's index does.
    generators.push(
      hugoSite("Hugo + Pagefind", [
        "hugo --quiet",
        `${pagefind} --site public --root-selector main --force-language en --silent`,
      ]),
    );
  }

  console.log(`node ${process.version}; ${hugo ?? "Hugo is not installed (apt-get install hugo): it is left out"}`);
  console.log(
    `Per size the median of ${RUNS} first builds from nothing, then of ${RUNS} rebuilds over the previous output, the generators taking turns; wall / CPU (user+sys) / peak RSS.\n`,
  );
  // A folder of this run's own: ppguide will not write over a folder an older run or version left.
  const ownOut = await mkdtemp(join(tmpdir(), "ppguide-bench-own-"));
  const own: Sample[] = [];
  for (let r = 0; r < RUNS; r++) own.push(measure(ppguide, ["build", "--out", join(ownOut, "dist")], REPO));
  console.log(`${"project site, ppguide".padEnd(24)}${fmt(summarize(own))}\n`);
  await rm(ownOut, { recursive: true, force: true });

  for (const n of SIZES) {
    const running = n > ALL_PEERS_UP_TO ? generators.filter((g) => g.ours || g.name === "Hugo + Pagefind") : generators;
    const dir = await mkdtemp(join(tmpdir(), `ppguide-bench-${n}-`));
    const site = (g: Generator) => join(dir, g.name.replace(/\W+/g, "-"));
    // One site after another: all of them at once, 16,000 files each, ran out of file handles (EMFILE).
    for (const g of running) await g.write(site(g), n);
    const round = () => running.map((g) => g.build(site(g)));
    const fromNothing = () => {
      for (const g of running)
        for (const left of g.leaves) rmSync(join(site(g), left), { recursive: true, force: true });
    };
    const editBody = (g: Generator, r: number) => appendTo(join(site(g), g.article0), `\nEdited once more (${r}).\n`);
    if (ONE_EDIT) {
      fromNothing();
      round();
      const samples: Sample[][] = [];
      for (let r = 0; r < RUNS; r++) {
        for (const g of running) await editBody(g, r);
        samples.push(round());
      }
      const body = running.map((_, g) => summarize(samples.map((x) => x[g]!)));
      console.log(`${n} pages, one body edited, medians of ${RUNS}: wall / CPU / peak RSS`);
      for (const [i, g] of running.entries()) console.log(`  ${g.name.padEnd(40)}${fmt(body[i]!)}`);
      for (const [o, ours] of running.entries())
        for (const [p, peer] of running.entries())
          if (ours.ours && !peer.ours)
            console.log(
              `  ${`${ours.name} ÷ ${peer.name}:`.padEnd(64)}${(body[o]!.wall / body[p]!.wall).toFixed(2)}× (CPU ${(body[o]!.cpu / body[p]!.cpu).toFixed(2)}×)`,
            );
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    // Each first build starts from nothing: no output and no caches, as in CI on a fresh clone.
    // The rebuilds find the previous output, as in CI with a cached output folder or an editor
    // building again.
    const firsts = Array.from({ length: RUNS }, () => {
      fromNothing();
      return round();
    });
    const first = running.map((_, g) => summarize(firsts.map((r) => r[g]!)));
    const noIndex = running.findIndex((g) => g.name === "ppguide, no index");
    const rebuilds = Array.from({ length: RUNS }, () => {
      const samples = round();
      // ppguide's rebuild once more without its page cache (--no-cache, on the no-index site):
      // every page is then rendered, scanned and compared again, which shows what the cache saves.
      return { samples, bare: noCache.build(site(running[noIndex]!)) };
    });
    const again = running.map((_, g) => summarize(rebuilds.map((r) => r.samples[g]!)));
    // The edits an editor makes: one article's body (one page changes), and the first nav label,
    // which every page shows (every page changes), renamed back and forth.
    const edited = async (edit: (g: Generator, r: number) => Promise<void>, build = round) => {
      const samples: Sample[][] = [];
      for (let r = 0; r < RUNS; r++) {
        for (const g of running) await edit(g, r);
        samples.push(build());
      }
      return running.map((_, g) => summarize(samples.map((x) => x[g]!)));
    };
    const body = await edited(editBody);
    // As a CI job: a fresh checkout at a new path (every file new, with a new mtime) and the output
    // and image cache restored into it from the job's cache (new inodes), then one body edited.
    const restored = await edited(
      async (g, r) => {
        if (!g.ours) return;
        const moved = `${site(g)}-moved`;
        await cp(site(g), moved, { recursive: true, verbatimSymlinks: true });
        rmSync(site(g), { recursive: true, force: true });
        renameSync(moved, site(g));
        await editBody(g, r);
      },
      () => running.map((g) => (g.ours ? g.build(site(g)) : { wall: NaN, cpu: NaN, rssMb: NaN })),
    );
    const navLabel = await edited((g, r) =>
      replaceIn(
        join(site(g), g.nav.file),
        g.nav.label(r % 2 ? "Sights" : NAV[0][0]),
        g.nav.label(r % 2 ? NAV[0][0] : "Sights"),
      ),
    );
    // First builds with one core against the two above: how far the work spreads over cores.
    const oneCore = Array.from({ length: RUNS }, () => {
      fromNothing();
      return running.map((g) => g.build(site(g), 1));
    });
    const first1 = running.map((_, g) => summarize(oneCore.map((r) => r[g]!)));

    const rows: [string, Sample[]][] = [
      ["first build", first],
      ["first build, 1 core", first1],
      ["rebuild, no change", again],
      ["rebuild, 1 body edited", body],
      ["  the same, CI-restored", restored],
      ["rebuild, nav renamed", navLabel],
    ];
    console.log(`${n} pages, medians of ${RUNS}: wall / CPU / peak RSS`);
    const width = Math.max(BLANK.length + 3, ...running.map((g) => g.name.length + 1));
    console.log(`  ${"".padEnd(24)}${running.map((g) => g.name.padEnd(width)).join("")}`);
    for (const [label, samples] of rows)
      console.log(
        `  ${label.padEnd(24)}${samples.map((x) => (Number.isNaN(x.wall) ? BLANK : fmt(x)).padEnd(width)).join("")}`,
      );
    console.log(
      `  ${"no index, --no-cache".padEnd(24)}${fmt(summarize(rebuilds.map((r) => r.bare)))}   (a rebuild rendering every page again)`,
    );
    // Each ppguide variant's wall time over each peer's, row by row, and its CPU time over theirs:
    // CPU is the steadier figure on a shared machine, where another job's minute lands on the wall.
    for (const [o, ourGen] of running.entries()) {
      if (!ourGen.ours) continue;
      for (const [p, peer] of running.entries()) {
        if (peer.ours) continue;
        console.log(
          `  ${`${ourGen.name} ÷ ${peer.name}:`.padEnd(64)}${rows
            .filter(([label]) => !label.includes("CI"))
            .map(([label, samples]) => {
              const [ours, theirs] = [samples[o]!, samples[p]!];
              return `${label} ${(ours.wall / theirs.wall).toFixed(2)}× (CPU ${(ours.cpu / theirs.cpu).toFixed(2)}×)`;
            })
            .join(", ")}`,
        );
      }
    }
    running.forEach((g, i) =>
      console.log(
        `  ${g.name}: a first build on all cores is ${(first1[i]!.wall / first[i]!.wall).toFixed(2)}× as fast as on one`,
      ),
    );
    console.log();
    for (const g of running) {
      const pages = countPages(join(site(g), g.output));
      if (pages < n) throw new Error(`${g.name} wrote ${pages} pages, expected ${n}`);
      // The same page from everyone: the Markdown rendered inside the layout with its related list.
      const out = join(site(g), g.output);
      const page = await readFile(
        existsSync(join(out, "article-1.html")) ? join(out, "article-1.html") : join(out, "article-1/index.html"),
        "utf8",
      );
      for (const text of ["Getting there</h2>", "Bring water</li>", "You May Also Like"]) {
        if (!page.includes(text)) throw new Error(`${g.name}'s article-1 lacks ${text}`);
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `--shards n`: one build against n shard builds and a merge, as n CI runners and a merge job would run them, but
 * one after another on this machine: each shard in a copy of its own of the site, from nothing (no output, no image
 * cache), with its own PPGUIDE_CACHE_DIR; the merge in another copy. Reported: the single build, the slowest shard,
 * the merge, the slowest shard plus the merge (the wall time of the matrix and its merge job, less the CI's own
 * overheads), and each one's peak memory. The merged output is compared with the single build's, byte for byte,
 * once per size.
 */
async function shardBench(n: number): Promise<void> {
  const ppguide = join(REPO, "bin/ppguide");
  console.log(`node ${process.version}; ppguide in ${n} shards and a merge against one build, medians of ${RUNS}`);
  for (const size of SIZES) {
    const dir = await mkdtemp(join(tmpdir(), `ppguide-bench-shards-${size}-`));
    console.log(`\n${size} pages, ${n} shards: wall / CPU / peak RSS`);
    const copy = (name: string) => join(dir, name);
    const names = ["single", ...Array.from({ length: n }, (_, i) => `shard-${i + 1}`), "merge"];
    await writePpguideSite(copy("single"), size);
    for (const name of names.slice(1)) await cp(copy("single"), copy(name), { recursive: true });
    const run = (name: string, argv: string[]) => {
      for (const left of ["dist", "dist.ppguide", "shard", "shard.ppguide", ".ppguide-cache"])
        if (name !== "merge" || !left.startsWith("shard"))
          rmSync(join(copy(name), left), { recursive: true, force: true });
      return measure(ppguide, [...argv, "--root", copy(name)], REPO, undefined, {
        PPGUIDE_CACHE_DIR: join(copy(name), ".schemas"),
      });
    };
    const samples = Array.from({ length: RUNS }, () => {
      const single = run("single", ["build"]);
      const shards = names
        .slice(1, -1)
        .map((name, i) => run(name, ["build", "--shard", `${i + 1}/${n}`, "--out", "shard"]));
      const merge = run("merge", ["merge", ...names.slice(1, -1).map((name) => join(copy(name), "shard"))]);
      const slowest = shards.reduce((a, b) => (b.wall > a.wall ? b : a));
      const largest = Math.max(...shards.map((s) => s.rssMb));
      return { single, slowest: { ...slowest, rssMb: largest }, merge };
    });
    const same = spawnSync("diff", ["-rq", join(copy("single"), "dist/"), join(copy("merge"), "dist/")], {
      encoding: "utf8",
    });
    if (same.status !== 0) throw new Error(`the merged site differs from the single build:\n${same.stdout}`);
    const single = summarize(samples.map((s) => s.single));
    const slowest = summarize(samples.map((s) => s.slowest));
    const merge = summarize(samples.map((s) => s.merge));
    const both = median(samples.map((s) => s.slowest.wall + s.merge.wall));
    console.log(`    ${"single build".padEnd(34)}${fmt(single)}`);
    console.log(`    ${"slowest shard (largest RSS)".padEnd(34)}${fmt(slowest)}`);
    console.log(`    ${"merge".padEnd(34)}${fmt(merge)}`);
    console.log(
      `    slowest shard + merge ${both.toFixed(2)} s: ${(both / single.wall).toFixed(2)}× the single build; ` +
        `peak RSS of a shard ${(slowest.rssMb / single.rssMb).toFixed(2)}×, of the merge ` +
        `${(merge.rssMb / single.rssMb).toFixed(2)}×; merged output equal to the single build's`,
    );
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Build benchmark: ppguide against Eleventy 3 on the same synthetic Markdown site, each built
 * from a fresh process several times; prints median wall time, CPU time and peak memory.
 *
 *   npm run bench                      # N = 1000 and 4000: a first build and 3 rebuilds each
 *   npx tsx bench/build.ts 500 --runs 5
 *
 * Every page is a ~700-word article with headings, a list, two internal links and an image,
 * front matter, a related triple, and the full nav and footer. Eleventy renders the same
 * Markdown through a Nunjucks layout with the same head, nav and footer.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../", import.meta.url));
/** What a rebuild reuses from the last build (src/output/record.ts, src/manifest/load.ts). */
const REBUILD_CACHES = ["ppguide-output", "ppguide-manifest"].map((kind) => join(REPO, "node_modules/.cache", kind));
const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(args.splice(runsArg, 2)[1]) : 3;
const SIZES = args.length ? args.map(Number) : [1000, 4000];

const WORDS = "sun sea sand palm reef boat coast town street market rum cacao coffee music merengue bachata fortress cable mountain waterfall beach hotel breakfast lunch dinner plantain rice beans fish coconut mango papaya guava".split(" ");

function paragraph(seed: number, words: number): string {
  let out = "";
  for (let i = 0; i < words; i++) out += (i ? " " : "") + WORDS[(seed * 7 + i * 13) % WORDS.length];
  return `${out[0].toUpperCase()}${out.slice(1)}.`;
}

function articleBody(i: number, n: number): string {
  const a = (i + 1) % n;
  const b = (i + 7) % n;
  return [
    paragraph(i, 90),
    `## Getting there {#getting-there}`,
    paragraph(i + 1, 110),
    `See also [article ${a}](/article-${a}) and [article ${b}](/article-${b}).`,
    `![A beach with palm trees](/images/photo.svg "A caption for article ${i}")`,
    `## What to expect {#what-to-expect}`,
    paragraph(i + 2, 120),
    "- Bring water\n- Wear sunscreen\n- Carry small bills\n- Ask before you photograph people",
    `## Where to eat {#where-to-eat}`,
    paragraph(i + 3, 120),
    `## Practical tips {#tips}`,
    paragraph(i + 4, 120),
    paragraph(i + 5, 110),
  ].join("\n\n");
}

const PHOTO = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#0b5d6b"/></svg>';
const NAV = [
  ["Attractions", 4],
  ["Dining", 5],
  ["Lifestyle", 4],
  ["Resorts", 3],
  ["Shopping", 4],
] as const;

export async function writePpguideSite(dir: string, n: number): Promise<void> {
  await mkdir(join(dir, "content/articles"), { recursive: true });
  await mkdir(join(dir, "public/images"), { recursive: true });
  for (const f of ["photo.svg", "logo.svg", "logo.png", "avatar.svg"]) await writeFile(join(dir, "public/images", f), PHOTO);
  for (const f of ["favicon.svg", "apple-touch-icon.png"]) await writeFile(join(dir, "public", f), PHOTO);
  await writeFile(join(dir, "public/site.webmanifest"), "{}");
  let k = 0;
  const nav = NAV.map(([label, count]) => `  - label: ${label}\n    items:\n${Array.from({ length: count }, () => `      - { label: Article ${k}, path: /article-${k++ % n} }`).join("\n")}`).join("\n");
  const routes: string[] = [];
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    routes.push(
      `  - path: /article-${i}\n    kind: article\n    title: Article number ${i} about the north coast\n    description: A synthetic travel article used to benchmark static site builds, number ${i}.\n` +
        `    image: { src: /images/photo.svg, alt: A beach with palm trees, caption: The beach }\n    author: desk\n` +
        `    dates: { created: 2025-01-01, published: 2025-01-02, modified: 2025-03-04 }\n    content: articles/article-${i}.md\n` +
        `    related: [/article-${(i + 1) % n}, /article-${(i + 2) % n}, /article-${(i + 3) % n}]`,
    );
    writes.push(writeFile(join(dir, `content/articles/article-${i}.md`), `---\nsection: Travel\nkeywords: [travel, beach]\n---\n\n${articleBody(i, n)}\n`));
  }
  await Promise.all(writes);
  await writeFile(
    join(dir, "site.yaml"),
    `site:
  name: Bench Guide
  url: https://bench.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Bench Guide }
  email: info@bench.example
  social: { facebook: "https://www.facebook.com/", twitter: "https://x.com/", pinterest: "https://www.pinterest.com/", youtube: "https://www.youtube.com/" }
  disclosure: Some links are affiliate links; we may earn a commission at no cost to you.
authors:
  desk: { name: Bench Desk, avatar: /images/avatar.svg, email: desk@bench.example }
nav:
${nav}
routes:
  - path: /
    kind: home
    title: Bench Guide
    description: The home page of the synthetic benchmark site, linking to its articles.
    home:
      heading: Bench Guide
      slides: [{ title: Beaches, text: Sand and sea., image: /images/photo.svg, alt: A beach, path: /article-0 }]
      culture: [/article-0, /article-1]
      cuisine: [/article-2]
      thumbnails: [{ label: First, path: /article-3 }]
  - path: /search
    kind: search
    title: Search
    description: Every article of the synthetic benchmark site, searchable by title.
${routes.join("\n")}
`,
  );
}

/** The same Markdown for Eleventy, with a Nunjucks layout holding the same head, nav and footer. */
export async function writeEleventySite(dir: string, n: number): Promise<void> {
  await mkdir(join(dir, "src/articles"), { recursive: true });
  await mkdir(join(dir, "src/_includes"), { recursive: true });
  await mkdir(join(dir, "src/images"), { recursive: true });
  await writeFile(join(dir, "src/images/photo.svg"), PHOTO);
  let k = 0;
  const nav = NAV.map(
    ([label, count]) =>
      `<li><details><summary>${label}</summary><ul>${Array.from({ length: count }, () => `<li><a href="/article-${k % n}/">Article ${k++}</a></li>`).join("")}</ul></details></li>`,
  ).join("");
  await writeFile(
    join(dir, "src/_includes/post.njk"),
    `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} | Bench Guide</title><meta name="description" content="{{ description }}"><link rel="canonical" href="https://bench.example{{ page.url }}">
<meta property="og:title" content="{{ title }}"><meta property="og:description" content="{{ description }}"><link rel="stylesheet" href="/site.css"></head>
<body><header><a href="/"><img src="/images/logo.svg" alt="Bench Guide" width="1800" height="390"></a><nav aria-label="Main"><ul>${nav}</ul>
<form role="search" action="/search"><input type="search" name="q" placeholder="Search..."></form></nav></header>
<main><article><h1>{{ title }}</h1><p>By Bench Desk. Updated Mar 04, 2025</p><figure><img src="/images/photo.svg" alt="A beach" width="1200" height="800"><figcaption>The beach</figcaption></figure>
{{ content | safe }}</article>
<section><h2>You May Also Like</h2><ul>{% for r in related %}<li><a href="/article-{{ r }}/">Article {{ r }}</a></li>{% endfor %}</ul></section></main>
<footer><ul><li><a href="https://www.facebook.com/">Facebook</a></li><li><a href="https://x.com/">Twitter</a></li><li><a href="https://www.pinterest.com/">Pinterest</a></li><li><a href="https://www.youtube.com/">YouTube</a></li></ul>
<p><a href="mailto:info@bench.example">info@bench.example</a></p><p>Some links are affiliate links; we may earn a commission at no cost to you.</p><p>© 2026 Bench Guide</p></footer></body></html>`,
  );
  await writeFile(join(dir, "eleventy.config.mjs"), `export default function (config) {\n  config.addPassthroughCopy("src/images");\n  return { dir: { input: "src", output: "_site" }, markdownTemplateEngine: false };\n}\n`);
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const body = articleBody(i, n).replace(/\]\(\/article-(\d+)\)/g, "](/article-$1/)").replace(/ \{#[^}]+\}/g, "");
    writes.push(
      writeFile(
        join(dir, `src/articles/article-${i}.md`),
        `---\nlayout: post.njk\ntitle: Article number ${i} about the north coast\ndescription: A synthetic travel article used to benchmark static site builds, number ${i}.\npermalink: /article-${i}/\nrelated: [${(i + 1) % n}, ${(i + 2) % n}, ${(i + 3) % n}]\n---\n\n${body}\n`,
      ),
    );
  }
  await Promise.all(writes);
}

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** Runs a command under /usr/bin/time and reads its wall, user+sys CPU and peak RSS. */
function measure(cmd: string, argv: string[], cwd: string): Sample {
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %U %S %M", cmd, ...argv], { cwd, encoding: "utf8", env: { ...process.env, CI: "true" } });
  const line = result.stderr.split("\n").find((l) => l.startsWith("TIME "));
  if (result.status !== 0 || !line) throw new Error(`${cmd} ${argv.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  const [wall, user, sys, rssKb] = line.slice(5).split(" ").map(Number);
  return { wall, cpu: user + sys, rssMb: rssKb / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summarize(samples: Sample[]): Sample {
  return { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)), rssMb: median(samples.map((s) => s.rssMb)) };
}

const fmt = (s: Sample) => `${s.wall.toFixed(2).padStart(7)} s ${s.cpu.toFixed(2).padStart(7)} s ${s.rssMb.toFixed(0).padStart(7)} MB`;

async function main(): Promise<void> {
  if (!existsSync("/usr/bin/time")) throw new Error("bench needs GNU time at /usr/bin/time (apt-get install time)");
  const ppguide = join(REPO, "bin/ppguide");
  const eleventy = join(REPO, "node_modules/@11ty/eleventy/cmd.cjs");
  console.log(`node ${process.version}; per size a first build from nothing, then the median of ${RUNS} rebuilds (ppguide also without the caches a rebuild reuses); wall / CPU (user+sys) / peak RSS\n`);
  console.log(`${"site".padEnd(30)}${"wall".padStart(9)}${"CPU".padStart(10)}${"peak RSS".padStart(11)}`);

  const own: Sample[] = [];
  for (let r = 0; r < RUNS; r++) own.push(measure(ppguide, ["build", "--out", join(tmpdir(), "ppguide-bench-own")], REPO));
  console.log(`${"project site (ppguide)".padEnd(30)}${fmt(summarize(own))}`);

  for (const n of SIZES) {
    const dir = await mkdtemp(join(tmpdir(), `ppguide-bench-${n}-`));
    await writePpguideSite(join(dir, "pp"), n);
    await writeEleventySite(join(dir, "11ty"), n);
    const build = () => measure(ppguide, ["build", "--root", join(dir, "pp")], REPO);
    const run = () => ({ pp: build(), el: measure(process.execPath, [eleventy, "--quiet"], join(dir, "11ty")) });
    // The first build of each starts from nothing (no output, no caches); the rebuilds find the
    // previous output, as in CI with a cached output folder or an editor building again.
    const first = run();
    const again = Array.from({ length: RUNS }, () => ({
      ...run(),
      // The same rebuild without what it reuses from the last build (the output record and the
      // checked manifest): every page is then read back and scanned again, and site.yaml parsed
      // and checked, which shows what those caches save.
      bare: (REBUILD_CACHES.forEach((dir) => rmSync(dir, { recursive: true, force: true })), build()),
    }));
    const [p, e, b] = [summarize(again.map((r) => r.pp)), summarize(again.map((r) => r.el)), summarize(again.map((r) => r.bare))];
    console.log(`${`${n} pages, first: ppguide`.padEnd(30)}${fmt(first.pp)}`);
    console.log(`${`${n} pages, first: Eleventy`.padEnd(30)}${fmt(first.el)}`);
    console.log(`${`${n} pages, first: ratio`.padEnd(30)}${(first.pp.wall / first.el.wall).toFixed(2).padStart(7)} x`);
    console.log(`${`${n} pages, rebuild: ppguide`.padEnd(30)}${fmt(p)}`);
    console.log(`${`${n} pages, rebuild: Eleventy`.padEnd(30)}${fmt(e)}`);
    console.log(`${`${n} pages, rebuild: ratio`.padEnd(30)}${(p.wall / e.wall).toFixed(2).padStart(7)} x`);
    console.log(`${`${n} pages, no caches: ppguide`.padEnd(30)}${fmt(b)}`);
    console.log(`${`${n} pages, no caches: ratio`.padEnd(30)}${(b.wall / e.wall).toFixed(2).padStart(7)} x\n`);
    const pages = Number(execFileSync("bash", ["-c", `find ${join(dir, "pp/dist")} -name index.html | wc -l`]).toString());
    if (pages < n) throw new Error(`ppguide wrote ${pages} pages, expected ${n}`);
    await rm(dir, { recursive: true, force: true });
  }
}

// Run only as a script: bench/dev.ts imports the site generator.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

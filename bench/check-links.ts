/**
 * Benchmark of `ppguide check-links` against established checkers on the same generated site.
 * The checkers are bench/'s own dependencies (bench/package.json), installed on the first run.
 *
 *   npx tsx bench/check-links.ts            # 1,000 and 4,000 pages
 *   npx tsx bench/check-links.ts 2000 8000  # other sizes
 *
 * Each tool runs in its own child process under /usr/bin/time -v (wall time, CPU time of the
 * process and its children, peak RSS of the largest one), so start-up costs count for everyone.
 * On a busy machine compare the CPU column: wall time then mostly measures the neighbours. linkinator and
 * hyperlink are far slower: they run on the first size only, with a time cap.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installPeers, peerBin } from "./peers.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// Child mode: run our checker the way the CLI does, from TypeScript source through tsx.
if (process.argv[2] === "--run-ours") {
  const { checkLinks, linkReportSummary } = await import("../src/links/index.ts");
  const report = await checkLinks({ dir: process.argv[3]! });
  process.stdout.write(`${linkReportSummary(report)}\n`);
  process.exit(report.problems.length > 0 ? 1 : 0);
}

const LINKS_PER_PAGE = 60;
const ANCHORS_PER_PAGE = 10;
const ASSETS = 50;

/** A deterministic pseudo-random generator, so every run checks the same site. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pagePath = (i: number): string => `guide/s${i % 20}/p${i}/index.html`;
const anchorId = (i: number, k: number): string => (k === 0 ? `Mangú-${i}` : `sec-${k}`);

/**
 * Pages in folders with clean URLs, ~60 links of every common form (root-relative, relative,
 * clean, index.html, with fragments raw and percent-encoded, assets, a few external and mailto),
 * 10 anchors each, a paragraph of text between links. One page in 100 has a broken link, so every
 * tool has something to find.
 */
function generateSite(dir: string, pages: number): void {
  const rand = rng(pages);
  mkdirSync(join(dir, "img"), { recursive: true });
  for (let a = 0; a < ASSETS; a++) writeFileSync(join(dir, "img", `photo-${a}.jpg`), "x");
  writeFileSync(join(dir, "site.css"), "body{}");
  const nav = Array.from(
    { length: 8 },
    (_, k) => `<a href="/${pagePath(k).replace("index.html", "")}">Section ${k}</a>`,
  ).join("\n");
  const index: string[] = [];
  for (let i = 0; i < pages; i++) {
    const links: string[] = [];
    for (let l = 0; l < LINKS_PER_PAGE - 8; l++) {
      const j = Math.floor(rand() * pages);
      const k = Math.floor(rand() * ANCHORS_PER_PAGE);
      const form = l % 13;
      const cleanDir = `/${pagePath(j).replace("index.html", "")}`;
      let href: string;
      if (form === 0) href = `${cleanDir}#${encodeURIComponent(anchorId(j, 0))}`;
      else if (form === 1) href = `${cleanDir}#${anchorId(j, 0)}`;
      else if (form === 2) href = `/${pagePath(j)}#${anchorId(j, k)}`;
      else if (form === 3) href = `../../s${j % 20}/p${j}/`;
      else if (form === 4) href = `#${anchorId(i, k)}`;
      else if (form === 5) href = `/img/photo-${j % ASSETS}.jpg`;
      else if (form === 6) href = `https://example.com/p/${j}`;
      else if (form === 7) href = `mailto:guide${j}@example.com`;
      else href = `${cleanDir}?from=${i}#${anchorId(j, k)}`;
      const tag = form === 5 ? `<img src="${href}" alt="Photo ${j}">` : `<a href="${href}">Link ${l} to page ${j}</a>`;
      links.push(`<p>Puerto Plata notes ${l}: the malecón, the fortress and the cable car. ${tag}</p>`);
    }
    if (i % 100 === 7)
      links.push(`<p><a href="/guide/missing-${i}/">broken</a> <a href="#nowhere">broken anchor</a></p>`);
    const anchors = Array.from(
      { length: ANCHORS_PER_PAGE },
      (_, k) =>
        `<h2 id="${anchorId(i, k)}">Heading ${k}</h2>\n<p>Text of section ${k} about beaches, food and history.</p>`,
    );
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="stylesheet" href="/site.css"></head>
<body><header><nav>
${nav}
</nav></header><main>
${anchors.slice(0, 5).join("\n")}
${links.join("\n")}
${anchors.slice(5).join("\n")}
</main></body></html>
`;
    const file = join(dir, pagePath(i));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    index.push(`<li><a href="/${pagePath(i).replace("index.html", "")}">Page ${i}</a></li>`);
  }
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><title>Home</title></head><body><ul>\n${index.join("\n")}\n</ul></body></html>\n`,
  );
}

interface Measure {
  tool: string;
  pages: number;
  wallS: number | null;
  /** User + system CPU seconds: a fairer figure than wall time on a busy machine. */
  cpuS: number | null;
  rssMb: number | null;
  exit: number | null;
  note: string;
}

/** Runs a command under /usr/bin/time -v in its own process group, killed after capS seconds. */
function measure(tool: string, pages: number, cmd: string[], cwd: string, capS: number): Promise<Measure> {
  return new Promise((done) => {
    const started = process.hrtime.bigint();
    const hasTime = existsSync("/usr/bin/time");
    const argv = hasTime ? ["/usr/bin/time", "-v", ...cmd] : cmd;
    const child = spawn(argv[0]!, argv.slice(1), { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, capS * 1000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      const cpu = (text: string): number | null => {
        const user = /User time \(seconds\): ([\d.]+)/.exec(text);
        const sys = /System time \(seconds\): ([\d.]+)/.exec(text);
        return user && sys && !timedOut ? Number(user[1]) + Number(sys[1]) : null;
      };
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
      // The tool's own stderr comes before the report of /usr/bin/time.
      const toolErr = err.split(/\n\s*Command being timed:/)[0]!;
      // The line that says what the tool found: ours prints a summary, check-html-links "Found N
      // missing reference targets (used by M links)" or "All tested links are valid".
      const summaryLine = (s: string): string => {
        const lines = s
          .split("\n")
          .map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trim())
          .filter(Boolean);
        for (const pattern of [/references, \d+ problems/, /missing reference targets/, /links are valid/, /broken/i]) {
          const hit = lines.find((l) => pattern.test(l));
          if (hit) return hit;
        }
        return lines.slice(-1)[0] ?? "";
      };
      done({
        tool,
        pages,
        wallS: timedOut ? null : elapsed,
        cpuS: cpu(err),
        rssMb: rss ? Number(rss[1]) / 1024 : null,
        exit: timedOut ? null : code,
        note: timedOut ? `stopped after ${capS} s` : summaryLine(`${out}\n${toolErr}`).slice(0, 80),
      });
    });
  });
}

// Generate only, to profile or inspect a site: npx tsx bench/check-links.ts --generate DIR PAGES
if (process.argv[2] === "--generate") {
  generateSite(process.argv[3]!, Number(process.argv[4] ?? 1000));
  process.exit(0);
}

installPeers();
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
if (sizes.length === 0) sizes.push(1000, 4000);
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const self = fileURLToPath(import.meta.url);
const results: Measure[] = [];
const work = mkdtempSync(join(tmpdir(), "ppguide-bench-links-"));
try {
  for (const [n, pages] of sizes.entries()) {
    const dir = join(work, `site-${pages}`);
    process.stderr.write(`generating ${pages} pages in ${dir}…\n`);
    generateSite(dir, pages);
    // Warm the file cache so the first tool does not pay for the disk.
    await measure("warm-up", pages, [process.execPath, "--import", tsx, self, "--run-ours", dir], root, 120);
    for (let round = 0; round < 2; round++) {
      process.stderr.write(`round ${round + 1}: ppguide, check-html-links…\n`);
      results.push(
        await measure(
          "ppguide check-links",
          pages,
          [process.execPath, "--import", tsx, self, "--run-ours", dir],
          root,
          300,
        ),
      );
      results.push(await measure("check-html-links", pages, [peerBin("check-html-links"), dir], root, 300));
    }
    if (n === 0) {
      process.stderr.write("linkinator, hyperlink (capped at 60 s)…\n");
      results.push(
        await measure(
          "linkinator",
          pages,
          [peerBin("linkinator"), dir, "--recurse", "--skip", "^(?!http://localhost)"],
          root,
          60,
        ),
      );
      results.push(
        await measure(
          "hyperlink",
          pages,
          [peerBin("hyperlink"), "--root", dir, "-r", "-i", join(dir, "index.html")],
          root,
          60,
        ),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const rows = [
  ["tool", "pages", "wall (s)", "CPU (s)", "peak RSS (MB)", "exit", "what it found"],
  ...results.map((r) => [
    r.tool,
    String(r.pages),
    r.wallS === null ? "—" : r.wallS.toFixed(2),
    r.cpuS === null ? "—" : r.cpuS.toFixed(2),
    r.rssMb === null ? "—" : r.rssMb.toFixed(0),
    r.exit === null ? "—" : String(r.exit),
    r.note,
  ]),
];
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
const line = (r: string[]): string => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
console.log(
  [line(rows[0]!), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n"),
);

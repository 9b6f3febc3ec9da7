/**
 * Problems for machines (issue 33): `--format json|github`, GitHub's step summary, `--quiet`
 * and the progress line, on tiny inline sites run through the real CLI.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "../../src/core/errors-data.ts";
import { escapeData, escapeProperty, githubCommand, stepSummary, type Problem } from "../../src/core/problems.ts";
import { startProgress } from "../../src/cli/progress.ts";
import { stageClock, watchStages } from "../../src/core/timing.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { CLI } from "../helpers/outcome.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

const ARTICLE =
  "kind: article, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";
const BROKEN = `
-- site.yaml --
routes:
  - { path: /a, title: A, content: a.md, related: [/filler-1, /nowhere, /filler-3], ${ARTICLE} }
-- content/a.md --
A: 50% off, "quoted", a, b.
`;
const GOOD = `
-- site.yaml --
routes:
  - { path: /a, title: A, content: a.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE} }
-- content/a.md --
Book at [the hotel](https://www.hotel.example/book).
-- content/old.md --
Nobody uses this.
`;

/** The CLI with an environment of our own: none of the runner's GitHub or CI variables leak in. */
function run(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GITHUB_|CI$)/.test(k)));
  return new Promise((done) =>
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { ...base, NO_COLOR: "1", ...env } },
      (err, stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

describe("GitHub workflow commands", () => {
  const problem: Problem = {
    code: "BrokenLink",
    severity: "error",
    file: "site/content/a,b:c.md",
    line: 3,
    column: 7,
    message: "100% broken\r\nsee: here, there",
    hint: null,
  };

  it("escapes as actions/toolkit's command.ts: %, CR and LF in the message; those and : and , in properties", () => {
    expect(escapeData("a%b\rc\nd:e,f")).toBe("a%25b%0Dc%0Ad:e,f");
    expect(escapeProperty("a%b\rc\nd:e,f")).toBe("a%25b%0Dc%0Ad%3Ae%2Cf");
    expect(githubCommand(problem)).toBe(
      "::error file=site/content/a%2Cb%3Ac.md,line=3,col=7,title=BrokenLink::100%25 broken%0D%0Asee: here, there",
    );
    expect(
      githubCommand({ ...problem, severity: "warning", file: null, line: null, column: null, hint: "Fix it" }),
    ).toBe("::warning title=BrokenLink::100%25 broken%0D%0Asee: here, there. Fix it");
  });

  it("writes a step summary table of every problem, cut at a row under the size limit", () => {
    const many = Array.from({ length: 50 }, (_, i): Problem => ({ ...problem, line: i + 1, message: `a | b ${i}` }));
    const all = stepSummary("ppguide build", many);
    expect(all.split("\n").filter((l) => l.startsWith("| ❌"))).toHaveLength(50);
    expect(all).toContain("a \\| b 0");
    expect(all).toContain("`site/content/a,b:c.md:1:7`");
    const cut = stepSummary("ppguide build", many, (f) => f, 3000);
    expect(Buffer.byteLength(cut)).toBeLessThan(3000);
    const rows = cut.split("\n").filter((l) => l.startsWith("| ❌")).length;
    expect(rows).toBeGreaterThan(5);
    expect(cut).toContain(`${50 - rows} more problems not shown: a step summary holds at most 1 MiB.`);
  });
});

/**
 * One problem of each stage, and a warning: the load's (an image site.yaml names that public/ lacks), the check's
 * (--strict: a published stub's TODO), the render's (a link to no route) and the link check's (a missing anchor),
 * and content no route uses. Once, the load's hid every other, and a failed run's JSON and annotations had no
 * warnings.
 */
const EVERY_STAGE = `
-- site.yaml --
routes:
  - { path: /a, title: A, content: a.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE.replace("/images/photo.svg", "/images/pictures/photo.svg")} }
-- content/a.md --
TODO: write the page.

See [the first](/filler-one) and [its top](/filler-1#nowhere).
-- content/old.md --
Nobody uses this.
`;

describe("one run reports every stage's problems, with the warnings, in every format", () => {
  const stages: [code: string, place: RegExp][] = [
    ["AssetMissing", /^site\.yaml:2:\d+$/],
    ["StubTextLeft", /^content\/a\.md:1:1$/],
    ["RouteNotFound", /^content\/a\.md:3:\d+$/],
    ["BrokenLink", /^content\/a\.md:3:\d+$/],
  ];
  const placeOf = (p: Problem) => `${p.file}:${p.line}:${p.column}`;

  it("json and github: each stage's error, and the warning", async () => {
    const root = await writeInlineSite(EVERY_STAGE);
    const json = await run(["build", "--strict", "--format", "json"], root);
    expect(json.code).toBe(1);
    const problems = JSON.parse(json.stdout).problems as Problem[];
    for (const [code, place] of stages)
      expect(problems.filter((p) => p.code === code && p.severity === "error").map(placeOf), code).toEqual([
        expect.stringMatching(place),
      ]);
    expect(problems.filter((p) => p.severity === "warning").map((p) => p.code)).toEqual(["ContentUnused"]);

    const github = await run(["build", "--strict", "--format", "github"], root);
    expect(github.code).toBe(1);
    for (const [code] of stages) expect(github.stdout).toMatch(new RegExp(`^::error file=[^\\n]*title=${code}::`, "m"));
    expect(github.stdout).toMatch(/^::warning file=content\/old\.md,line=1,col=1,title=ContentUnused::/m);
  }, 120_000);

  it("text: each stage's error at its place, then the warning", async () => {
    const root = await writeInlineSite(EVERY_STAGE);
    const { code, stderr } = await run(["build", "--strict"], root);
    expect(code).toBe(1);
    const lines = stderr.split("\n");
    for (const [name, place] of stages)
      expect(
        lines.filter((l) => l.endsWith(`[${name}]`)).map((l) => l.split("  ")[0]),
        name,
      ).toEqual([expect.stringMatching(place)]);
    expect(lines).toContainEqual(expect.stringMatching(/^warning: content\/old\.md:1:1 .*\[ContentUnused\]$/));
  }, 120_000);
});

describe("ppguide build --format", () => {
  it("json: one valid object on stdout when the build fails, each problem with every field", async () => {
    const root = await writeInlineSite(BROKEN);
    const { code, stdout, stderr } = await run(["build", "--format", "json"], root);
    expect(code).toBe(1);
    expect(stderr).toBe("");
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ version: 1, command: "build", ok: false, exitCode: 1, summary: null });
    expect(report.problems).toEqual([
      {
        code: "RouteNotFound",
        severity: "error",
        file: "site.yaml",
        line: 2,
        column: 63,
        message: "routes[0].related[1]: related card '/nowhere' is not a route or alias",
        hint: "Add the route to site.yaml, add an alias, or fix the path.",
      },
    ]);
  }, 120_000);

  it("json: a build that succeeds lists its warnings and placeholders, and what it built", async () => {
    const root = await writeInlineSite(GOOD);
    const { code, stdout } = await run(["build", "--format", "json", "--clock", "2026-06-01"], root);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      version: 1,
      ok: true,
      exitCode: 0,
      summary: { pages: 8, nextChange: { date: "2027-01-01", why: "the footer's year changes" } },
    });
    const problems = (report.problems as Problem[]).map((p) => [p.code, p.severity, p.file, p.line]);
    expect(problems[0]).toEqual(["ContentUnused", "warning", "content/old.md", 1]);
    // The inline site's own .example addresses are placeholders too, in site.yaml.
    expect(problems).toContainEqual(["PlaceholderLeft", "warning", "content/a.md", 1]);
    expect(problems.every(([, severity]) => severity === "warning")).toBe(true);
  }, 120_000);

  it("github is the default under GITHUB_ACTIONS=true: annotations with paths from the repository's root, and the step summary", async () => {
    const repo = await mkdtemp(join(tmpdir(), "ppguide-repo-"));
    await mkdir(join(repo, ".git"));
    const site = await writeInlineSite(BROKEN);
    await rename(site, join(repo, "site"));
    const summary = join(repo, "summary.md");
    await writeFile(summary, "");
    const { code, stdout, stderr } = await run(["build"], join(repo, "site"), {
      GITHUB_ACTIONS: "true",
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(code).toBe(1);
    expect(stdout).toBe(
      "::error file=site/site.yaml,line=2,col=63,title=RouteNotFound::routes[0].related[1]: related card '/nowhere' is not a route or alias. Add the route to site.yaml, add an alias, or fix the path.\n",
    );
    expect(stderr).toBe("1 problem found; nothing was written.\n");
    expect(await readFile(summary, "utf8")).toContain(
      "| ❌ | `RouteNotFound` | `site/site.yaml:2:63` | routes[0].related[1]: related card '/nowhere' is not a route or alias |",
    );
  }, 120_000);

  it("github: warnings for placeholders; --quiet prints nothing on success", async () => {
    const root = await writeInlineSite(GOOD);
    const github = await run(["build", "--format", "github"], root);
    expect(github.code).toBe(0);
    expect(github.stdout).toMatch(
      /^::warning file=content\/old\.md,line=1,col=1,title=ContentUnused::content\/old\.md is not used/m,
    );
    expect(github.stdout).toMatch(/^::warning file=content\/a\.md,line=1,col=\d+,title=PlaceholderLeft::/m);
    expect(github.stdout).toMatch(/^Built 8 pages/m);
    const quiet = await run(["build", "--quiet"], root);
    expect(quiet).toMatchObject({ code: 0, stdout: "", stderr: "" });
    const bad = await run(["build", "--format", "xml"], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--format 'xml' is not a report format. Pass --format text");
    expect(bad.stderr).toContain("[FormatInvalid]");
  }, 120_000);
});

describe("ppguide check-links --format", () => {
  it("json and github carry the same problems, with a version field", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-links-"));
    await writeFile(join(dir, "index.html"), '<!doctype html><title>x</title>\n<a href="/nowhere">x</a>\n');
    const json = await run(["check-links", dir, "--format", "json"], dir);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ version: 1, command: "check-links", ok: false, summary: { pages: 1 } });
    expect(report.problems).toEqual([
      {
        code: "BrokenLink",
        severity: "error",
        file: "index.html",
        line: 2,
        column: 10,
        message: "/nowhere  missing page",
        hint: null,
      },
    ]);
    const github = await run(["check-links", dir, "--format", "github", "--quiet"], dir);
    expect(github.stdout).toBe("::error file=index.html,line=2,col=10,title=BrokenLink::/nowhere  missing page\n");
  }, 60_000);
});

/** A site of 200 pages, written once for the early-signal cases: its build runs well past their last instant. */
let early: Promise<string> | undefined;
function earlySite(): Promise<string> {
  early ??= mkdtemp(join(tmpdir(), "ppguide-json-early-")).then(async (root) => {
    await writePpguideSite(root, 200);
    return root;
  });
  return early;
}

describe("the JSON report owns every exit", () => {
  /** What `build --format json` printed and exited with when `signal` reached it mid-build. */
  async function interrupted(signal: "SIGINT" | "SIGTERM") {
    const root = await mkdtemp(join(tmpdir(), "ppguide-json-signal-"));
    await writePpguideSite(root, 600);
    const child = spawn(process.execPath, [CLI, "build", "--format", "json"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "", GITHUB_ACTIONS: "" },
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    // Once the lock is taken the build is under way: the site is loaded, the pages are rendering.
    const lock = join(root, "dist.ppguide", "lock");
    while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 20));
    child.kill(signal);
    const code = await exited;
    return { code, stdout, lockLeft: existsSync(lock), published: existsSync(join(root, "dist")) };
  }

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s mid-build prints one JSON object that says so, and exits %i with nothing published",
    async (signal, status) => {
      const { code, stdout, lockLeft, published } = await interrupted(signal);
      expect(code).toBe(status);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({
        version: 1,
        command: "build",
        ok: false,
        interrupted: true,
        exitCode: status,
        summary: null,
      });
      expect(report.problems).toEqual([
        expect.objectContaining({
          code: "Interrupted",
          severity: "error",
          message: `stopped by ${signal} before it finished`,
        }),
      ]);
      expect(lockLeft).toBe(false);
      expect(published).toBe(false);
    },
    120_000,
  );

  // Regression: `build --format json` sent SIGTERM within its first 0.2 s exited 143 with nothing on stdout: the
  // CLI's handlers were installed once it had loaded, and until then Node ended on the signal. bin/ppguide now
  // keeps a signal from its first statements on, and the CLI reports it once its handlers are in place. A module
  // preloaded into the child (the test's probe, not ppguide's) says on fd 3 where the first SIGTERM listener was
  // added from, which must be bin/ppguide itself, before the CLI is loaded; the instants count from then, so 0 ms
  // is before the command line is even parsed.
  it.each([
    ["SIGTERM", 0, 143],
    ["SIGTERM", 5, 143],
    ["SIGTERM", 20, 143],
    ["SIGTERM", 60, 143],
    ["SIGTERM", 150, 143],
    ["SIGTERM", 300, 143],
    ["SIGINT", 0, 130],
    ["SIGINT", 100, 130],
  ] as const)(
    "%s %i ms after bin/ppguide starts (the CLI loading, its command line not yet read) prints one JSON report",
    async (signal, after, status) => {
      const root = await earlySite();
      const probe = join(root, "probe.cjs");
      await writeFile(
        probe,
        `const { writeSync } = require("node:fs"); const on = process.on; let told = false;
process.on = function (event, listener) {
  const result = on.call(this, event, listener);
  if (event === "SIGTERM" && !told) { told = true; writeSync(3, String(new Error().stack)); }
  return result;
};`,
      );
      const child = spawn(process.execPath, ["--require", probe, CLI, "build", "--format", "json", "--out", "out"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe", "pipe"],
        env: { ...process.env, CI: "", GITHUB_ACTIONS: "" },
      });
      let stdout = "";
      child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
      const exited = new Promise<[number | null, string | null]>((done) =>
        child.on("exit", (code, killedBy) => done([code, killedBy])),
      );
      const stack = await new Promise<string>((listening) =>
        child.stdio[3]!.once("data", (chunk: Buffer) => listening(chunk.toString())),
      );
      // Frames: Error, the probe's process.on, then who called it.
      expect(stack.split("\n")[2]).toMatch(/\/bin\/ppguide:\d+/);
      if (after) await new Promise((r) => setTimeout(r, after));
      child.kill(signal);
      expect(await exited).toEqual([status, null]);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({ command: "build", ok: false, interrupted: true, exitCode: status, summary: null });
      expect(report.problems).toEqual([expect.objectContaining({ code: "Interrupted" })]);
      expect(existsSync(join(root, "out"))).toBe(false);
    },
    60_000,
  );

  it("a crash prints one JSON object with an InternalError problem, exit 70", async () => {
    // main(null) is a crash of ppguide's own (test/engine/cli.test.ts); the command line asks for JSON.
    const lib = fileURLToPath(new URL("../../lib/ppguide.cjs", import.meta.url));
    const script =
      `process.argv = [process.argv[0], "ppguide", "build", "--format", "json"];` +
      `require(${JSON.stringify(lib)}).main(null);`;
    const result = await new Promise<{ code: number; stdout: string }>((done) =>
      execFile(process.execPath, ["-e", script], (err, stdout) =>
        done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      ),
    );
    expect(result.code).toBe(70);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ command: "build", ok: false, exitCode: 70, interrupted: false, summary: null });
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0].code).toBe("InternalError");
    expect(report.problems[0].message).toMatch(/^ppguide crashed: \w*Error: .*\n +at /);
  });

  it.each([
    ["build", "--format", "json", "--check-links", "maybe"],
    ["build", "--format", "json", "--clock", "2026-02-30"],
    ["check-facts", "--format", "json", "--older-than", "soon"],
    ["check-links", "--format", "json", "--no-such-option"],
    ["new", "page", "x", "--format", "json"],
    ["new", "article", "Not A Slug", "--format", "json"],
    ["dev", "--port", "http", "--format", "json"],
    ["preview", "--host", "", "--format", "json"],
  ])(
    "a bad option value, under --format json, is one JSON object with a usage code, exit 2: %s %s %s %s %s",
    async (...args) => {
      const root = await writeInlineSite(GOOD);
      const { code, stdout } = await run(args, root);
      expect(code).toBe(2);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({ command: args[0], ok: false, exitCode: 2, interrupted: false });
      expect(report.problems).toHaveLength(1);
      expect(ERRORS[report.problems[0].code as ErrorCode]).toMatchObject({ usage: true });
    },
    60_000,
  );
});

describe("the progress line", () => {
  const tty = () => {
    let written = "";
    const write = (s: string) => {
      written += s;
      return true;
    };
    return { stream: { isTTY: true, write }, written: () => written };
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("shows the stage after the delay on a terminal, and erases itself at the end", async () => {
    const out = tty();
    const progress = startProgress({ stream: out.stream, env: {}, delayMs: 20 });
    stageClock({})("render")(undefined);
    expect(out.written()).toBe("");
    await wait(60);
    expect(out.written()).toMatch(/^\r\x1b\[2Krendering and writing pages… \d+ s/);
    progress.stop();
    expect(out.written().endsWith("\r\x1b[2K")).toBe(true);
  });

  it("shows nothing in CI, when piped, or for a build shorter than the delay", async () => {
    for (const [stream, env] of [
      [tty().stream, { CI: "true" }],
      [tty().stream, { GITHUB_ACTIONS: "true" }],
      [{ isTTY: false, write: () => true }, {}],
    ] as const) {
      let written = "";
      const progress = startProgress({
        stream: {
          ...stream,
          write: (s: string) => {
            written += s;
            return true;
          },
        },
        env,
        delayMs: 10,
      });
      stageClock({})("render")(undefined);
      await wait(40);
      progress.stop();
      expect(written).toBe("");
    }
    const quick = tty();
    startProgress({ stream: quick.stream, env: {}, delayMs: 2000 }).stop();
    expect(quick.written()).toBe("");
    // No watcher outlives its progress line.
    let seen = 0;
    const stop = watchStages(() => seen++);
    stageClock({})("load")(undefined);
    stop();
    stageClock({})("load")(undefined);
    expect(seen).toBe(1);
  });
});

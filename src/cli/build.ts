import { resolve } from "node:path";
import type { Command } from "commander";
import type { BuildResult } from "../engine/build.ts";
import { defineCommand } from "./options.ts";
import { jsonReport } from "../core/problems.ts";
import { startProgress } from "./progress.ts";
import { failWith, printGithub, problemsOf, reportFormat, warningLines, type ReportContext } from "./report.ts";

interface BuildFlags {
  root: string;
  out: string;
  checkLinks?: "error" | "warn" | "off";
  timings?: boolean;
  force?: boolean;
  strict?: boolean;
  searchIndex: boolean;
  cache: boolean;
  clock?: string;
  format?: string;
  quiet?: boolean;
  explain?: boolean;
  verify?: boolean;
  shard?: string;
}

export function registerBuild(program: Command): void {
  defineCommand(program, {
    name: "build",
    description: "validate site.yaml and content/, render every route and write the static site",
    root: "holding site.yaml, content/ and public/",
    clock: "build as of this day: pages dated later, drafts and expired pages are left out",
    report: "print nothing but errors",
    options: [
      ["-o, --out <dir>", "output folder (relative to the site folder)", "dist"],
      [
        "--check-links <mode>",
        "broken internal links: error, warn or off (default: site.yaml's site.checkLinks, else error)",
      ],
      ["--force", "replace an output folder that ppguide did not create (its files are deleted)"],
      ["--no-search-index", "leave out the full-text search index (/pagefind/) that the /search page queries"],
      ["--no-cache", "render every page, not only those whose inputs changed since the last build"],
      [
        "--explain",
        "list each page rendered and the input that changed it (code, " +
          "site-wide data, its route, its Markdown, its listings, an image)",
      ],
      [
        "--verify",
        "build, then build again from nothing into a folder of the " +
          "output's store, and fail (exit 1) listing any file that differs",
      ],
      [
        "--shard <i/n>",
        "build only the i-th of n shards of the pages, for ppguide merge on another machine " +
          "(default --out: shard-<i>-of-<n>)",
      ],
      ["--timings", "print how long each stage took"],
      [
        "--strict",
        "fail, writing nothing, while the site holds placeholders (videos " +
          "without an id, stand-in ids, .example domains, bare social links)",
      ],
    ],
  }).action(async (opts: BuildFlags, command: Command) => {
    if (opts.checkLinks && !["error", "warn", "off"].includes(opts.checkLinks)) {
      console.error(`--check-links must be error, warn or off, not '${opts.checkLinks}'`);
      process.exit(2);
    }
    const ctx: ReportContext = {
      format: reportFormat(opts.format),
      quiet: opts.quiet ?? false,
      command: "build",
      base: resolve(opts.root),
    };
    // Loaded on demand, so --help and --version do not pay for the whole pipeline.
    const { build } = await import("../engine/build.ts");
    const run = opts.verify ? (await import("../engine/verify.ts")).buildAndVerify : build;
    const progress = ctx.format === "text" && !ctx.quiet ? startProgress() : undefined;
    let result: Awaited<ReturnType<typeof build>>;
    try {
      const shard =
        opts.shard === undefined ? undefined : (await import("../engine/shard.ts")).parseShardOption(opts.shard);
      // A shard is not a site: it never takes the place of dist by default.
      const out =
        shard && command.getOptionValueSource("out") === "default"
          ? `shard-${shard.index}-of-${shard.total}`
          : opts.out;
      result = await run({
        root: opts.root,
        out,
        shard,
        checkLinks: opts.checkLinks,
        force: opts.force,
        strict: opts.strict,
        searchIndex: opts.searchIndex,
        cache: opts.cache,
        clock: opts.clock,
      });
    } catch (err) {
      progress?.stop();
      failWith(err, ctx);
    }
    progress?.stop();
    await reportBuilt(result, opts, ctx, opts.shard ? `Built shard ${opts.shard} of the site:` : "Built");
  });
}

/** A build's or merge's summary, warnings and placeholders, in the format asked for. */
export async function reportBuilt(
  result: BuildResult,
  opts: Pick<BuildFlags, "explain" | "verify" | "timings">,
  ctx: ReportContext,
  verb: string,
): Promise<void> {
  const pages = result.pages.filter((p) => p.kind !== "alias").length;
  const warnings = [...result.warnings, ...result.placeholders];
  if (ctx.format === "json") {
    const { outDir, aliases, assets, seconds, nextChange, timings } = result;
    const summary = {
      pages,
      rendered: result.rendered?.length ?? pages,
      ...(opts.explain ? { explained: result.rendered ?? [], indexed: result.indexed ?? [] } : {}),
      ...(opts.verify ? { verified: true } : {}),
      aliases,
      assets,
      outDir,
      seconds,
      nextChange: nextChange ?? null,
      ...(opts.timings ? { timings } : {}),
    };
    process.stdout.write(
      jsonReport({ command: ctx.command, ok: true, exitCode: 0, problems: problemsOf([], warnings), summary }),
    );
    return;
  }
  if (ctx.format === "github")
    printGithub(
      ctx,
      problemsOf([], warnings),
      `ppguide ${ctx.command}: ${warnings.length} warning${warnings.length === 1 ? "" : "s"}`,
    );
  else if (!ctx.quiet) for (const line of warningLines(result.warnings)) console.warn(line);
  if (opts.explain && !ctx.quiet) {
    for (const { route, reason } of result.rendered ?? []) console.log(`  rendered ${route}: ${reason}`);
    for (const shard of result.indexed ?? []) console.log(`  indexed /${shard}/: one of its pages or records changed`);
  }
  if (opts.timings) {
    for (const [stage, ms] of Object.entries(result.timings)) console.log(`  ${stage.padEnd(9)} ${ms.toFixed(0)} ms`);
  }
  if (ctx.quiet) return;
  // Said only when pages were reused, so a first build reads as before.
  const rendered =
    result.rendered && result.rendered.length < result.pages.length
      ? ` (${result.rendered.length} rendered, the rest unchanged)`
      : "";
  console.log(
    `${verb} ${pages} pages${rendered}, ${result.aliases} aliases and ${result.assets} ` +
      `assets into ${result.outDir} in ${result.seconds.toFixed(2)} s`,
  );
  if (opts.verify) console.log("Verified: a clean build of the same sources writes the same files, byte for byte.");
  if (result.placeholders.length && ctx.format === "text") {
    const { formatPlaceholders } = await import("../check/placeholders.ts");
    console.log(formatPlaceholders(result.placeholders));
  }
  // Last, where a scheduled CI job finds when to build next.
  if (result.nextChange) console.log(`Next change: ${result.nextChange.date} (${result.nextChange.why})`);
}

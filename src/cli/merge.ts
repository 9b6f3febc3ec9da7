import { resolve } from "node:path";
import type { Command } from "commander";
import { reportBuilt } from "./build.ts";
import { defineCommand } from "./options.ts";
import { startProgress } from "./progress.ts";
import { failWith, reportFormat, type ReportContext } from "./report.ts";

interface MergeFlags {
  root: string;
  out: string;
  checkLinks?: "error" | "warn" | "off";
  timings?: boolean;
  force?: boolean;
  strict?: boolean;
  searchIndex: boolean;
  clock?: string;
  format?: string;
  quiet?: boolean;
  explain?: boolean;
}

export function registerMerge(program: Command): void {
  defineCommand(program, {
    name: "merge",
    description:
      "put the shards of ppguide build --shard i/n together into the site a single build writes " +
      "(index, public and generated files, link check), then publish it as build does",
    args: [["<shards...>", "the shard folders (every i of n, once each, in any order)"]],
    root: "holding site.yaml, content/ and public/ (the same sources the shards were built from)",
    clock: "build as of this day: the shards' own (pass the same --clock, or set PPGUIDE_CLOCK for every job)",
    report: "print nothing but errors",
    options: [
      ["-o, --out <dir>", "output folder (relative to the site folder)", "dist"],
      [
        "--check-links <mode>",
        "broken internal links: error, warn or off (default: site.yaml's site.checkLinks, else error)",
      ],
      ["--force", "replace an output folder that ppguide did not create (its files are deleted)"],
      ["--no-search-index", "leave out the full-text search index (/pagefind/) that the /search page queries"],
      ["--explain", "list the search index shards the merge made itself (the others were the build shards')"],
      ["--timings", "print how long each stage took"],
      ["--strict", "fail, writing nothing, while the site holds placeholders"],
    ],
  }).action(async (shards: string[], opts: MergeFlags) => {
    if (opts.checkLinks && !["error", "warn", "off"].includes(opts.checkLinks)) {
      console.error(`--check-links must be error, warn or off, not '${opts.checkLinks}'`);
      process.exit(2);
    }
    const ctx: ReportContext = {
      format: reportFormat(opts.format),
      quiet: opts.quiet ?? false,
      command: "merge",
      base: resolve(opts.root),
    };
    const { merge } = await import("../engine/merge.ts");
    const progress = ctx.format === "text" && !ctx.quiet ? startProgress() : undefined;
    let result: Awaited<ReturnType<typeof merge>>;
    try {
      result = await merge({
        root: opts.root,
        // As given (from where the command runs, as a shell's glob names them), so errors name them so.
        shards,
        out: opts.out,
        checkLinks: opts.checkLinks,
        force: opts.force,
        strict: opts.strict,
        searchIndex: opts.searchIndex,
        clock: opts.clock,
      });
    } catch (err) {
      progress?.stop();
      failWith(err, ctx);
    }
    progress?.stop();
    await reportBuilt(result, opts, ctx, `Merged ${shards.length} shard${shards.length === 1 ? "" : "s"}:`);
  });
}

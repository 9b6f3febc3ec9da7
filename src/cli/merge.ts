import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { outcomeOf } from "./build.ts";
import { defineCommand } from "./options.ts";
import { startProgress } from "./progress.ts";

interface MergeFlags {
  root: string;
  out: string;
  checkLinks?: string;
  timings?: boolean;
  force?: boolean;
  strict?: boolean;
  searchIndex: boolean;
  clock?: string;
  explain?: boolean;
  placeholders?: boolean;
}

const LINK_MODES = ["error", "warn", "off"] as const;

export function registerMerge(program: Command): void {
  defineCommand<MergeFlags>(program, {
    name: "merge",
    description:
      "put the shards of ppguide build --shard i/n together into the site a single build writes " +
      "(index, public and generated files, link check), then publish it as build does",
    args: [["<shards...>", "the shard folders (every i of n, once each, in any order)"]],
    root: "holding site.yaml, content/ and public/ (the sources the shards were built from)",
    clock: "build as of this day, the shards' own (set PPGUIDE_CLOCK once for every job)",
    report: "print nothing but errors",
    writes: true,
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
      ["--placeholders", "list every placeholder left with its file:line:col, not only their count"],
    ],
    run: async (shards, opts, reporter) => {
      const checkLinks = LINK_MODES.find((mode) => mode === opts.checkLinks);
      if (opts.checkLinks !== undefined && !checkLinks)
        throw new PpgError("LinkModeInvalid", { value: opts.checkLinks });
      const { merge } = await import("../engine/merge.ts");
      const progress = reporter.format === "text" && !reporter.quiet ? startProgress() : undefined;
      try {
        const result = await merge({
          root: opts.root,
          // As given (from where the command runs, as a shell's glob names them), so errors name them so.
          shards,
          out: opts.out,
          checkLinks,
          force: opts.force,
          strict: opts.strict,
          searchIndex: opts.searchIndex,
          clock: opts.clock,
        });
        const verb = `Merged ${shards.length} shard${shards.length === 1 ? "" : "s"}:`;
        return outcomeOf(result, opts, reporter.format, verb);
      } finally {
        progress?.stop();
      }
    },
  });
}

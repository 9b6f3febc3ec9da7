import type { Command } from "commander";
import { outcomeOf, siteBuildOptions, type SiteOutputFlags } from "./build.ts";
import { defineCommand, siteOutputOptions } from "./options.ts";
import { startProgress } from "./progress.ts";

export function registerMerge(program: Command): void {
  defineCommand<SiteOutputFlags>(program, {
    name: "merge",
    description:
      "put the shards of ppguide build --shard i/n together into the site a single build writes " +
      "(index, public and generated files, link check), then publish it as build does",
    args: [{ name: "<shards...>", help: "the shard folders (every i of n, once each, in any order)" }],
    root: "holding site.yaml, content/ and public/ (the sources the shards were built from)",
    clock: "build as of this day, the shards' own (set PPGUIDE_CLOCK once for every job)",
    report: "print nothing but errors",
    writes: true,
    options: siteOutputOptions(),
    run: async (shards, opts, reporter) => {
      const { merge } = await import("../engine/merge.ts");
      const progress = reporter.format === "text" && !reporter.quiet ? startProgress() : undefined;
      try {
        const result = await merge({
          ...siteBuildOptions(opts),
          // As given (from where the command runs, as a shell's glob names them), so errors name them so.
          shards,
          out: opts.out,
        });
        const verb = `Merged ${shards.length} shard${shards.length === 1 ? "" : "s"}:`;
        return outcomeOf(result, opts, reporter.format, verb);
      } finally {
        progress?.stop();
      }
    },
  });
}

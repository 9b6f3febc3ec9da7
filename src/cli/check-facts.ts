import { resolve } from "node:path";
import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { defineCommand } from "./options.ts";

export function registerCheckFacts(program: Command): void {
  defineCommand<{ root: string; olderThan: string; strict?: boolean; clock?: string }>(program, {
    name: "check-facts",
    description: "list every listing contact fact and article source with no date, or a date older than the limit",
    root: "holding site.yaml and content/",
    clock: "count ages from this day",
    report: "print the facts only, not the summary",
    options: [
      ["--older-than <age>", "how old a source's date may be: 12mo, 18mo, 2y", "12mo"],
      ["--strict", "exit 1 when any fact is undated or too old (for CI)"],
    ],
    run: async (_args, opts) => {
      const { auditFreshness, parseAge } = await import("../check/freshness.ts");
      const { resolveClock } = await import("../site/schedule.ts");
      const months = parseAge(opts.olderThan);
      if (months === undefined) throw new PpgError("AgeInvalid", { value: opts.olderThan });
      const { problems, checked, cutoff } = await auditFreshness(resolve(opts.root), {
        clock: resolveClock(opts.clock),
        months,
      });
      const failed = Boolean(opts.strict) && problems.length > 0;
      const undated = problems.filter((p) => p.code === "FactUndated").length;
      return {
        ...(failed ? { errors: problems } : { warnings: problems, warningsAreTheReport: true }),
        summary: { checked, cutoff, undated, stale: problems.length - undated },
        lines: [
          `${problems.length} of ${checked} facts to check again: ${undated} ` +
            `with no date, ${problems.length - undated} dated before ${cutoff}`,
        ],
      };
    },
  });
}

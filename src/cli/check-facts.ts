import { resolve } from "node:path";
import type { Command } from "commander";
import { currentDay } from "../core/clock.ts";
import { defineCommand, OPTIONS } from "./options.ts";

export function registerCheckFacts(program: Command): void {
  defineCommand<{ root: string; olderThan: number; strict?: boolean; clock?: string }>(program, {
    name: "check-facts",
    description: "list every listing contact fact and article source with no date, or a date older than the limit",
    root: "holding site.yaml and content/",
    clock: "count ages from this day",
    report: "print the facts only, not the summary",
    options: [OPTIONS.olderThan, ["--strict", "exit 1 when any fact is undated or too old (for CI)"]],
    run: async (_args, opts) => {
      const { auditFreshness } = await import("../audits/freshness.ts");
      const { problems, checked, cutoff } = await auditFreshness(resolve(opts.root), {
        clock: currentDay(opts.clock),
        months: opts.olderThan,
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

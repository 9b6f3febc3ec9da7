import { resolve } from "node:path";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";
import { describeAll, PpgError } from "../core/errors.ts";
import { jsonReport } from "../core/problems.ts";
import { failWith, printGithub, problemsOf, reportFormat, type ReportContext } from "./report.ts";

export function registerCheckFacts(program: Command): void {
  defineCommand(program, {
    name: "check-facts",
    description: "list every listing contact fact and article source with no date, or a date older than the limit",
    root: "holding site.yaml and content/",
    clock: "count ages from this day",
    report: "print the facts only, not the summary",
    options: [
      ["--older-than <age>", "how old a source's date may be: 12mo, 18mo, 2y", "12mo"],
      ["--strict", "exit 1 when any fact is undated or too old (for CI)"],
    ],
  }).action(
    async (opts: {
      root: string;
      olderThan: string;
      strict?: boolean;
      clock?: string;
      format?: string;
      quiet?: boolean;
    }) => {
      const ctx: ReportContext = {
        format: reportFormat(opts.format),
        quiet: opts.quiet ?? false,
        command: "check-facts",
        base: resolve(opts.root),
      };
      const { checkFacts, parseAge } = await import("../check/facts.ts");
      const { resolveClock } = await import("../site/schedule.ts");
      let report: Awaited<ReturnType<typeof checkFacts>>;
      try {
        const months = parseAge(opts.olderThan);
        if (months === undefined) throw new PpgError("AgeInvalid", { value: opts.olderThan });
        report = await checkFacts(ctx.base, { clock: resolveClock(opts.clock), months });
      } catch (err) {
        failWith(err, ctx);
      }
      const { problems, checked, cutoff } = report;
      const failed = Boolean(opts.strict) && problems.length > 0;
      const listed = failed ? problemsOf(problems, []) : problemsOf([], problems);
      const undated = problems.filter((p) => p.code === "FactUndated").length;
      const summary =
        `${problems.length} of ${checked} facts to check again: ${undated} ` +
        `with no date, ${problems.length - undated} dated before ${cutoff}`;
      if (ctx.format === "json") {
        process.stdout.write(
          jsonReport({
            command: "check-facts",
            ok: !failed,
            exitCode: failed ? 1 : 0,
            problems: listed,
            summary: { checked, cutoff, undated, stale: problems.length - undated },
          }),
        );
      } else if (ctx.format === "github") {
        printGithub({ ...ctx, quiet: false }, listed, `ppguide check-facts: ${summary}`);
        if (!ctx.quiet) console.log(summary);
      } else {
        for (const line of describeAll(problems)) console.log(line);
        if (!ctx.quiet) console.log(summary);
      }
      process.exitCode = failed ? 1 : 0;
    },
  );
}

import { resolve } from "node:path";
import type { Command } from "commander";
import { describeAll, PpgError } from "../core/errors.ts";
import { jsonReport } from "../core/problems.ts";
import { failWith, printGithub, problemsOf, reportFormat, type ReportContext } from "./report.ts";

export function registerCheckFacts(program: Command): void {
  program
    .command("check-facts")
    .description("list every listing contact fact and article source with no date, or a date older than the limit")
    .option("-r, --root <dir>", "site folder holding site.yaml and content/", ".")
    .option("--older-than <age>", "how old a source's date may be: 12mo, 18mo, 2y", "12mo")
    .option("--strict", "exit 1 when any fact is undated or too old (for CI)")
    .option("--clock <YYYY-MM-DD>", "count ages from this day (default: PPGUIDE_CLOCK, else today)")
    .option("--format <format>", "text, json (one object on stdout) or github (workflow annotations); default github under GITHUB_ACTIONS=true, else text")
    .option("-q, --quiet", "print the facts only, not the summary")
    .action(async (opts: { root: string; olderThan: string; strict?: boolean; clock?: string; format?: string; quiet?: boolean }) => {
      const ctx: ReportContext = { format: reportFormat(opts.format), quiet: opts.quiet ?? false, command: "check-facts", base: resolve(opts.root) };
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
      const summary = `${problems.length} of ${checked} facts to check again: ${undated} with no date, ${problems.length - undated} dated before ${cutoff}`;
      if (ctx.format === "json") {
        process.stdout.write(jsonReport({ command: "check-facts", ok: !failed, exitCode: failed ? 1 : 0, problems: listed, summary: { checked, cutoff, undated, stale: problems.length - undated } }));
      } else if (ctx.format === "github") {
        printGithub({ ...ctx, quiet: false }, listed, `ppguide check-facts: ${summary}`);
        if (!ctx.quiet) console.log(summary);
      } else {
        for (const line of describeAll(problems)) console.log(line);
        if (!ctx.quiet) console.log(summary);
      }
      process.exitCode = failed ? 1 : 0;
    });
}

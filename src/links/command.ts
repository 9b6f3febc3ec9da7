/**
 * `ppguide check-links [DIR]`: runs the checker and prints the report. Returns the exit code
 * instead of exiting, so the CLI owns the one process exit and tests call this directly.
 */
import { checkLinks } from "./check.ts";
import { describe, isPpgError, PpgError } from "../core/errors.ts";
import {
  githubCommand,
  jsonReport,
  repositoryPaths,
  stepSummary,
  toProblem,
  writeStepSummary,
  type ReportFormat,
} from "../core/problems.ts";
import { linkCheckErrors } from "./errors.ts";
import { formatText } from "./report.ts";
import type { LinkProblem } from "./types.ts";

export const EXIT_CLEAN = 0;
export const EXIT_BROKEN = 1;
export const EXIT_USAGE = 2;

export async function runCheckLinksCommand(
  dir: string,
  opts: { external?: boolean; format?: ReportFormat; quiet?: boolean } = {},
): Promise<number> {
  const format = opts.format ?? "text";
  try {
    const report = await checkLinks({ dir, external: opts.external });
    if (report.pages === 0) throw linkCheckErrors.noPages(dir);
    const exitCode = report.problems.length > 0 ? EXIT_BROKEN : EXIT_CLEAN;
    const problems = report.problems.map((p) => toProblem(brokenLink(p), "error"));
    if (format === "json") {
      process.stdout.write(
        jsonReport({
          command: "check-links",
          ok: exitCode === EXIT_CLEAN,
          exitCode,
          problems,
          summary: { pages: report.pages, references: report.references },
        }),
      );
    } else if (format === "github") {
      const fileFor = repositoryPaths(dir);
      for (const p of problems) process.stdout.write(`${githubCommand(p, fileFor)}\n`);
      writeStepSummary(
        stepSummary(
          `ppguide check-links: ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
          problems,
          fileFor,
        ),
      );
      if (!opts.quiet)
        process.stdout.write(
          `${report.pages} pages, ${report.references} references, ${report.problems.length} problems\n`,
        );
    } else {
      const text = formatText(report);
      process.stdout.write(
        opts.quiet
          ? text
              .split("\n")
              .slice(0, -2)
              .map((l) => `${l}\n`)
              .join("")
          : text,
      );
    }
    return exitCode;
  } catch (err) {
    if (isPpgError(err)) {
      if (format === "json")
        process.stdout.write(
          jsonReport({
            command: "check-links",
            ok: false,
            exitCode: EXIT_USAGE,
            problems: [toProblem(err, "error")],
            summary: null,
          }),
        );
      else if (format === "github") process.stdout.write(`${githubCommand(toProblem(err, "error"))}\n`);
      else process.stderr.write(`${describe(err)}\n`);
      return EXIT_USAGE;
    }
    throw err;
  }
}

/** A problem of the checker as the catalogue's BrokenLink, the code a build reports it with. */
export function brokenLink({ file, line, col, href, reason, suggestion }: LinkProblem): PpgError {
  return new PpgError("BrokenLink", suggestion === undefined ? { href, reason } : { href, reason, suggestion }, {
    location: { file, line, column: col },
    hint: "",
  });
}

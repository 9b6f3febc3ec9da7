import { describe, errorsOf, exitCodeOf, fromFileSystemError, isUserError, PpgError } from "../core/errors.ts";
import {
  defaultFormat,
  githubCommand,
  isReportFormat,
  jsonReport,
  repositoryPaths,
  stepSummary,
  toProblem,
  writeStepSummary,
  type Problem,
  type ReportFormat,
} from "../core/problems.ts";
import { exitWithError } from "./throw-and-exit.ts";

/** How a command reports: `--format` (default github under GitHub Actions, else text) and `--quiet`. */
export interface ReportContext {
  format: ReportFormat;
  quiet: boolean;
  /** The command's name, in the JSON report. */
  command: string;
  /** The folder the problems' paths are relative to (the site, or the folder check-links read). */
  base: string;
}

/** The --format given, or the default; a usage error (exit 2) for any other word. */
export function reportFormat(
  given: string | undefined,
  allowed: readonly ReportFormat[] = ["text", "json", "github"],
): ReportFormat {
  const format = given ?? defaultFormat();
  if (!isReportFormat(format) || !allowed.includes(format)) {
    console.error(`--format must be ${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}, not '${format}'`);
    process.exit(2);
  }
  return format;
}

/** Every problem of a run, errors first, as JSON and GitHub print them. */
export function problemsOf(errors: readonly PpgError[], warnings: readonly PpgError[]): Problem[] {
  return [...errors.map((e) => toProblem(e, "error")), ...warnings.map((w) => toProblem(w, "warning"))];
}

/** Annotations on stdout (the runner reads workflow commands there) and the table in the step summary. */
export function printGithub(ctx: ReportContext, problems: readonly Problem[], title: string): void {
  const fileFor = repositoryPaths(ctx.base);
  for (const p of problems)
    if (!ctx.quiet || p.severity === "error") process.stdout.write(`${githubCommand(p, fileFor)}\n`);
  writeStepSummary(stepSummary(title, problems, fileFor));
}

/**
 * The one exit of a command that failed, in its format: the text lines as always; one JSON object
 * that says it failed (valid JSON whatever went wrong, a bug in ppguide included); or GitHub's
 * annotations. Exit 1 for a problem in the site, 2 for a command used wrongly, 70 for a bug.
 */
export function failWith(thrown: unknown, ctx: ReportContext): never {
  if (ctx.format === "text") exitWithError(thrown);
  const err = fromFileSystemError(thrown);
  const user = isUserError(err);
  const errors = user
    ? errorsOf(err)
    : [
        new PpgError(
          "InternalError",
          { stack: (err as Error)?.stack ?? String(err) },
          { hint: "This is a bug in ppguide, not in your site: please report it with this stack." },
        ),
      ];
  const exitCode = user ? exitCodeOf(err) : 70;
  const problems = problemsOf(errors, []);
  if (ctx.format === "json") {
    process.stdout.write(jsonReport({ command: ctx.command, ok: false, exitCode, problems, summary: null }));
  } else {
    printGithub(ctx, problems, `ppguide ${ctx.command}: ${errors.length} problem${errors.length === 1 ? "" : "s"}`);
    if (!user) console.error(err);
    console.error(`${errors.length} problem${errors.length === 1 ? "" : "s"} found; nothing was written.`);
  }
  process.exit(exitCode);
}

/** Warnings as the terminal shows them: `warning: file:line:col  message. hint  [Code]`. */
export function warningLines(warnings: readonly PpgError[]): string[] {
  return warnings.map((w) => `warning: ${describe(w)}`);
}

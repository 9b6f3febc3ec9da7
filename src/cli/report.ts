import { isAbsolute, relative, resolve } from "node:path";
import { inspect } from "node:util";
import {
  describe,
  describeAll,
  errorsOf,
  exitCodeOf,
  fromFileSystemError,
  isUserError,
  PpgError,
  PpgErrorList,
  warningsOf,
} from "../core/errors.ts";
import { EXIT_STATUSES } from "../core/errors-data.ts";
import { mappedFrames, stackOf } from "../core/stack-trace.ts";
import { writtenInto } from "../core/written-so-far.ts";
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

/** What a command found and made, for the reporter to print in the format asked for. */
export interface Outcome {
  /** Problems that fail the command: exit 2 when one of them is a usage code, else 1. */
  errors?: readonly PpgError[];
  /** Problems that do not fail it. */
  warnings?: readonly PpgError[];
  /**
   * Warnings that the text format leaves to `lines`, where the command groups them under a
   * heading (build's placeholders); JSON and GitHub list them with the others.
   */
  groupedWarnings?: readonly PpgError[];
  /** The warnings are what the command is run for (check-facts' facts): --quiet keeps them. */
  warningsAreTheReport?: boolean;
  /** What the command made or checked: the JSON report's `summary`. */
  summary: Record<string, unknown>;
  /** What a person reads after the problems, on stdout (text and github); --quiet leaves them out. */
  lines?: readonly string[];
}

export interface ReporterOptions {
  /** The command's name, in the JSON report and the step summary's title. */
  command: string;
  format: ReportFormat;
  quiet?: boolean;
  /** The folder the problems' paths are relative to (the site, or the folder check-links read). */
  base?: string;
  /** The command writes files: a failure then says that nothing was written. */
  writes?: boolean;
}

/**
 * How every command reports, whatever happened: in text (problems as `file:line:col  path
 * message. hint  [Code]` lines on stderr, what the command made on stdout), as one JSON object on
 * stdout, or as GitHub's workflow commands. A command ends exactly once, by `finish` (it ran),
 * `fail` (it threw: a problem in the site, a command used wrongly, or a bug in ppguide) or
 * `interrupt` (a signal); each returns the exit code, which src/cli/exit.ts gives the process.
 */
export class Reporter {
  readonly command: string;
  readonly format: ReportFormat;
  readonly quiet: boolean;
  private readonly base: string;
  private readonly writes: boolean;
  /** The exit code once the command's report is printed: a later ending prints nothing more. */
  private ended?: number;

  constructor(opts: ReporterOptions) {
    this.command = opts.command;
    this.format = opts.format;
    this.quiet = opts.quiet ?? false;
    this.base = opts.base ?? ".";
    this.writes = opts.writes ?? false;
  }

  /**
   * The reporter a command line asks for before its options are read (a mistake in them, a
   * signal or crash before the command starts): its command, --format when it names one, else
   * the default.
   */
  static fromArgv(argv: readonly string[] | null | undefined): Reporter {
    const args = Array.isArray(argv) ? argv.slice(2).map(String) : [];
    const optionValue = (names: string[]): string | undefined => {
      for (let i = 0; i < args.length; i++) {
        const arg = args[i] as string;
        if (names.includes(arg)) return args[i + 1];
        const eq = names.find((n) => n.startsWith("--") && arg.startsWith(`${n}=`));
        if (eq) return arg.slice(eq.length + 1);
      }
      return undefined;
    };
    const format = optionValue(["--format"]) ?? defaultFormat();
    return new Reporter({
      command: args.find((a) => !a.startsWith("-")) ?? "ppguide",
      format: isReportFormat(format) ? format : "text",
      quiet: args.includes("-q") || args.includes("--quiet"),
      base: optionValue(["-r", "--root"]) ?? ".",
    });
  }

  /** The report of a command that ran to its end; exit 0, or 1 (2) when it found errors (usage errors). */
  finish(outcome: Outcome): number {
    if (this.ended !== undefined) return this.ended;
    const errors = outcome.errors ?? [];
    const warnings = outcome.warnings ?? [];
    const grouped = outcome.groupedWarnings ?? [];
    const exitCode = errors.length ? exitCodeOf(new PpgErrorList([...errors])) : 0;
    const keepWarnings = !this.quiet || outcome.warningsAreTheReport === true;
    const problems = problemsOf(errors, [...warnings, ...grouped]);
    if (this.format === "json") {
      this.json({ ok: exitCode === 0, exitCode, interrupted: false, problems, summary: outcome.summary });
    } else {
      if (this.format === "github") {
        this.github(keepWarnings ? problems : problems.filter((p) => p.severity === "error"));
      } else {
        for (const line of describeAll(errors)) console.error(line);
        if (keepWarnings) for (const w of warnings) console.error(`warning: ${describe(w)}`);
      }
      if (!this.quiet) for (const line of outcome.lines ?? []) console.log(line);
    }
    this.ended = exitCode;
    return exitCode;
  }

  /**
   * The report of a command that threw. A problem in the site or with the disk is exit 1, a
   * command used wrongly 2 (each a PpgError, or a refusal of the system fromFileSystemError
   * names); anything else is a bug in ppguide, exit 70, reported as one InternalError.
   */
  fail(thrown: unknown): number {
    if (this.ended !== undefined) return this.ended;
    const err = fromFileSystemError(thrown);
    const user = isUserError(err);
    const errors = user ? errorsOf(err) : [internalError(err)];
    // What the run found before it failed that does not fail it, reported as `finish` reports a run's: always in
    // JSON, in text and GitHub's unless --quiet.
    const warnings = user ? warningsOf(err) : [];
    const shownWarnings = this.quiet ? [] : warnings;
    const exitCode = user ? exitCodeOf(err) : EXIT_STATUSES.bug.status;
    this.ended = exitCode;
    if (this.format === "json") {
      this.json({ ok: false, exitCode, interrupted: false, problems: problemsOf(errors, warnings), summary: null });
      return exitCode;
    }
    if (this.format === "github") this.github(problemsOf(errors, shownWarnings));
    if (!user) {
      console.error("ppguide crashed. This is a bug in ppguide, not in your site:");
      console.error(mappedFrames(inspect(err)));
      return exitCode;
    }
    if (this.format === "text") {
      for (const line of describeAll(errors)) console.error(line);
      for (const w of shownWarnings) console.error(`warning: ${describe(w)}`);
    }
    const n = errors.length;
    // The count, when there is more than one to count, and what a failed write left: nothing, or the copy it was
    // preparing, which is not served and which the next run brings up to date.
    const copy = writtenInto(thrown);
    const left = copy
      ? `; nothing was published (the copy being prepared, ${shown(copy)}, is not served)`
      : "; nothing was written";
    if (n > 1 || this.writes)
      console.error(
        `${this.format === "text" ? "\n" : ""}${n} problem${n === 1 ? "" : "s"} found${this.writes ? left : ""}.`,
      );
    return exitCode;
  }

  /**
   * A warning a serving command (dev, preview) finds while it runs, printed at once: a server has
   * no end for `finish` to report it at. Worded as `finish` words one; --quiet keeps it back.
   */
  warn(problem: PpgError): void {
    if (!this.quiet) console.error(`warning: ${describe(problem)}`);
  }

  /** The report of a command stopped by Ctrl-C (exit 130) or SIGTERM (exit 143) before it ended. */
  interrupt(signal: "SIGINT" | "SIGTERM"): number {
    if (this.ended !== undefined) return this.ended;
    const exitCode = signal === "SIGINT" ? EXIT_STATUSES.interrupted.status : EXIT_STATUSES.terminated.status;
    this.ended = exitCode;
    const problem = new PpgError("Interrupted", { signal });
    if (this.format === "json")
      this.json({ ok: false, exitCode, interrupted: true, problems: problemsOf([problem], []), summary: null });
    else if (this.format === "github") this.github(problemsOf([problem], []));
    else console.error(describe(problem));
    return exitCode;
  }

  private json(report: Omit<Parameters<typeof jsonReport>[0], "command">): void {
    process.stdout.write(jsonReport({ command: this.command, ...report }));
  }

  /** Annotations on stdout (the runner reads workflow commands there) and the table in the step summary. */
  private github(problems: readonly Problem[]): void {
    let fileFor = (file: string) => file;
    try {
      fileFor = repositoryPaths(resolve(this.base));
    } catch {
      // Started from a folder that was deleted (WorkingFolderGone): the paths as they are.
    }
    for (const p of problems) process.stdout.write(`${githubCommand(p, fileFor)}\n`);
    const errors = problems.filter((p) => p.severity === "error").length;
    const warnings = problems.length - errors;
    const title =
      `ppguide ${this.command}: ${errors} error${errors === 1 ? "" : "s"}, ` +
      `${warnings} warning${warnings === 1 ? "" : "s"}`;
    writeStepSummary(stepSummary(title, problems, fileFor));
  }
}

/** Every problem of a run, errors first, as JSON and GitHub print them. */
function problemsOf(errors: readonly PpgError[], warnings: readonly PpgError[]): Problem[] {
  return [...errors.map((e) => toProblem(e, "error")), ...warnings.map((w) => toProblem(w, "warning"))];
}

/** A folder as a reader finds it: relative to the current folder when it is inside it. */
function shown(folder: string): string {
  try {
    const rel = relative(process.cwd(), folder);
    return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : folder;
  } catch {
    return folder;
  }
}

function internalError(err: unknown): PpgError {
  return new PpgError("InternalError", { stack: stackOf(err) });
}

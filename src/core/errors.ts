import { dirname } from "node:path";
import { ERRORS, EXIT_STATUSES, SYSTEM_REFUSALS, type ErrorCode, type ErrorParams } from "./errors-data.ts";
import { stackOf } from "./stack-trace.ts";

/**
 * Every problem ppguide reports to a user is a PpgError: a permanent code from the catalogue
 * (errors-data.ts), a message saying what happened, a hint saying what to do (the catalogue's
 * unless the call gives a more precise one), and where it happened.
 */
export type { ErrorCode } from "./errors-data.ts";

export interface SourceLocation {
  /** Path relative to the site root, with forward slashes. */
  file: string;
  line: number;
  column: number;
}

/**
 * What marks a ppguide error, rather than its class: an error that crossed a worker thread
 * (structured clone drops prototypes) or came from a second copy of this module is still one.
 */
export const PPG_ERROR = "PpgError";
export const PPG_ERROR_LIST = "PpgErrorList";

/**
 * Where in a YAML file of the site a problem lies, by the path of its value (`routes[3].videos[0]`),
 * before anyone located it: a render thread, which holds the site's data but not its parsed files,
 * says so, and the stage that holds the files turns it into a line and column.
 */
export interface SourcePath {
  file: string;
  at: readonly (string | number)[];
}

export interface PpgErrorOptions {
  location?: SourceLocation;
  path?: string;
  /** Where in a YAML file it lies, for the stage holding that file to locate (engine/render-pages.ts). */
  source?: SourcePath;
  /** A more precise hint than the catalogue's, only when the call knows what exactly to do. */
  hint?: string;
  /** The error behind this one (a template's own exception), whose stack is shown. */
  cause?: unknown;
}

export class PpgError<C extends ErrorCode = ErrorCode> extends Error {
  readonly type = PPG_ERROR;
  readonly code: C;
  readonly location?: SourceLocation;
  /** Where in a YAML document the problem is, e.g. `routes[3].related`. */
  readonly path?: string;
  /** Where in a YAML file it lies, while no line and column are known yet. */
  readonly source?: SourcePath;
  readonly hint?: string;
  /** What the throw site found, which the catalogue built the message from (codes with a builder). */
  readonly data?: Readonly<Record<string, unknown>>;

  /** `params`: what the catalogue's message builder for `code` takes. */
  constructor(code: C, params: ErrorParams<C>, opts: PpgErrorOptions = {}) {
    const info = ERRORS[code] as { message: (p: unknown) => string; hintFor?: (p: unknown) => string; hint: string };
    super(info.message(params), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = "PpgError";
    this.code = code;
    this.location = opts.location;
    this.path = opts.path;
    this.source = opts.source;
    this.hint = opts.hint ?? info.hintFor?.(params) ?? info.hint;
    this.data = params as Record<string, unknown>;
  }

  /**
   * `site.yaml:12:5  routes[3].related  must have exactly 3 entries. Add or remove ...`; without
   * the hint when the next line of a report gives the same one (see describeAll).
   */
  format(withHint = true): string {
    const where = this.location ? `${this.location.file}:${this.location.line}:${this.location.column}` : "";
    // A multi-line message (a report) gets its hint on a line of its own.
    const text =
      this.hint && withHint ? `${this.message}${this.message.includes("\n") ? "\n" : ". "}${this.hint}` : this.message;
    const parts = [where, this.path ?? "", text].filter(Boolean);
    return parts.join("  ");
  }
}

/** Many problems found in one pass; a build reports them all at once rather than one per run. */
export class PpgErrorList extends Error {
  readonly type = PPG_ERROR_LIST;
  readonly errors: PpgError[];
  /** What the command found that does not fail it, up to where it failed: reported with the errors, in every format. */
  readonly warnings: readonly PpgError[];
  constructor(errors: PpgError[], warnings: readonly PpgError[] = []) {
    super(errors.map((e) => e.format()).join("\n"));
    this.name = "PpgErrorList";
    this.errors = errors;
    this.warnings = warnings;
  }
}

/**
 * One problem as the terminal shows it: the format() line, its code in brackets (to search the
 * docs and logs for), and the stack of the error behind it, if any (a template's own exception).
 */
export function describe(e: PpgError, withHint = true): string {
  const cause = e.cause instanceof Error && e.cause.stack ? `\n${stackOf(e.cause).replace(/^/gm, "    ")}` : "";
  return `${e.format(withHint)}  [${e.code}]${cause}`;
}

/**
 * A report's lines: a run of problems with the same code and hint (twenty broken links) gives
 * the hint once, on its last line, rather than twenty times.
 */
export function describeAll(errors: readonly PpgError[]): string[] {
  return errors.map((e, i) => {
    const next = errors[i + 1];
    return describe(e, !(next && next.code === e.code && next.hint === e.hint));
  });
}

export function isPpgError(err: unknown): err is PpgError {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { type?: unknown }).type === PPG_ERROR &&
    typeof (err as { code?: unknown }).code === "string"
  );
}

export function isPpgErrorList(err: unknown): err is PpgErrorList {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { type?: unknown }).type === PPG_ERROR_LIST &&
    Array.isArray((err as { errors?: unknown }).errors)
  );
}

export function isUserError(err: unknown): err is PpgError | PpgErrorList {
  return isPpgError(err) || isPpgErrorList(err);
}

/** A user error as plain data, to post to another thread; `reviveUserError` makes it an error again. */
export interface PpgErrorData {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
  path?: string;
  source?: SourcePath;
  hint?: string;
  data?: Readonly<Record<string, unknown>>;
}

export function userErrorData(err: PpgError | PpgErrorList): PpgErrorData[] {
  return errorsOf(err).map(errorData);
}

/** One error as plain data (userErrorData). */
export function errorData({ code, message, location, path, source, hint, data }: PpgError): PpgErrorData {
  return { code, message, location, path, source, hint, data };
}

export function reviveUserError(data: PpgErrorData[]): PpgError | PpgErrorList {
  const errors = revivedErrors(data);
  return errors.length === 1 ? errors[0]! : new PpgErrorList(errors);
}

/** Errors made again from their data: the catalogue builds the same message from the same parameters. */
export function revivedErrors(data: readonly PpgErrorData[]): PpgError[] {
  return data.map(
    ({ code, message: _built, data: params, ...opts }) => new PpgError(code, params as ErrorParams<ErrorCode>, opts),
  );
}

/** Problems kept as plain data in a store, and made into errors again when taken (most scans find none). */
export const PROBLEMS_AS_DATA = {
  keep: (found: PpgError[]): PpgErrorData[] => (found.length ? found.map(errorData) : []),
  take: (kept: PpgErrorData[]): PpgError[] => (kept.length ? revivedErrors(kept) : []),
};

/** 2 for a refused command, else 1. */
export function exitCodeOf(err: PpgError | PpgErrorList): number {
  const usage = errorsOf(err).some((e) => (ERRORS[e.code] as { usage?: boolean } | undefined)?.usage);
  return usage ? EXIT_STATUSES.usage.status : EXIT_STATUSES.site.status;
}

/**
 * What the machine refused (a full disk, a read-only folder, a file where a folder must go, too
 * many open files) is the user's to fix, not a bug in ppguide: it becomes a PpgError naming the
 * path, what happened and what to do. Anything else is returned as it is.
 */
export function fromFileSystemError(err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== "string" || !(e.code in SYSTEM_REFUSALS)) return err;
  const errno = e.code as keyof typeof SYSTEM_REFUSALS;
  const dest = (e as { dest?: string }).dest;
  const path = dest ? `${shortPath(e.path)} → ${shortPath(dest)}` : (shortPath(e.path) ?? "a file");
  const folder = e.path ? shortPath(dirname(dest ?? e.path))! : "the output folder";
  return new PpgError(SYSTEM_REFUSALS[errno].code, {
    path,
    folder,
    errno,
    ...(e.syscall ? { syscall: e.syscall } : {}),
  });
}

/**
 * A path or value short enough to quote on one line of a report: a 4,000-character one is shown by its
 * ends, so what an input holds never decides how large the report about it is.
 */
export function shortened(text: string): string {
  if (text.length <= 200) return text;
  return `${text.slice(0, 80)}…${text.slice(-80)} (${text.length} characters)`;
}

const shortPath = (path: string | undefined) => (path === undefined ? undefined : shortened(path));

export function errorsOf(err: PpgError | PpgErrorList): PpgError[] {
  return isPpgErrorList(err) ? err.errors : [err];
}

/** The warnings a failure carries (PpgErrorList.warnings): none for a single error. */
export function warningsOf(err: PpgError | PpgErrorList): readonly PpgError[] {
  return isPpgErrorList(err) ? err.warnings : [];
}

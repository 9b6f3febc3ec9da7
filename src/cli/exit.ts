import { runInterruptCleanups } from "../core/interrupt.ts";
import { EXIT_STATUSES } from "../core/errors-data.ts";
import { Reporter } from "./report.ts";

/**
 * How the ppguide process ends, in one place: the only `process.exit` of the CLI is here, and
 * each ending is reported by the command's reporter first, so that `--format json` prints one
 * valid object whatever happened. The command ran (its report, then its exit code), it threw (a
 * problem in the site, a command used wrongly, a crash: exit 1, 2 or 70), or a signal stopped it
 * (exit 130 or 143). A command that serves (dev, preview) ends on a signal by closing, exit 0.
 */
let reporter: Reporter | undefined;
/** The running server's stop, while dev or preview serves. */
let stopServing: (() => Promise<void>) | undefined;
let stopping = false;

/** The reporter endings go through from now on: the command's own, once its options are read. */
export function reportThrough(next: Reporter): void {
  reporter = next;
}

function current(): Reporter {
  reporter ??= Reporter.fromArgv(process.argv);
  return reporter;
}

/** The signals bin/ppguide kept while the CLI loaded, and how to stop keeping them. */
export interface EarlySignals {
  signals: readonly string[];
  stop(): void;
}

let watching = false;

/**
 * From the CLI's start: a signal or a crash anywhere ends the process through the reporter. A signal that came
 * before (`early`, kept by bin/ppguide while the CLI loaded) ends it now, as it would have then.
 * Out of file handles, a library's child process or stream can fail with an 'error' event nobody
 * listens to: the reporter names that as the machine's limit (TooManyOpenFiles), not a bug.
 */
export function watchEndings(early?: EarlySignals): void {
  if (!watching) {
    watching = true;
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void onSignal(signal));
    process.on("uncaughtException", (err) => endProcess(current().fail(err)));
  }
  if (!early) return;
  early.stop();
  const first = early.signals[0];
  if (first === "SIGINT" || first === "SIGTERM") void onSignal(first);
}

async function onSignal(signal: "SIGINT" | "SIGTERM"): Promise<void> {
  if (stopServing) {
    // A second Ctrl-C while closing means "now".
    if (stopping) endProcess(EXIT_STATUSES.interrupted.status);
    stopping = true;
    await stopServing();
    endProcess(0);
  }
  // A build lets go of its lock and temporary link first; the served output stays as it was.
  runInterruptCleanups();
  endProcess(current().interrupt(signal));
}

/** dev and preview: a signal closes the server, then the process exits 0. */
export function endOnSignalBy(stop: () => Promise<void>): void {
  stopServing = stop;
}

/** A command that threw: its report, then the process ends with the code. */
export function failAndExit(thrown: unknown, by: Reporter = current()): never {
  endProcess(by.fail(thrown));
}

/**
 * A command that ran to its end, its report printed: the process exits with `code` once the
 * event loop is empty, so whatever is still closing (a worker thread, a child process) closes.
 */
export function exitWhenDone(code: number): void {
  process.exitCode = code;
}

export function endProcess(code: number): never {
  process.exit(code);
}

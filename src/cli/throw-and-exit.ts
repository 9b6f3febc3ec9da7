import { describeAll, errorsOf, exitCodeOf, fromFileSystemError, isUserError } from "../core/errors.ts";

/**
 * The one place the CLI exits on failure. User mistakes print as `file:line:col  path  message`
 * lines and exit 1; anything else is a bug in ppguide and prints its stack, exit 70.
 */
export function exitWithError(thrown: unknown): never {
  const err = fromFileSystemError(thrown);
  if (isUserError(err)) {
    const errors = errorsOf(err);
    for (const line of describeAll(errors)) console.error(line);
    console.error(`\n${errors.length} problem${errors.length === 1 ? "" : "s"} found; nothing was written.`);
    process.exit(exitCodeOf(err));
  }
  console.error("ppguide crashed. This is a bug in ppguide, not in your site:");
  console.error(err);
  process.exit(70);
}

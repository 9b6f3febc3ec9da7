import { isDate, today } from "./dates.ts";
import { PpgError } from "./errors.ts";

/**
 * The day a command works as of, decided here for the CLI and the programmatic API alike: the day
 * given (--clock, or a `clock` option), else PPGUIDE_CLOCK, else today. A CI job, or a test suite,
 * that sets PPGUIDE_CLOCK once builds, checks and merges every part as of one day, whatever the
 * machine's clock says; a day that does not exist is a usage error (ClockInvalid).
 */

/** The day given, checked, or PPGUIDE_CLOCK's, checked; undefined when neither is set. */
export function givenDay(given: string | undefined, env = process.env.PPGUIDE_CLOCK): string | undefined {
  const [from, value] = given !== undefined ? ["--clock", given] : env ? ["PPGUIDE_CLOCK", env] : [];
  if (value === undefined || from === undefined) return undefined;
  if (!isDate(value, "day")) throw new PpgError("ClockInvalid", { from, value });
  return value;
}

/**
 * The day a command works as of: `given`, else PPGUIDE_CLOCK, else today, read at each call (a dev server left
 * running past midnight moves on with the date).
 */
export function currentDay(given?: string): string {
  return givenDay(given) ?? today();
}

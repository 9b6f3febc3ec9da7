/**
 * A command that fails after it began writing the copy of the site it prepares (never the copy being served:
 * output/output-folder.ts) has written something, and its report must not say that nothing was: the failure is
 * marked with that copy, and the reporter (src/cli/report.ts) names it instead.
 */
const WROTE_INTO = Symbol.for("ppguide.wroteInto");

/** `err`, marked as thrown once files were written into `copy`. */
export function failedWhileWriting(err: unknown, copy: string): unknown {
  if (typeof err === "object" && err !== null && !(WROTE_INTO in err))
    Object.defineProperty(err, WROTE_INTO, { value: copy, configurable: true });
  return err;
}

/** The copy a failure had begun writing into, if it had. */
export function writtenInto(err: unknown): string | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const copy = (err as { [WROTE_INTO]?: unknown })[WROTE_INTO];
  return typeof copy === "string" ? copy : undefined;
}

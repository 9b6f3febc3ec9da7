/** A link report as the catalogue's errors: the one place a broken link or anchor becomes a BrokenLink. */
import { PpgError } from "../core/errors.ts";
import type { LinkProblem } from "./types.ts";

/**
 * `FILE:LINE:COL  HREF  reason (did you mean …?)` once described (the FILE:LINE:COL prefix is
 * clickable in terminals and editors). `hint`: what to do, when the catalogue's (which names
 * site.yaml's checkLinks) does not apply, as for a folder check-links reads.
 */
export function brokenLink({ file, line, col, href, reason, suggestion }: LinkProblem, hint?: string): PpgError {
  return new PpgError("BrokenLink", suggestion === undefined ? { href, reason } : { href, reason, suggestion }, {
    location: { file, line, column: col },
    ...(hint === undefined ? {} : { hint }),
  });
}

export function linkReportSummary(report: { pages: number; references: number; problems: unknown[] }): string {
  return `${report.pages} pages, ${report.references} references, ${report.problems.length} problems`;
}

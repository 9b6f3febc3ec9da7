/** Output of a link report: one line per problem for people and editors, JSON for tools. */
import type { LinkProblem, LinkReport } from "./types.ts";

/**
 * `FILE:LINE:COL  HREF  reason (did you mean …?)`: the FILE:LINE:COL prefix is clickable in terminals and editors.
 */
export function formatProblem(p: LinkProblem): string {
  const suggestion = p.suggestion !== undefined ? ` (did you mean ${p.suggestion}?)` : "";
  return `${p.file}:${p.line}:${p.col}  ${p.href}  ${p.reason}${suggestion}`;
}

export function formatSummary(report: LinkReport): string {
  return `${report.pages} pages, ${report.references} references, ${report.problems.length} problems`;
}

export function formatText(report: LinkReport): string {
  return `${[...report.problems.map(formatProblem), formatSummary(report)].join("\n")}\n`;
}

export function formatJson(report: LinkReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The link checker: `checkLinks` for programs, `runCheckLinksCommand` for the CLI and the build. */
export { checkLinks } from "./check.ts";
export { runCheckLinksCommand, EXIT_BROKEN, EXIT_CLEAN, EXIT_USAGE } from "./command.ts";
export { formatJson, formatProblem, formatSummary, formatText } from "./report.ts";
export { scanPage } from "./extract.ts";
export type { CheckLinksOptions, LinkProblem, LinkReason, LinkReport } from "./types.ts";

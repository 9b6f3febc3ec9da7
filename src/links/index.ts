/** The link checker: `checkLinks` for programs (the build and `ppguide check-links`), its problems as errors. */
export { checkLinks } from "./check.ts";
export { linkCheckErrors } from "./errors.ts";
export { brokenLink, linkReportSummary } from "./report.ts";
export { scanPage } from "./extract.ts";
export type { CheckLinksOptions, LinkProblem, LinkReason, LinkReport } from "./types.ts";

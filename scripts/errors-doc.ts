/**
 * Writes docs/errors.md from the error catalogue (src/core/errors-data.ts):
 *   npm run docs:errors
 * A test fails when the checked-in file differs from what this prints.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ERRORS, EXIT_STATUSES, type ErrorInfo } from "../src/core/errors-data.ts";

export function errorsMarkdown(): string {
  const exitOf = (e: ErrorInfo) =>
    e.exits?.join(" or ") ?? (e.usage ? EXIT_STATUSES.usage.status : EXIT_STATUSES.site.status);
  const rows = Object.entries(ERRORS).map(
    ([code, e]: [string, ErrorInfo]) => `| \`${code}\` | ${e.title} | ${e.cause} | ${e.hint} | ${exitOf(e)} |`,
  );
  const statuses = Object.values(EXIT_STATUSES).map(({ status, meaning }) => `| ${status} | ${meaning} |`);
  return `# Error codes

Generated from \`src/core/errors-data.ts\` by \`npm run docs:errors\`; do not edit by hand.

Every problem ppguide reports carries one of these codes (printed in brackets after the message),
with the file, line and column to fix where there is one. A code has one cause and never changes
meaning.

## Exit statuses

Every command ends with one of these, and a problem's code says which (the last column below):

| exit | when |
|---|---|
${statuses.join("\n")}

## Codes

| code | title | cause | what to do | exit |
|---|---|---|---|---|
${rows.join("\n")}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL("../docs/errors.md", import.meta.url)), errorsMarkdown());
}

/**
 * Writes docs/errors.md from the error catalogue (src/core/errors-data.ts):
 *   npm run docs:errors
 * A test fails when the checked-in file differs from what this prints.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ERRORS } from "../src/core/errors-data.ts";

export function errorsMarkdown(): string {
  const rows = Object.entries(ERRORS).map(
    ([code, e]) => `| \`${code}\` | ${e.title} | ${e.cause} | ${e.hint} | ${"usage" in e && e.usage ? 2 : 1} |`,
  );
  return `# Error codes

Generated from \`src/core/errors-data.ts\` by \`npm run docs:errors\`; do not edit by hand.

Every problem ppguide reports carries one of these codes (printed in brackets after the message),
with the file, line and column to fix where there is one. A code has one cause and never changes
meaning. Exit status: 1 for a problem in the site or on the disk, 2 for a command used wrongly,
70 for a bug in ppguide.

| code | title | cause | what to do | exit |
|---|---|---|---|---|
${rows.join("\n")}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL("../docs/errors.md", import.meta.url)), errorsMarkdown());
}

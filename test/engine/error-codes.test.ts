/**
 * The error catalogue's own checks. Each code is made to happen in every-code.test.ts.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describe as describeError, PpgError } from "../../src/core/errors.ts";
import { errorsMarkdown } from "../../scripts/errors-doc.ts";

describe("an error from a template", () => {
  it("TemplateFailed keeps the template's own stack", () => {
    const thrown = new Error("Cannot read properties of undefined (reading 'title')");
    const err = new PpgError("TemplateFailed", { route: "/beaches", reason: thrown.message }, { cause: thrown });
    expect(describeError(err)).toContain(
      `[TemplateFailed]\n    Error: Cannot read properties of undefined (reading 'title')\n    `,
    );
    expect(describeError(err)).toContain("error-codes.test.ts");
  });
});

describe("the catalogue", () => {
  it("docs/errors.md is the catalogue as `npm run docs:errors` writes it", () => {
    expect(readFileSync(fileURLToPath(new URL("../../docs/errors.md", import.meta.url)), "utf8")).toBe(
      errorsMarkdown(),
    );
  });
});

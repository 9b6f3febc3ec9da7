/**
 * The gate an editor's change meets (`ppguide build --strict`, audits/acknowledged.ts) lets the untouched guide
 * through: every placeholder, stub text and figure typed by hand the guide has is one acknowledged.yaml lists, and
 * every entry there names one it has. A change that brings a new one fails it (test/engine/placeholders.test.ts).
 */
import { describe, expect, it } from "vitest";
import { gatedProblems, sortAcknowledged } from "../../src/audits/acknowledged.ts";
import { findPlaceholders } from "../../src/audits/placeholders.ts";
import { loadedSite, ROOT } from "../helpers/site-pages.ts";

describe("the guide and its gate", () => {
  it("has nothing --strict fails on that acknowledged.yaml does not list, and lists nothing it no longer has", async () => {
    const site = await loadedSite();
    const { fresh, gone, acknowledged } = sortAcknowledged(
      ROOT,
      gatedProblems(findPlaceholders(site), site.content.warnings),
    );
    expect(fresh.map((e) => `${e.code}  ${e.format(false)}`)).toEqual([]);
    expect(gone.map((e) => e.format(false))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
  });
});

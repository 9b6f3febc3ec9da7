import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffManifests } from "../../src/dev/incremental.ts";
import { parseManifest } from "../../src/manifest/load.ts";
import { FIXTURES } from "../helpers/fixture.ts";

const text = readFileSync(join(FIXTURES, "basic-site/site.yaml"), "utf8");
const manifest = (t: string) => parseManifest(t).manifest;

describe("which pages a site.yaml edit re-renders in dev mode", () => {
  it("a retitled index that is not in the search box still re-renders /search, which lists it", () => {
    const before = manifest(text);
    const after = structuredClone(before);
    after.routes.find((r) => r.path === "/guides")!.title = "Every Guide";
    const dirty = diffManifests(before, after);
    expect(dirty).not.toBe("all");
    expect([...(dirty as Set<string>)]).toContain("/search");
  });

  it("a new description alone leaves /search alone", () => {
    const before = manifest(text);
    const after = structuredClone(before);
    after.routes.find((r) => r.path === "/guides")!.description = "A new description for the guides index page.";
    expect([...(diffManifests(before, after) as Set<string>)]).not.toContain("/search");
  });
});

/**
 * src/manifest/types.ts is generated from schema/site.schema.json (npm run gen:types): this fails
 * while the checked-in file differs from what the schema gives, and pins down what the per-kind
 * route types promise (checked by tsc, which `npm test` runs first).
 */
import { readFile } from "node:fs/promises";
import { describe, expect, expectTypeOf, it } from "vitest";
import { generateManifestTypes, TYPES_FILE } from "../../scripts/gen-manifest-types.ts";
import type { HomeData, Image, RouteEntry, RouteFields, RouteOf } from "../../src/manifest/types.ts";

describe("the manifest's types", () => {
  it("are what `npm run gen:types` makes of the schema today", async () => {
    expect(await readFile(TYPES_FILE, "utf8"), "src/manifest/types.ts is stale: run `npm run gen:types`").toBe(
      await generateManifestTypes(),
    );
  });

  it("make the fields a kind requires required on that kind, and only there", () => {
    expectTypeOf<RouteOf<"recipe">["author"]>().toEqualTypeOf<string>();
    expectTypeOf<RouteOf<"recipe">["image"]>().toEqualTypeOf<Image>();
    expectTypeOf<RouteOf<"recipe">["related"]>().toEqualTypeOf<string[]>();
    expectTypeOf<RouteOf<"home">["home"]>().toEqualTypeOf<HomeData>();
    expectTypeOf<RouteOf<"index">["cards"]>().toEqualTypeOf<string[]>();
    expectTypeOf<RouteOf<"search">["author"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RouteFields["home"]>().toEqualTypeOf<HomeData | undefined>();
    // Narrowing on `kind` gives the kind's type: no `route.dates!` needed.
    const datesOf = (route: RouteEntry) => (route.kind === "article" ? route.dates.modified : undefined);
    expectTypeOf(datesOf).returns.toEqualTypeOf<string | undefined>();
  });
});

/**
 * The incremental property's random half, and the sharded and indexed rebuilds: split from
 * incremental.test.ts (which says what the property promises) so the two run on two cores at once.
 * FUZZ_SEED=n replays a seed a failure printed, FC_RUNS=n runs more, FC_SHRINK=1 shrinks a failure.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { assertProperty } from "../helpers/property.ts";
import {
  anySequenceEqualsCleanBuilds,
  runs,
  edit,
  rebuildsEqualCleanBuilds,
  shardedRebuildsEqualCleanBuilds,
} from "../helpers/incremental-site.ts";

describe("an incremental rebuild", () => {
  // The fixed seed's half, with the named sequences, is incremental.test.ts's.
  it("equals a clean build after any sequence of edits to the site's inputs: a random seed's half", {
    timeout: 600_000,
  }, async () => {
    await anySequenceEqualsCleanBuilds("random");
  });

  it("equals a clean build when built in 2 or 3 shards, each with its own restored cache, and merged", {
    timeout: 600_000,
  }, async () => {
    await assertProperty(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.constantFrom(2, 3), (edits, total) =>
        shardedRebuildsEqualCleanBuilds(edits, total),
      ),
      { numRuns: runs(4), endOnFailure: !process.env.FC_SHRINK },
    );
  });
  it("equals a clean build with the search index on, every file of it included, and dev mode's index too", {
    timeout: 600_000,
  }, async () => {
    await assertProperty(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) =>
        rebuildsEqualCleanBuilds(edits, true),
      ),
      { numRuns: runs(6), endOnFailure: !process.env.FC_SHRINK },
    );
  });
});

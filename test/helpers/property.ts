import { randomInt } from "node:crypto";
import { relative } from "node:path";
import fc from "fast-check";
import { expect } from "vitest";

/**
 * How every property test of the suite runs its cases (fast-check): half of them under a fixed
 * seed, the same cases on every machine and every day, so a failure there is the change's and not
 * luck; the other half under a random seed, printed, so each run also tries cases no run before it
 * tried. A failure says its seed and the command that replays it: with FUZZ_SEED=n, only seed n
 * runs, all the runs, which reaches the same case first (fast-check draws case k of a seed the same
 * way whatever the number of runs).
 *
 * A property asserts its promise of every case it is given. Whatever must be true of one particular
 * case (a site that builds, an edit that is refused) is a named case beside it, or one of
 * `examples`, run first under the fixed seed: never a count of how the random cases came out.
 */
export const FIXED_SEED = 20231123;

const REPLAY = process.env.FUZZ_SEED;

export interface PropertyRuns<Ts> {
  /** The cases in all, shared between the fixed and the random seed (rounded up for each). */
  numRuns: number;
  /** Cases run before the generated ones, under the fixed seed. */
  examples?: Ts[];
  /** fast-check's own: stop at the first failure without shrinking it (each try costs a few builds). */
  endOnFailure?: boolean;
  /**
   * Only one half: a long property split into two files, which run on two cores at once, one half
   * in each, each the half it would have run in one file.
   */
  half?: "fixed" | "random";
}

export async function assertProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  runs: PropertyRuns<Ts>,
): Promise<void> {
  const { currentTestName: name = "a property", testPath } = expect.getState();
  const file = testPath ? relative(process.cwd(), testPath) : "";
  const replay = REPLAY === undefined ? undefined : Number(REPLAY);
  if (replay !== undefined && !Number.isSafeInteger(replay))
    throw new Error(`FUZZ_SEED=${REPLAY} is not a whole number: give the seed a failure printed`);
  const half = Math.ceil(runs.numRuns / 2);
  const halves = {
    fixed: { seed: FIXED_SEED, numRuns: half, examples: runs.examples },
    random: { seed: randomInt(2 ** 31), numRuns: half },
  };
  const seeds: { seed: number; numRuns: number; examples?: Ts[] }[] =
    replay !== undefined
      ? [{ seed: replay, numRuns: runs.numRuns }]
      : runs.half
        ? [halves[runs.half]]
        : [halves.fixed, halves.random];
  console.log(
    `${name}: ${seeds.map((s) => `${s.numRuns} cases under seed ${s.seed}${s.seed === FIXED_SEED ? " (fixed)" : ""}`).join(", ")}`,
  );
  for (const { seed, numRuns, examples } of seeds) {
    try {
      await fc.assert(property, { seed, numRuns, examples, endOnFailure: runs.endOnFailure });
    } catch (err) {
      const how = `FUZZ_SEED=${seed} npx vitest run ${file} -t ${JSON.stringify(name.split(" > ").at(-1))}`;
      throw new Error(`${name}: failed under seed ${seed}; \`${how}\` replays it.\n${(err as Error).message}`, {
        cause: err,
      });
    }
  }
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "../..");

// Biome's formatter keeps code within 120 characters but cannot break a string or a comment; this
// holds those to the same width, so src/ reads without sideways scrolling.
describe("src/", () => {
  it("has no line over 120 characters", () => {
    const long: string[] = [];
    for (const file of fg.sync("src/**/*.{ts,tsx}", { cwd: REPO })) {
      readFileSync(join(REPO, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if ([...line].length > 120) long.push(`${file}:${i + 1} (${[...line].length})`);
        });
    }
    expect(long).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { LineStarts } from "../../src/core/line-starts.ts";

describe("LineStarts", () => {
  const text = "site:\n  name: Guide\r\n\nroutes: []";
  const lines = new LineStarts(text);

  it("finds each offset's line and column, both from 1, as a newline counts them", () => {
    expect(lines.count).toBe(4);
    expect(lines.position(0)).toEqual({ line: 1, column: 1 });
    expect(lines.position(text.indexOf("name"))).toEqual({ line: 2, column: 3 });
    // The newline ends its own line; the next character starts the next.
    expect(lines.position(text.indexOf("\n"))).toEqual({ line: 1, column: 6 });
    expect(lines.position(text.indexOf("routes"))).toEqual({ line: 4, column: 1 });
    expect(lines.position(text.length)).toEqual({ line: 4, column: 11 });
  });

  it("gives each line's start and end, the last line's end the text's", () => {
    const slice = (line: number) => text.slice(lines.start(line), lines.end(line));
    expect([0, 1, 2, 3].map(slice)).toEqual(["site:", "  name: Guide\r", "", "routes: []"]);
    expect(lines.start(9)).toBe(text.length);
    expect(new LineStarts("").position(0)).toEqual({ line: 1, column: 1 });
  });
});

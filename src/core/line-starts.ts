/**
 * The offsets where a text's lines start, found once: a locator asked for many places in one file
 * finds each one's line by halving, instead of counting the newlines before it again.
 */
export class LineStarts {
  private readonly starts = [0];
  private readonly length: number;

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
    this.length = text.length;
  }

  /** How many lines the text has (a text without a newline has one). */
  get count(): number {
    return this.starts.length;
  }

  /** The line, counted from 0, that holds `offset`. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.start(mid) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where line `line` (from 0) starts; the text's end for a line past the last. */
  start(line: number): number {
    return this.starts[line] ?? this.length;
  }

  /** Where line `line`'s text ends: before its newline, or at the text's end for the last line. */
  end(line: number): number {
    const next = this.starts[line + 1];
    return next === undefined ? this.length : next - 1;
  }

  /** Line and column of `offset`, both counted from 1, as a problem is located. */
  position(offset: number): { line: number; column: number } {
    const line = this.lineOf(offset);
    return { line: line + 1, column: offset - this.start(line) + 1 };
  }
}

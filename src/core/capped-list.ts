/**
 * Lists a message quotes from what a command was given (the shards missing from a merge, the
 * folders given, a shard's damaged files) are capped: a message stays one readable line, and a
 * `--format json` report stays small, however large the input. Whole numbers in a row are a range
 * (`2–999,999`), found from the numbers present without listing the absent ones one by one.
 */

/** How many items or ranges a message names before it says how many more there are. */
export const LIST_LIMIT = 10;

// Made when first used: making it starts ICU, about 10 ms of every process that never prints a count.
let numbers: Intl.NumberFormat | undefined;

/** 1234567 as `1,234,567`. */
export function formatCount(n: number): string {
  numbers ??= new Intl.NumberFormat("en-US");
  return numbers.format(n);
}

/** `a, b, c`, or `a, b, c and 12 more` past `limit` items. */
export function cappedList(items: readonly string[], limit = LIST_LIMIT): string {
  if (items.length <= limit) return items.join(", ");
  return `${items.slice(0, limit).join(", ")} and ${formatCount(items.length - limit)} more`;
}

/** A run of whole numbers, first and last included. */
export type Range = readonly [first: number, last: number];

/**
 * The runs of the numbers from 1 to `total` that `present` lacks, and how many they are: work and
 * memory in proportion to `present`, never to `total`.
 */
export function absentRanges(present: Iterable<number>, total: number): { count: number; ranges: Range[] } {
  const sorted = [...new Set(present)].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  const ranges: Range[] = [];
  let next = 1;
  for (const n of [...sorted, total + 1]) {
    if (n > next) ranges.push([next, n - 1]);
    next = n + 1;
  }
  return { count: ranges.reduce((sum, [first, last]) => sum + last - first + 1, 0), ranges };
}

/** `2, 4–7, 9–999,999`, capped as cappedList caps: `… and 12 more ranges`. */
export function rangesText(ranges: readonly Range[], limit = LIST_LIMIT): string {
  const shown = ranges
    .slice(0, limit)
    .map(([first, last]) => (first === last ? formatCount(first) : `${formatCount(first)}–${formatCount(last)}`));
  const more = ranges.length - shown.length;
  return more > 0
    ? `${shown.join(", ")} and ${formatCount(more)} more range${more === 1 ? "" : "s"}`
    : shown.join(", ");
}

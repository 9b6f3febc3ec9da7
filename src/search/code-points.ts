/**
 * Strings in the order Rust keeps them: by code point (a BTreeMap's keys, a sorted Vec<String>).
 * JavaScript compares UTF-16 units, which orders a character past U+FFFF before U+E000–U+FFFF.
 */

/** Strings compared by code point. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (half of an astral character) sorts after every character of the BMP.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** A map's entries, by key. */
export function sortedEntries<V>(map: ReadonlyMap<string, V>): [string, V][] {
  return [...map].sort(([a], [b]) => compareCodePoints(a, b));
}

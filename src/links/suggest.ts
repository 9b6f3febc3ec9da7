/** Near matches offered with a problem: "did you mean …?". */
import { findTarget } from './resolve.ts';

/** Levenshtein distance, bounded: returns max + 1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The anchor a broken fragment most likely meant: same text in another case or Unicode
 * normalisation, else the closest id within a small edit distance.
 */
export function closestAnchor(fragment: string, anchors: Iterable<string>): string | undefined {
  const wanted = fragment.normalize('NFC').toLowerCase();
  const max = Math.max(2, Math.floor(wanted.length / 4));
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const id of anchors) {
    const d = editDistance(wanted, id.normalize('NFC').toLowerCase(), Math.min(max, bestDistance - 1));
    if (d === 0) return id;
    if (d < bestDistance) {
      best = id;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Case-insensitive index of the site's files, built once and only when a target is missing.
 * Hosts on Linux are case-sensitive, so "/Guide/" fails in production even when it works on a Mac.
 */
export class PathSuggester {
  private byLower: Map<string, string> | null = null;
  private lowerFiles: Set<string> | null = null;
  constructor(private readonly files: ReadonlySet<string>) {}

  /** A site-absolute URL for the same target in the right case, or undefined. */
  suggest(path: string): string | undefined {
    if (!this.byLower) {
      this.byLower = new Map();
      for (const f of this.files) {
        const lower = f.toLowerCase();
        if (!this.byLower.has(lower)) this.byLower.set(lower, f);
      }
      this.lowerFiles = new Set(this.byLower.keys());
    }
    const lowerTarget = findTarget(path.toLowerCase(), this.lowerFiles!);
    if (lowerTarget === null) return undefined;
    const actual = this.byLower.get(lowerTarget)!;
    // Keep the form the author wrote ("/x/", "/x", "/x.html"): only the case changes.
    return '/' + actual.slice(0, path.length);
  }
}

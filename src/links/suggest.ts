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
 * Ids compared per broken fragment at most. Without a bound a page with 20,000 broken anchors
 * into a page of 20,000 ids did 400 million comparisons (43 s); a typo is nearly always among
 * the ids of about the same length, which are compared first.
 */
const MAX_COMPARED = 256;

/** A page's ids indexed for suggestions: by their folded text, and by length. */
class AnchorIndex {
  readonly folded = new Map<string, string>();
  readonly byLength = new Map<number, [folded: string, id: string][]>();
  readonly memo = new Map<string, string | undefined>();

  constructor(anchors: Iterable<string>) {
    for (const id of anchors) {
      const f = fold(id);
      if (!this.folded.has(f)) this.folded.set(f, id);
      let bucket = this.byLength.get(f.length);
      if (!bucket) this.byLength.set(f.length, (bucket = []));
      bucket.push([f, id]);
    }
  }
}

const indexes = new WeakMap<Iterable<string>, AnchorIndex>();
const fold = (s: string) => s.normalize('NFC').toLowerCase();

/**
 * The anchor a broken fragment most likely meant: same text in another case or Unicode
 * normalisation, else the closest id within a small edit distance (among the nearest lengths
 * first, at most MAX_COMPARED of them).
 */
export function closestAnchor(fragment: string, anchors: Iterable<string>): string | undefined {
  let index = indexes.get(anchors);
  if (!index) indexes.set(anchors, (index = new AnchorIndex(anchors)));
  if (index.memo.has(fragment)) return index.memo.get(fragment);
  const wanted = fold(fragment);
  let best = index.folded.get(wanted);
  if (best === undefined) {
    const max = Math.max(2, Math.floor(wanted.length / 4));
    let bestDistance = max + 1;
    let compared = 0;
    search: for (let delta = 0; delta <= max && delta < bestDistance; delta++) {
      for (const length of delta === 0 ? [wanted.length] : [wanted.length - delta, wanted.length + delta]) {
        for (const [f, id] of index.byLength.get(length) ?? []) {
          if (++compared > MAX_COMPARED) break search;
          const d = editDistance(wanted, f, Math.min(max, bestDistance - 1));
          if (d < bestDistance) {
            best = id;
            bestDistance = d;
          }
        }
      }
    }
  }
  index.memo.set(fragment, best);
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

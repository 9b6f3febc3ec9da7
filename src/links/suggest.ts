/** Near matches offered with a problem: "did you mean …?". */
import { editDistance } from "../core/edit-distance.ts";
import { findTarget } from "./resolve.ts";

/**
 * Bounds on the "did you mean" search, so that checking stays linear in the number of links
 * (comparing every broken fragment with every id is quadratic: docs/performance.md). One typo (a
 * letter missing, extra or changed) is found through an index of each id with one letter deleted
 * (SymSpell's idea: two strings one edit apart share a one-deletion variant); a wider search over
 * the ids of the nearest lengths is made for the first SCANS_PER_PAGE fragments of a page, at most
 * MAX_COMPARED ids each.
 */
const MAX_COMPARED = 64;
const SCANS_PER_PAGE = 200;

/** A page's ids indexed for suggestions. */
class AnchorIndex {
  /** Folded id, and each of its one-letter deletions → the ids it comes from. */
  readonly variants = new Map<string, string[]>();
  readonly byLength = new Map<number, [folded: string, id: string][]>();
  readonly memo = new Map<string, string | undefined>();
  scans = 0;

  constructor(anchors: Iterable<string>) {
    for (const id of anchors) {
      const f = fold(id);
      for (const v of [f, ...deletions(f)]) {
        const ids = this.variants.get(v);
        if (!ids) this.variants.set(v, [id]);
        else if (ids.length < 8 && !ids.includes(id)) ids.push(id);
      }
      let bucket = this.byLength.get(f.length);
      if (!bucket) this.byLength.set(f.length, (bucket = []));
      bucket.push([f, id]);
    }
  }
}

function deletions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

const indexes = new WeakMap<Iterable<string>, AnchorIndex>();
const fold = (s: string) => s.normalize("NFC").toLowerCase();

/**
 * The anchor a broken fragment most likely meant: same text in another case or Unicode
 * normalisation, else the closest id within a small edit distance (see the bounds above).
 */
export function closestAnchor(fragment: string, anchors: Iterable<string>): string | undefined {
  let index = indexes.get(anchors);
  if (!index) indexes.set(anchors, (index = new AnchorIndex(anchors)));
  if (index.memo.has(fragment)) return index.memo.get(fragment);
  const wanted = fold(fragment);
  const max = Math.max(2, Math.floor(wanted.length / 4));
  let best: string | undefined;
  let bestDistance = max + 1;
  const consider = (folded: string, id: string) => {
    const d = editDistance(wanted, folded, Math.min(max, bestDistance - 1));
    if (d < bestDistance) {
      best = id;
      bestDistance = d;
    }
  };
  for (const v of [wanted, ...deletions(wanted)]) {
    for (const id of index.variants.get(v) ?? []) consider(fold(id), id);
    if (bestDistance === 0) break;
  }
  if (best === undefined && index.scans++ < SCANS_PER_PAGE) {
    let compared = 0;
    search: for (let delta = 0; delta <= max; delta++) {
      for (const length of delta === 0 ? [wanted.length] : [wanted.length - delta, wanted.length + delta]) {
        for (const [f, id] of index.byLength.get(length) ?? []) {
          if (++compared > MAX_COMPARED) break search;
          consider(f, id);
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
    return `/${actual.slice(0, path.length)}`;
  }
}

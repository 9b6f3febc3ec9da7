/**
 * Levenshtein distance: the letters to insert, delete or change to turn `a` into `b`. Bounded by
 * `max`: it returns max + 1 as soon as the distance must exceed it, which keeps the link checker's
 * "did you mean" linear (links/suggest.ts).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

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

/** Names (a page's ids, route paths) indexed for suggestions. */
class NameIndex {
  /** Folded id, and each of its one-letter deletions → the ids it comes from. */
  readonly variants = new Map<string, string[]>();
  readonly byLength = new Map<number, [folded: string, id: string][]>();
  readonly memo = new Map<string, string | undefined>();
  scans = 0;

  constructor(names: Iterable<string>) {
    for (const id of names) {
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

const indexes = new WeakMap<Iterable<string>, NameIndex>();
const fold = (s: string) => s.normalize("NFC").toLowerCase();

/**
 * The name `written` most likely meant, of `names` (a page's ids, the site's route paths): the same
 * text in another case or Unicode normalisation, else the closest within a small edit distance
 * (see the bounds above). `names` is indexed once, the first time it is given.
 */
export function closestName(written: string, names: Iterable<string>): string | undefined {
  let index = indexes.get(names);
  if (!index) indexes.set(names, (index = new NameIndex(names)));
  if (index.memo.has(written)) return index.memo.get(written);
  const wanted = fold(written);
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
  index.memo.set(written, best);
  return best;
}

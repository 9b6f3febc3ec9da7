import { closestName, editDistance } from "./edit-distance.ts";

/**
 * The path a link or an image most likely meant, of `paths` (the site's routes, the files of public/): the "did you
 * mean" of every path that names nothing. A path is read for what it names, its words: `/beaches-puerto-plata`
 * means `/5-best-beaches-puerto-plata` (every word of it there), not `/bakeries-puerto-plata`, which is nearer
 * letter by letter but names other places. A word matches another written a little differently (`recipe` and
 * `recipes`, `jpeg` and `jpg`, `beachs` and `beaches`); a word few paths have (`beaches`) counts for more than one
 * most have (`puerto`). The path whose words cover most of the written one's wins, and the one with the fewest
 * other words, then the nearest letter by letter, breaks a tie; no path covers enough of them, and the written
 * path is looked up letter by letter (core/edit-distance.ts), as a typo of one word is.
 */
export function closestPath(written: string, paths: Iterable<string>): string | undefined {
  let index = indexes.get(paths);
  if (!index) indexes.set(paths, (index = new PathIndex(paths)));
  if (index.memo.has(written)) return index.memo.get(written);
  // Reading by words compares with every path sharing a word: for the first WORD_SEARCHES paths of a run only, so
  // that a site broken everywhere is still checked in linear time (core/edit-distance.ts bounds its own search so).
  const byWords = index.searches++ < WORD_SEARCHES ? index.byWords(written) : undefined;
  const near = byWords ?? closestName(written, index.paths);
  // Letter by letter, a path is a typo only of one word of it: `/images/café.svg` is not `/images/logo.svg`.
  const found = byWords ?? (near !== undefined && oneWordApart(written, near) ? near : undefined);
  index.memo.set(written, found);
  return found;
}

const WORD_SEARCHES = 500;

/** A word at most this share of the paths have says what a path is about. */
const FEW = 0.25;

/** How much of the written path's words (by weight) a suggestion must name. */
const ENOUGH = 0.6;

const wordsOf = (path: string): string[] =>
  path
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether two words are one written two ways: the same, one the other's stem, or one letter apart. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 3) return false;
  let common = 0;
  while (common < short.length && short[common] === long[common]) common++;
  if (common >= 4 && common >= 0.7 * short.length) return true;
  return long.length - short.length <= 1 && oneEditApart(short, long);
}

function oneEditApart(short: string, long: string): boolean {
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  const rest = short.length === long.length ? short.slice(i + 1) : short.slice(i);
  return rest === long.slice(i + 1);
}

/** Whether two paths differ in one word at most, by a few letters of it (a third of the word, or one). */
function oneWordApart(a: string, b: string): boolean {
  const [x, y] = [wordsOf(a), wordsOf(b)];
  if (x.length !== y.length) return false;
  const differ = x.flatMap((w, i) => (sameWord(w, y[i]!) ? [] : [[w, y[i]!] as const]));
  if (differ.length === 0) return true;
  if (differ.length > 1) return false;
  const [v, w] = differ[0]!;
  return editDistance(v, w) <= Math.max(1, Math.floor(Math.min(v.length, w.length) / 3));
}

/** Where a word is looked up: its first three letters (a word written another way keeps them, mostly). */
const keyOf = (word: string) => word.slice(0, 3);

class PathIndex {
  readonly paths: string[];
  readonly memo = new Map<string, string | undefined>();
  searches = 0;
  private readonly words: string[][];
  /** A word's key → the paths (their indexes) with a word of that key. */
  private readonly byKey = new Map<string, Set<number>>();
  /** A word → how many paths have it: the fewer, the more it says. */
  private readonly counts = new Map<string, number>();

  constructor(paths: Iterable<string>) {
    this.paths = [...paths];
    this.words = this.paths.map(wordsOf);
    this.words.forEach((words, i) => {
      for (const word of new Set(words)) {
        this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
        const key = keyOf(word);
        const bucket = this.byKey.get(key) ?? this.byKey.set(key, new Set()).get(key)!;
        bucket.add(i);
      }
    });
  }

  /** A word's weight: high for a word few paths have, low for one most have. */
  private weight(word: string): number {
    return Math.log(1 + this.paths.length / (1 + (this.counts.get(word) ?? 0)));
  }

  /** The path that names enough of what `written` names, best first (see closestPath). */
  byWords(written: string): string | undefined {
    const [best] = this.ranked(written);
    return best && best.covered >= ENOUGH * best.total ? best.path : undefined;
  }

  /**
   * Every path sharing a word with `written`, best first: most of its words covered, fewest others, nearest. With
   * `distinctive`, only a path sharing a word that few paths have (not `puerto`, which most of a guide's have).
   */
  ranked(written: string, distinctive = false): { path: string; covered: number; total: number }[] {
    const words = [...new Set(wordsOf(written))];
    const total = words.reduce((sum, w) => sum + this.weight(w), 0);
    const candidates = new Set(words.flatMap((w) => [...(this.byKey.get(keyOf(w)) ?? [])]));
    const scored = [...candidates].flatMap((i) => {
      const theirs = this.words[i]!;
      const shared = words.filter((w) => theirs.some((t) => sameWord(w, t)));
      if (shared.length === 0) return [];
      if (distinctive && !shared.some((w) => (this.counts.get(w) ?? 0) <= this.paths.length * FEW)) return [];
      const covered = shared.reduce((sum, w) => sum + this.weight(w), 0);
      const extra = theirs.filter((t) => !words.some((w) => sameWord(w, t))).length;
      return [{ path: this.paths[i]!, covered, total, extra }];
    });
    // Letters apart are counted for a tie only: with thousands of paths sharing a word, most are not tied.
    const tied = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
      Math.abs(a.covered - b.covered) < 1e-9 && a.extra === b.extra;
    const distances = new Map<string, number>();
    const distance = (path: string) =>
      distances.get(path) ?? distances.set(path, editDistance(written, path)).get(path)!;
    return scored.sort(
      (a, b) =>
        (tied(a, b) ? 0 : b.covered - a.covered || a.extra - b.extra) ||
        distance(a.path) - distance(b.path) ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
  }
}

const indexes = new WeakMap<Iterable<string>, PathIndex>();

/**
 * The paths that name something distinctive `written` names, best first (closestPath's order, without its bar of
 * naming most of it): what a new page is likely related to (site/new-page.ts).
 */
export function pathsNaming(written: string, paths: Iterable<string>): string[] {
  let index = indexes.get(paths);
  if (!index) indexes.set(paths, (index = new PathIndex(paths)));
  return index.ranked(written, true).map((r) => r.path);
}

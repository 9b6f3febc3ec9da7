/**
 * Snowball's English stemmer ("Porter2") as Pagefind stems English: Snowball 3's version of it,
 * which Pagefind's own stemmer crate is generated from (the algorithm is described at
 * https://snowballstem.org/algorithms/english/stemmer.html).
 *
 * Written here because no maintained JavaScript stemmer implements this version: porter2 1.1.0,
 * snowball-stemmers 0.6.0 and wink-porter2-stemmer 2.0.1 implement the version before it, and
 * differ from Pagefind 1.6.0 on 165 to 168 of the 73,445 words of Debian's American English word
 * list (the words that Snowball 3 changed: "-ogist", "added", "evening", "organization", ...);
 * @orama/stemmers differs on 3,642. The words must match exactly: Pagefind's client stems a query
 * with its own stemmer and looks the result up in the index ppguide writes.
 * test/search/stemmer.test.ts holds this stemmer to Pagefind's binary word by word.
 *
 * A word is lowercase letters and digits (search/words.ts makes it so). Letters outside a-z are
 * neither vowels nor suffix letters to the algorithm; a character beyond the Basic Multilingual
 * Plane is one letter, as it is to Snowball.
 */

/** Whole words with a stem of their own. */
const EXCEPTIONS = new Map([
  ["skis", "ski"],
  ["skies", "sky"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  // invariant forms and words that are not plurals
  ["sky", "sky"],
  ["news", "news"],
  ["howe", "howe"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);

/** Beginnings after which R1 starts, whatever the vowels say. */
const R1_PREFIXES = ["arsen", "commun", "emerg", "gener", "inter", "later", "organ", "past", "univers"];

/** Words that "-eed" and "-eedly" leave as they are ("succeed", "proceed", "exceed"). */
const EED_STEMS = new Set(["succ", "proc", "exc"]);
/** Whole words before "-ing" that keep it ("evening", "inning", "herring", "outing"). */
const ING_STEMS = new Set(["even", "cann", "inn", "earr", "herr", "out"]);

const STEP2: [suffix: string, replace: string | ((w: string, at: number) => string | undefined)][] = [
  ["ization", "ize"],
  ["ational", "ate"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["tional", "tion"],
  ["biliti", "ble"],
  ["lessli", "less"],
  ["entli", "ent"],
  ["ation", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["ousli", "ous"],
  ["iviti", "ive"],
  ["fulli", "ful"],
  ["ogist", "og"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["izer", "ize"],
  ["ator", "ate"],
  ["alli", "al"],
  ["bli", "ble"],
  ["ogi", (w, at) => (w[at - 1] === "l" ? "og" : undefined)],
  ["li", (w, at) => (VALID_LI.has(w[at - 1] ?? "") ? "" : undefined)],
];

const STEP3: [suffix: string, replace: string | ((at: number) => string | undefined)][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ative", ""],
  ["ical", "ic"],
  ["ness", ""],
  ["ful", ""],
];

/** Step 4's suffixes, longest first: each is removed in R2 ("ion" only after s or t). */
const STEP4 = [
  "ement",
  "ment",
  "ance",
  "ence",
  "able",
  "ible",
  "ant",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
  "al",
  "er",
  "ic",
];

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);
/** Vowels and w, x and Y: a short syllable does not end in them. */
const VOWELS_WXY = new Set(["a", "e", "i", "o", "u", "y", "w", "x", "Y"]);
/** Letters "-li" is removed after. */
const VALID_LI = new Set(["c", "d", "e", "g", "h", "k", "m", "n", "r", "t"]);
const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);

const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.has(c);

/** Stems one lowercase word. */
export function stemEnglish(input: string): string {
  const exception = EXCEPTIONS.get(input);
  if (exception !== undefined) return exception;
  // A character beyond the BMP is two UTF-16 units but one letter: Snowball counts letters.
  const letters = /[\uD800-\uDFFF]/.test(input) ? Array.from(input) : undefined;
  if ((letters?.length ?? input.length) < 3) return input;
  const stemmed = letters ? stemLetters(letters) : stemLetters(input);
  return typeof stemmed === "string" ? stemmed : stemmed.join("");
}

/**
 * The algorithm over a word as a string (one unit a letter) or an array of letters; the steps
 * work on a string of one unit per letter either way, with astral letters put back at the end.
 */
function stemLetters(word: string | string[]): string | string[] {
  if (typeof word === "string") return stem(word);
  // Each astral letter stands in as a private-use character while the steps run: a non-vowel,
  // as it is to Snowball, one unit long.
  const astral: string[] = [];
  const placeholder = word.map((c) => (c.length > 1 ? String.fromCharCode(0xe000 + astral.push(c) - 1) : c)).join("");
  return Array.from(stem(placeholder), (c) => {
    const n = c.charCodeAt(0) - 0xe000;
    return n >= 0 && n < astral.length ? (astral[n] ?? c) : c;
  });
}

function stem(input: string): string {
  let w = input;
  // Prelude: an initial apostrophe goes; a y that acts as a consonant becomes Y.
  if (w.startsWith("'")) w = w.slice(1);
  let yFound = false;
  if (w.startsWith("y")) {
    w = `Y${w.slice(1)}`;
    yFound = true;
  }
  for (let i = 1; i < w.length; i++)
    if (w[i] === "y" && isVowel(w[i - 1])) {
      w = `${w.slice(0, i)}Y${w.slice(i + 1)}`;
      yFound = true;
    }
  const { r1, r2 } = regions(w);
  w = step1a(w);
  w = step1b(w, r1);
  w = step1c(w);
  w = step2(w, r1);
  w = step3(w, r1, r2);
  w = step4(w, r2);
  w = step5(w, r1, r2);
  return yFound ? w.replaceAll("Y", "y") : w;
}

/**
 * R1 starts after the first non-vowel that follows a vowel (or after one of the prefixes), R2
 * after the next such non-vowel in R1; each is the word's end when there is none.
 */
function regions(w: string): { r1: number; r2: number } {
  const afterVowelConsonant = (from: number): number => {
    let i = from;
    while (i < w.length && !isVowel(w[i])) i++;
    while (i < w.length && isVowel(w[i])) i++;
    return i < w.length ? i + 1 : w.length;
  };
  const prefix = w.length > 3 ? R1_PREFIXES.find((p) => w.startsWith(p)) : undefined;
  const r1 = prefix ? prefix.length : afterVowelConsonant(0);
  return { r1, r2: afterVowelConsonant(r1) };
}

/** Whether the word up to `end` ends in a short syllable (or in "past"). */
function shortSyllable(w: string, end: number): boolean {
  const [a, b, c] = [w[end - 3], w[end - 2], w[end - 1]];
  if (c !== undefined && !VOWELS_WXY.has(c) && isVowel(b) && a !== undefined && !isVowel(a)) return true;
  if (end === 2 && c !== undefined && !isVowel(c) && isVowel(b)) return true;
  return w.slice(0, end).endsWith("past");
}

function step1a(input: string): string {
  let w = input;
  for (const suffix of ["'s'", "'s", "'"])
    if (w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  if (w.endsWith("sses")) return `${w.slice(0, -4)}ss`;
  if (w.endsWith("ied") || w.endsWith("ies")) return `${w.slice(0, -3)}${w.length > 4 ? "i" : "ie"}`;
  if (w.endsWith("us") || w.endsWith("ss")) return w;
  if (w.endsWith("s")) {
    // Removed when a vowel comes before the letter before it.
    for (let i = w.length - 3; i >= 0; i--) if (isVowel(w[i])) return w.slice(0, -1);
  }
  return w;
}

function step1b(w: string, r1: number): string {
  const suffix = ["eedly", "ingly", "edly", "eed", "ing", "ed"].find((s) => w.endsWith(s));
  if (!suffix) return w;
  const at = w.length - suffix.length;
  const before = w.slice(0, at);
  if (suffix === "eed" || suffix === "eedly") return at >= r1 && !EED_STEMS.has(before) ? `${before}ee` : w;
  if (suffix === "ing") {
    // "dying", "lying", "tying": one consonant, then y.
    if (before.length === 2 && before[1] === "y" && !isVowel(before[0])) return `${before[0]}ie`;
    if (ING_STEMS.has(before)) return w;
  }
  if (![...before].some(isVowel)) return w;
  const end = before.slice(-2);
  if (end === "at" || end === "bl" || end === "iz") return `${before}e`;
  if (DOUBLES.has(end)) {
    // "added", "ebbed", "egged", "erred", "offed": a vowel, then the double, is the whole word.
    if (before.length === 3 && "aeo".includes(before[0] ?? "")) return before;
    return before.slice(0, -1);
  }
  // A short word (R1 starts at its end) ending in a short syllable.
  if (r1 === before.length && shortSyllable(before, before.length)) return `${before}e`;
  return before;
}

function step1c(w: string): string {
  const last = w[w.length - 1];
  if ((last === "y" || last === "Y") && w.length > 2 && !isVowel(w[w.length - 2])) return `${w.slice(0, -1)}i`;
  return w;
}

function step2(w: string, r1: number): string {
  const rule = STEP2.find(([suffix]) => w.endsWith(suffix));
  if (!rule) return w;
  const [suffix, replace] = rule;
  const at = w.length - suffix.length;
  if (at < r1) return w;
  const by = typeof replace === "string" ? replace : replace(w, at);
  return by === undefined ? w : w.slice(0, at) + by;
}

function step3(w: string, r1: number, r2: number): string {
  const rule = STEP3.find(([suffix]) => w.endsWith(suffix));
  if (!rule) return w;
  const [suffix, replace] = rule;
  const at = w.length - suffix.length;
  if (at < r1) return w;
  // "-ative" goes only in R2.
  if (suffix === "ative" && at < r2) return w;
  return w.slice(0, at) + replace;
}

function step4(w: string, r2: number): string {
  const suffix = STEP4.find((s) => w.endsWith(s));
  if (!suffix) return w;
  const at = w.length - suffix.length;
  if (at < r2) return w;
  if (suffix === "ion" && w[at - 1] !== "s" && w[at - 1] !== "t") return w;
  return w.slice(0, at);
}

function step5(w: string, r1: number, r2: number): string {
  const at = w.length - 1;
  if (w.endsWith("e")) {
    if (at >= r2 || (at >= r1 && !shortSyllable(w, at))) return w.slice(0, at);
    return w;
  }
  if (w.endsWith("l") && at >= r2 && w[at - 1] === "l") return w.slice(0, at);
  return w;
}

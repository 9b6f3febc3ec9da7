/**
 * The words of a text as Pagefind indexes them (`fossick/splitting.rs` and `normalize_content` in
 * Pagefind's source): what counts as whitespace, how a run of text is tidied, and the index entries
 * one whitespace-separated word gives: its letters and digits lowercased, its diacritics folded,
 * stemmed; the parts of a compound ("mid-January", "RD$400", "ThreeAntelopes") as words of their
 * own; and any emoji in it. Each rule follows Rust's meaning of its terms (Unicode's White_Space,
 * Alphabetic and Numeric properties, graphemes), since Pagefind's client looks up what its own
 * code would have written. test/search/words.test.ts holds them to Pagefind's binary.
 */
import { decodeHTML } from "entities";

/** Unicode's White_Space characters: what Rust's `char::is_whitespace` and regex `\s` mean. */
const WHITE_SPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPLIT = new RegExp(`[${WHITE_SPACE}]+`);
const HAS_SPACE = new RegExp(`[${WHITE_SPACE}]`);
const TRIM = new RegExp(`^[${WHITE_SPACE}]+|[${WHITE_SPACE}]+$`, "g");
const NEWLINES = /(\n|\r\n)+/g;
const SPACES = new RegExp(`[${WHITE_SPACE}]{2,}`, "g");

/** The whitespace-separated words of a text, as Rust's `split_whitespace` gives them. */
export function splitWhitespace(text: string): string[] {
  const words = text.split(SPLIT);
  if (words[0] === "") words.shift();
  if (words[words.length - 1] === "") words.pop();
  return words;
}

/**
 * A run of text as Pagefind keeps it (`normalize_content`): character references decoded, the
 * ends trimmed, newlines and runs of spaces made one space.
 */
export function normalizeContent(raw: string): string {
  const text = raw.includes("&") ? decodeHTML(raw) : raw;
  return text.replace(TRIM, "").replace(NEWLINES, " ").replace(SPACES, " ");
}

/** Connector punctuation, which Pagefind keeps inside words (`WORD_SYMBOLS`). */
export const WORD_SYMBOLS = ["_", "‿", "⁀", "⁔", "︳", "︴", "﹍", "﹎", "﹏", "＿"];

/** One entry a word gives the index. */
export interface IndexableWord {
  /** What the index files it under: folded and stemmed. */
  stemmed: string;
  /** The word as written (lowercased), when folding its diacritics changed it. */
  original?: string;
  /** A part of a compound word, which shares the word's weight with the other parts. */
  compound: boolean;
}

const ALPHANUMERIC = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;
const UPPERCASE = /\p{Uppercase}/u;
const ASCII = /^[\0-\x7f]*$/;
const MARKS = /\p{M}/gu;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;
/** What Rust's regex `\p{Emoji}` matches: digits, '#' and '*' among them. */
const EMOJI_PROPERTY = /\p{Emoji}/u;
// biome-ignore lint/complexity/useRegexLiterals: made at run time, TypeScript refuses the "v" flag for Node 20's target
const RGI_EMOJI = new RegExp("^\\p{RGI_Emoji}$", "v");
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The index entries of one word (no whitespace in it). `stem`: the language's stemmer, if it has
 * one; `include`: characters kept in words besides letters and digits; `dotted`: whether what
 * follows each full stop is an entry too, as it is for a page's text and not for its meta.
 */
export function indexableWords(
  raw: string,
  stem: ((word: string) => string) | undefined,
  include: ReadonlySet<string>,
  dotted = true,
): IndexableWord[] {
  const results: IndexableWord[] = [];
  const normalized = lettersOf(raw, include);
  if (normalized) {
    const folded = foldDiacritics(normalized);
    const base = folded ?? normalized;
    results.push({
      stemmed: stem ? stem(base) : base,
      ...(folded !== undefined && { original: normalized }),
      compound: false,
    });
  }
  if (!isPossiblyCompound(raw)) return results;
  const parts = discreteWords(raw);
  if (normalized && (HAS_SPACE.test(parts) || !normalized.startsWith(parts))) {
    const part = (word: string, unless?: (entry: IndexableWord) => boolean) => {
      // Two bytes or more, as Rust counts a string's length.
      if (word === "" || (word.length < 2 && word.charCodeAt(0) < 0x80)) return;
      const folded = foldDiacritics(word);
      const base = folded ?? word;
      const entry = {
        stemmed: stem ? stem(base) : base,
        ...(folded !== undefined && { original: word }),
        compound: true,
      };
      if (!unless?.(entry)) results.push(entry);
    };
    for (const word of splitWhitespace(parts)) part(word);
    // What follows each full stop, when it is a compound itself and not already an entry
    // ("findingtests" of "page.finding.tests"): a dotted name is found by its end.
    const known = (entry: IndexableWord) => results.some((r) => r.stemmed === entry.stemmed);
    for (let dot = dotted ? raw.indexOf(".") : -1; dot !== -1; dot = raw.indexOf(".", dot + 1)) {
      const rest = raw.slice(dot + 1);
      if (isPossiblyCompound(rest)) part(lettersOf(rest, include), known);
    }
  }
  if (EMOJI_PROPERTY.test(raw))
    for (const { segment } of graphemes.segment(raw))
      if (isEmoji(segment)) results.push({ stemmed: segment, compound: false });
  return results;
}

/**
 * An emoji as Pagefind's table knows them (the `emojis` crate): written with or without its emoji
 * presentation selector (❤ and ❤️, © and ©️); not a skin tone or hair style alone; not one of
 * Emoji 17.0's, which that table predates and JavaScript's Unicode data may not.
 */
function isEmoji(grapheme: string): boolean {
  if (COMPONENTS.test(grapheme) || NEWER_EMOJI.test(grapheme)) return false;
  return (
    RGI_EMOJI.test(grapheme) || RGI_EMOJI.test(`${grapheme}\uFE0F`) || RGI_EMOJI.test(grapheme.replaceAll("\uFE0F", ""))
  );
}
const COMPONENTS = /^[\u{1F3FB}-\u{1F3FF}\u{1F9B0}-\u{1F9B3}]$/u;
const NEWER_EMOJI = /^[\u{1F6D8}\u{1FA8A}\u{1FA8E}\u{1FAC8}\u{1FACD}\u{1FAEA}\u{1FAEF}]/u;

/** The word's letters, digits and `include`d characters, lowercased. */
function lettersOf(raw: string, include: ReadonlySet<string>): string {
  let letters = "";
  for (const c of raw) {
    if (!ALPHANUMERIC.test(c) && !include.has(c)) continue;
    letters += UPPERCASE.test(c) ? c.toLowerCase() : c;
  }
  return letters;
}

/**
 * Whether a word may be made of others: it holds a character that is no letter or digit, or a capital
 * after its first.
 */
function isPossiblyCompound(raw: string): boolean {
  let first = true;
  for (const c of raw) {
    if (!ALPHANUMERIC.test(c) || (!first && UPPERCASE.test(c))) return true;
    first = false;
  }
  return false;
}

/** The word without its diacritics, if it had any (café: cafe); undefined when that changes nothing. */
function foldDiacritics(word: string): string | undefined {
  if (ASCII.test(word)) return undefined;
  const folded = word.normalize("NFD").replace(MARKS, "");
  return folded === word ? undefined : folded;
}

/**
 * The words a compound is made of, lowercased and joined by spaces: ASCII punctuation separates
 * them, and so does a change of case or between letters and digits (`convert_case`'s default
 * boundaries, over graphemes): "RD$400" is "rd 400", "HTTPRequest" "http request".
 */
function discreteWords(raw: string): string {
  const text = raw.replace(ASCII_PUNCTUATION, " ");
  const marks = Array.from(graphemes.segment(text), (g) => g.segment);
  const words: string[] = [];
  let word = "";
  for (let i = 0; i < marks.length; i++) {
    const g = marks[i] ?? "";
    if (g === " ") {
      words.push(word);
      word = "";
      continue;
    }
    word += g;
    const next = marks[i + 1];
    if (next !== undefined && splitsAfter(g, next, marks[i + 2])) {
      words.push(word);
      word = "";
    }
  }
  words.push(word);
  return splitWhitespace(
    words
      .filter((w) => w !== "")
      .map((w) => w.toLowerCase())
      .join(" "),
  ).join(" ");
}

// Unicode's Uppercase and Lowercase properties (ª and ᵃ are lowercase letters with no capital), as
// Rust's char tests them.
const isUpper = (g: string | undefined): boolean => g !== undefined && /^\p{Uppercase}/u.test(g);
const isLower = (g: string | undefined): boolean => g !== undefined && /^\p{Lowercase}/u.test(g);
const isDigit = (g: string | undefined): boolean => g !== undefined && /^[0-9]+$/.test(g);

/** Whether a word boundary falls between graphemes `a` and `b` (`c` follows `b`). */
function splitsAfter(a: string, b: string, c: string | undefined): boolean {
  return (
    (isLower(a) && isUpper(b)) ||
    (isUpper(a) && isUpper(b) && isLower(c)) ||
    ((isLower(a) || isUpper(a)) && isDigit(b)) ||
    (isDigit(a) && (isLower(b) || isUpper(b)))
  );
}

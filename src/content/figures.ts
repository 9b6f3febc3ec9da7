/**
 * The one recognizer of the figures a visitor plans with, as prose spells them: money amounts
 * (symbols, codes and currency words in English and Spanish, full-width forms, ranges), times of
 * day (12- and 24-hour), durations (in digits or words, ranges) and calendar days. Every check of
 * a figure reads text through it: FigureUnsourced (a figure written by hand), FigureContradictsFact
 * (a figure beside a fact's subject that is none of its figures), FigureCurrencyAmbiguous (a bare
 * "$"), and the approximate conversions shown beside a fact's figures (fact-figures.ts).
 *
 * Once "Park entry is 400 Pesos" passed beside a fact of RD$100 while "RD$200" was caught: each
 * check had its own idea of what an amount looks like. A spelling is added here, once, with its
 * row in test/engine/figures.test.ts.
 */
import { MONTHS } from "../core/dates.ts";

export type FigureKind = "money amount" | "time of day" | "duration" | "distance" | "date";
/** ISO 4217 codes; "$" is a bare dollar sign, which in the Dominican Republic may mean pesos. */
export type Currency = "DOP" | "USD" | "EUR" | "GBP" | "$";

export interface Figure {
  /** The figure as written (after the full-width forms are read as ASCII). */
  figure: string;
  kind: FigureKind;
  /** Where it starts in the text (UTF-16 units, as String.prototype.indexOf counts). */
  index: number;
  /** A money amount's currency. */
  currency?: Currency;
  /**
   * The numbers it states: a money amount's one or two amounts (a range), whole ("RD$30 million"
   * is 30,000,000), a time's minutes after midnight, a duration's one or two lengths in minutes, a
   * distance's one or two lengths in kilometres. Empty for a date.
   */
  values: number[];
  /** A money amount written with a word of scale: "million" is 1,000,000. */
  scale?: number;
}

/**
 * Full-width and small forms (＄, ４００, ﹩) read as their ASCII letters, one UTF-16 unit for one,
 * so every index found in the folded text is the index in the original.
 */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\uFE69\uFE6A]/g, (c) => {
    if (c === "\uFE69") return "$";
    if (c === "\uFE6A") return "%";
    return String.fromCharCode(c.charCodeAt(0) - 0xfee0);
  });
}

const DIGITS = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/**
 * Words of scale after an amount, English and Spanish: "RD$30 million", "24 millones de pesos".
 * They belong to the amount, so a conversion follows the whole of it, never the digits alone.
 */
const SCALE = String.raw`(?:\s(?:mil\smillones|billions?|millions?|mill[oó]n(?:es)?|thousand|mil)(?![\p{L}\p{N}]))`;
const NUMBER = `(?:${DIGITS})${SCALE}?`;
/** A dollar sign with what may qualify it: US$, U.S.$, RD$, Rd$, DOP$, or bare. */
const DOLLAR = String.raw`(?:(?:U\.S\.|US|RD|DOP|USD)\s?)?\$`;
const SYMBOL = `(?:${DOLLAR}|€|£)`;
const CODE = "(?:USD|DOP|EUR|GBP)";
/** Currency words after an amount, English and Spanish. */
const WORD =
  String.raw`(?:(?:de|of)\s)?(?:(?:(?:US|U\.S\.|American)\s)?dollars?|` +
  String.raw`d[oó]lar(?:es)?(?:\s(?:estadounidenses?|americanos?))?|` +
  String.raw`(?:Dominican\s)?pesos?(?:\s(?:dominicanos?|oro))?|euros?|pounds?\ssterling|libras?\sesterlinas?)`;
const RANGE = String.raw`\s?(?:-|–|—|to|a|or|y|and)\s?`;
const NOT_BEFORE = String.raw`(?<![\p{L}\p{N}$€£.,])`;
const NOT_AFTER = String.raw`(?![\p{L}\p{N}])`;

const MONEY = new RegExp(
  [
    // RD$400, US$ 15, $5, €20, £10, RD$400 to RD$550, $35–45, with a code after: $15 USD
    `${NOT_BEFORE}${SYMBOL}\\s?(?:${NUMBER})(?:${RANGE}${SYMBOL}?\\s?(?:${NUMBER}))?` +
      `(?:\\s?(?:${CODE}|${WORD})${NOT_AFTER})?`,
    // USD 20, DOP 400 to 550
    `${NOT_BEFORE}${CODE}\\s?(?:${NUMBER})(?:${RANGE}(?:${NUMBER}))?${NOT_AFTER}`,
    // 400 pesos, 150 to 250 pesos, 15 USD, 400 RD$, 20 €, 20€, 15 US dollars, 1 peso
    `${NOT_BEFORE}(?:${NUMBER})(?:${RANGE}(?:${NUMBER}))?\\s?(?:(?:${CODE}|${WORD})${NOT_AFTER}|(?:RD|US)?\\$|€|£)`,
  ].join("|"),
  "giu",
);

/** 9 AM, 9am, 9 a.m., 9 a.m, 8:30 p. m., 12.30pm */
const TIME_12 = /(?<![\p{L}\p{N}:.,$])(\d{1,2})(?:[:.](\d{2}))?\s?([AaPp])\.?\s?[Mm](?:\.|(?![\p{L}\p{N}]))/gu;
/** 21:00, 08:30, 9:00 h */
const TIME_24 = /(?<![\p{L}\p{N}:.,$])([01]?\d|2[0-3]):([0-5]\d)(?![\p{N}:])(?:\s?(?:h|hrs?|horas)(?![\p{L}]))?/gu;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  "twenty-five": 25,
  thirty: 30,
  "thirty-five": 35,
  forty: 40,
  "forty-five": 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};
const COUNT = String.raw`\d+(?:\.\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|")}`;
const UNIT = String.raw`minutes?|mins?|hours?|hrs?|h(?=\s?\d|\b)`;
/** One length: 40 minutes, a 15-minute, an hour and a half, half an hour, 1 hour 30 minutes, 1h30. */
const ONE_DURATION =
  String.raw`half an? hour|(?:${COUNT})(?:\s(?:and a half))?[\s-]?(?:${UNIT})` +
  String.raw`(?:\s?(?:and\s)?(?:a half|\d{1,2}(?:\s?(?:minutes?|mins?))?))?`;
const DURATION = new RegExp(
  // A range's first part: a count before a length ('20 to 30 minutes'), or a length ('45 minutes to an hour').
  String.raw`(?<![\p{L}\p{N}])(?:(?:${COUNT})${RANGE}(?=(?:${COUNT})[\s-]?(?:${UNIT}))|` +
    String.raw`(?:${ONE_DURATION})${RANGE}(?=(?:${ONE_DURATION})))?(?:${ONE_DURATION})(?![\p{L}\p{N}])`,
  "giu",
);

/** A length in kilometres or miles: 25 km, 2.5 miles, 2 to 4 km, a mile, ten kilometers. */
const LENGTH_UNIT = "kms?|kilomet(?:er|re)s?|kil[oó]metros?|miles?";
const DISTANCE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(?:(?:${COUNT})${RANGE})?(?:${COUNT})[\s-]?(?:${LENGTH_UNIT})(?![\p{L}])`,
  "giu",
);
const KM_PER_MILE = 1.609344;

/** A distance's lengths in kilometres: "2 to 4 km" is [2, 4], "2.5 miles" [4.02…]. */
function distanceKm(text: string): number[] {
  const factor = /mile/i.test(text) ? KM_PER_MILE : 1;
  const counts = [...text.matchAll(new RegExp(`(?<![\\p{L}])(?:${COUNT})(?![\\p{L}])`, "giu"))].map((m) => {
    const word = m[0].toLowerCase();
    return NUMBER_WORDS[word] ?? Number(word);
  });
  return counts.filter((n) => Number.isFinite(n)).map((n) => n * factor);
}

/**
 * 27 February, February 27, the first Sunday of March, mid-January, the end of March: a day or a part of a month. A
 * month alone is not a date here: "hurricane season from June to November, Carnival in February"
 * names several.
 */
const MONTH = `(?:${MONTHS.join("|")})`;
const MONTH_TEST = new RegExp(MONTH);
const WEEKDAY = "(?:Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|weekend)";
const DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\d{1,2}(?:st|nd|rd|th)?\s(?:of\s)?${MONTH}|` +
    String.raw`${MONTH}\s\d{1,2}(?:st|nd|rd|th)?(?![\p{N}:])|` +
    String.raw`(?:first|second|third|fourth|last)\s${WEEKDAY}\s(?:of|in)\s${MONTH}|` +
    String.raw`(?:early|mid|late)[\s-]${MONTH}|(?:the\s)?(?:end|start|beginning|middle)\sof\s${MONTH})(?![\p{L}])`,
  "gu",
);

/** The currency a money amount's spelling names. */
function currencyOf(text: string): Currency {
  const t = text.toLowerCase();
  if (/rd\$|dop|peso/.test(t)) return "DOP";
  if (/€|eur/.test(t)) return "EUR";
  if (/£|gbp|sterling|libra/.test(t)) return "GBP";
  if (/us\$|u\.s\.\$|usd|dollar|d[oó]lar/.test(t)) return "USD";
  return "$";
}

const numbersIn = (text: string) =>
  [...text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, "")));

/** The scale a money amount is written in: "RD$30 million" is in millions; 1 when it names none. */
function scaleOf(figure: string): number {
  if (/mil\smillones|billion/i.test(figure)) return 1e9;
  if (/million|mill[oó]n/i.test(figure)) return 1e6;
  if (/thousand|(?<![\p{L}])mil(?![\p{L}])/iu.test(figure)) return 1e3;
  return 1;
}
function minutesOfDay(hour: number, minute: number, half?: string): number {
  let h = hour % 12;
  if (half?.toLowerCase() === "p") h += 12;
  return (half ? h : hour) * 60 + minute;
}

/** A duration's lengths in minutes: "20 to 30 minutes" is [20, 30], "an hour and a half" [90]. */
function durationMinutes(text: string): number[] {
  const t = text.toLowerCase();
  const parts = t
    .replace(/(hours?|hrs?|\dh)\s?(?:and\s)?(\d{1,2})\s?(?:minutes?|mins?)/g, "$1 $2")
    .split(/\s(?:to|or|y|and(?! a half))\s|\s?[–—]\s?|(?<=\d)\s?-\s?(?=\d)/)
    .filter((p) => p.trim());
  const lengths: number[] = [];
  let pending: number[] = [];
  for (const part of parts) {
    if (/half an? hour/.test(part)) {
      lengths.push(...pending.map((n) => n * 30), 30);
      pending = [];
      continue;
    }
    // COUNT never matches the empty string: a word that is there is a count.
    const word = part.match(new RegExp(`^(${COUNT})`, "i"))?.[1];
    const count = word ? (NUMBER_WORDS[word.toLowerCase()] ?? Number(word)) : Number.NaN;
    const unit = /h(?:ou)?rs?|hour|\bh\b|\dh/.test(part) ? 60 : /min/.test(part) ? 1 : 0;
    if (unit === 0) {
      if (!Number.isNaN(count)) pending.push(count);
      continue;
    }
    if (Number.isNaN(count)) {
      lengths.push(...pending.map((n) => n * unit));
      pending = [];
      continue;
    }
    let minutes = count * unit + (/and a half|a half/.test(part) ? unit / 2 : 0);
    const extra = unit === 60 ? /(?:h(?:ou)?rs?|hour|h)\s?(?:and\s)?(\d{1,2})/.exec(part) : null;
    if (extra) minutes += Number(extra[1]);
    lengths.push(...pending.map((n) => n * unit), minutes);
    pending = [];
  }
  return lengths;
}

/** What a text must hold to hold a duration in words ('half an hour'), if it has no digit. */
const DURATION_WORD = /hour|min|hr/i;
/** What a text must hold to hold a distance in words ('a mile'), if it has no digit. */
const DISTANCE_WORD = /km|kilom|mile/i;

/**
 * A test false only of texts in which figuresIn(text, kinds) is sure to find nothing, so that a
 * caller reading many lines passes over most of them in one pass each, before any other work on
 * them (docs/performance.md: the hand-written-figure scan of 4,000 files in about half the time).
 */
export function mayHoldFigure(kinds: readonly FigureKind[]): (text: string) => boolean {
  // Full-width forms, which figuresIn reads as ASCII, in one class with the digits.
  const words = [
    ...(kinds.includes("duration") ? [DURATION_WORD.source] : []),
    ...(kinds.includes("distance") ? [DISTANCE_WORD.source] : []),
    ...(kinds.includes("date") ? [MONTH] : []),
  ];
  const test = new RegExp(["[\\d\\uFF01-\\uFF5E\\uFE69\\uFE6A]", ...words].join("|"), "i");
  return (text) => test.test(text);
}

/** The figures written in `text`, in order; `kinds` limits what is looked for. */
export function figuresIn(text: string, kinds?: readonly FigureKind[]): Figure[] {
  const folded = foldWidth(text);
  // Most lines hold no figure: a cheap test per kind before its regular expression (a 4,000-page site reads them all).
  const digits = /\d/.test(folded);
  const may: Record<FigureKind, boolean> = {
    "money amount": digits,
    "time of day": digits,
    duration: digits || DURATION_WORD.test(folded),
    distance: digits || DISTANCE_WORD.test(folded),
    date: MONTH_TEST.test(folded),
  };
  const want = (k: FigureKind) => may[k] && (!kinds || kinds.includes(k));
  const found: Figure[] = [];
  const add = (f: Figure) => {
    const end = f.index + f.figure.length;
    // The first spelling read at a place wins: '8:00 AM' is one time, not '8:00' and '00 AM'.
    if (found.some((g) => f.index < g.index + g.figure.length && g.index < end)) return;
    found.push(f);
  };
  if (want("money amount"))
    for (const m of folded.matchAll(MONEY)) {
      const figure = m[0].trim();
      const scale = scaleOf(figure);
      add({
        figure,
        kind: "money amount",
        index: m.index,
        currency: currencyOf(figure),
        values: numbersIn(figure).map((v) => v * scale),
        ...(scale > 1 && { scale }),
      });
    }
  if (want("time of day")) {
    for (const m of folded.matchAll(TIME_12)) {
      const hour = Number(m[1]);
      if (hour < 1 || hour > 12) continue;
      add({
        figure: m[0].trim(),
        kind: "time of day",
        index: m.index,
        values: [minutesOfDay(hour, Number(m[2] ?? 0), m[3])],
      });
    }
    for (const m of folded.matchAll(TIME_24))
      add({ figure: m[0].trim(), kind: "time of day", index: m.index, values: [Number(m[1]) * 60 + Number(m[2])] });
  }
  if (want("duration"))
    for (const m of folded.matchAll(DURATION)) {
      const values = durationMinutes(m[0]);
      if (values.length > 0 && values.every((v) => Number.isFinite(v)))
        add({ figure: m[0].trim(), kind: "duration", index: m.index, values });
    }
  if (want("distance"))
    for (const m of folded.matchAll(DISTANCE)) {
      const values = distanceKm(m[0]);
      if (values.length > 0) add({ figure: m[0].trim(), kind: "distance", index: m.index, values });
    }
  if (want("date"))
    for (const m of folded.matchAll(DATE)) add({ figure: m[0], kind: "date", index: m.index, values: [] });
  return found.sort((a, b) => a.index - b.index);
}

/** Whether a money amount names its currency: not a bare "$", which in the Dominican Republic may mean pesos. */
export function isAmbiguous(f: Figure): boolean {
  return f.kind === "money amount" && f.currency === "$";
}

/**
 * Words that make a duration a travel time a reader plans with (a walk, a drive, a hike, a ride),
 * rather than a recipe's simmer or a museum visit.
 */
export const TRAVEL = new RegExp(
  String.raw`(?<![\p{L}])(?:drive|drives|driving|walk|walks|walking|hike|hikes|hiking|ride|rides|climb|trek|` +
    "flight|crossing|transfer|commute|by (?:road|car|taxi|bus|coach|boat|ferry|air|motoconcho|guagua)|" +
    "(?:east|west|north|south|outside)(?: of| from)|inland|away|on the highway|" +
    String.raw`down the road|up the road)(?![\p{L}])`,
  "iu",
);

/** Sentences of a text: they end at . ! or ? before a capital, a quote or a mark, so 'a.m. to' stays one. */
export const SENTENCE = /[\s\S]*?(?:[.!?]+(?=\s+[\p{Lu}"“*([])|$)/gu;

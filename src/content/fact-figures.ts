import { lastDay } from "../core/dates.ts";
import { PpgError } from "../core/errors.ts";
import type { Fact, Manifest } from "../manifest/types.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { type Figure, figuresIn, isAmbiguous } from "./figures.ts";

/**
 * A figure a traveler budgets with, as the fact model states it and a page shows it: the one to
 * plan on first (the newest one a source says was charged or stated, its currency explicit, its
 * date, whose figure it is), then any announced, suspended or disputed figure labelled so, this
 * guide's own figures no source confirms labelled so with what to do, the older figures sources
 * gave under a disclosure, and beside every amount in pesos an approximate one in US dollars (and
 * the reverse) at the exchange rate of the figure's own year.
 *
 * Each rule answers a way a figure once misled: "RD$400 (June 2023; this guide's earlier figure:
 * $2, September 2025)" (an "earlier" figure dated later, and a "$" a reader could take for pesos);
 * "RD$30 (about US$0.50) million" (a conversion inside the amount); "RD$310 (about US$5), February
 * 2010" (a 2010 price at a 2026 rate); "this guide's own figure, read from Vagabond Journey" (a
 * source's figure called the guide's); and a fare the Tourism Minister had asked to suspend leading
 * over the one charged when the cable car closed.
 *
 * checkFigureFacts() holds the model to that (FactDateUnsupported, FactGuideSourced,
 * FactLeadNotNewest, ExchangeRateTwice; a bare "$" anywhere in site.yaml is yaml-texts.ts's);
 * factDatesAfter() refuses a date past the clock (FactDateFuture); figureOf() and
 * withApproximations() are what the templates show.
 */

type Source = NonNullable<Fact["sources"]>[number];
type Other = NonNullable<Fact["earlier"]>[number];
export type Standing = NonNullable<Other["standing"]>;

const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/** The sources that give `value`, newest first (undated last). */
function giving(fact: Fact, value: string): Source[] {
  return (fact.sources ?? [])
    .filter((s) => s.gives !== undefined && same(s.gives, value))
    .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
}

/** Who a source is, in a traveler's words: its `by`, else its host name. */
export function sourceName(by: string | undefined, url: string | undefined): string {
  if (by) return by;
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "a source";
  } catch {
    return "a source";
  }
}

/**
 * When a fact was last confirmed: a figure by the newest dated source that gives the value shown
 * (none for this guide's own, or for a figure only undated pages give), anything else by its
 * newest dated source.
 */
export function confirmedOn(fact: Fact): string | undefined {
  if (fact.value) return fact.guide ? undefined : giving(fact, fact.value)[0]?.date;
  let newest: string | undefined;
  for (const s of fact.sources ?? []) if (s.date && (newest === undefined || s.date > newest)) newest = s.date;
  return newest;
}

/** The date the amounts of a fact's text are of: its figure's date, else when it was last confirmed. */
function textDate(fact: Fact): string | undefined {
  return fact.value ? fact.date : confirmedOn(fact);
}

// ---------------------------------------------------------------------------------------------
// The exchange rates and the approximate figures.

export interface ExchangeRate {
  id: string;
  /** Pesos to one US dollar. */
  perDollar: number;
  date: string;
  /** The year it converts the figures of: its date's. */
  year: string;
  by: string;
  url?: string;
}

/** The site's rates: one a year, and the newest, for a figure with no date. */
export interface Rates {
  byYear: ReadonlyMap<string, ExchangeRate>;
  newest?: ExchangeRate;
}

const NO_RATES: Rates = { byYear: new Map() };
const ratesOf = new WeakMap<object, Rates>();

/** The facts with `perDollar`, by the year of their date (a second one for a year is ExchangeRateTwice). */
export function exchangeRates(manifest: Pick<Manifest, "facts">): Rates {
  const facts = manifest.facts ?? {};
  let rates = ratesOf.get(facts);
  if (!rates) {
    const byYear = new Map<string, ExchangeRate>();
    for (const [id, fact] of Object.entries(facts)) {
      if (fact.perDollar === undefined || !fact.value || !fact.date) continue;
      const year = fact.date.slice(0, 4);
      if (byYear.has(year)) continue;
      const source = giving(fact, fact.value)[0] ?? fact.sources?.[0];
      byYear.set(year, {
        id,
        perDollar: fact.perDollar,
        date: fact.date,
        year,
        by: sourceName(source?.by, source?.url),
        url: source?.url,
      });
    }
    const newest = [...byYear.values()].sort((a, b) => b.date.localeCompare(a.date))[0];
    rates = { byYear, ...(newest && { newest }) };
    ratesOf.set(facts, rates);
  }
  return rates;
}

/** An approximate amount, rounded as a traveler counts cash: US$6.50, US$0.80, RD$950, RD$1,900. */
function rounded(amount: number): string {
  let r: number;
  if (amount >= 100) {
    const step = 10 ** (Math.floor(Math.log10(amount)) - 1);
    r = Math.round(amount / step) * step;
  } else if (amount >= 10) r = Math.round(amount);
  else if (amount >= 1) r = Math.round(amount * 2) / 2;
  else r = Math.max(0.05, Math.round(amount * 20) / 20);
  return Number.isInteger(r) ? r.toLocaleString("en-US") : r.toFixed(2);
}

const SCALE_WORDS = new Map([
  [1e6, "million"],
  [1e9, "billion"],
]);

/**
 * One amount in the other currency, in the scale it was written in when that reads as a number a
 * reader can hold ("RD$30 million" is "US$0.5 million"), else in full ("US$16,000").
 */
function inOtherCurrency(symbol: string, amount: number, scale: number | undefined): string {
  const word = scale && SCALE_WORDS.get(scale);
  if (word && scale && amount / scale >= 0.1) {
    const x = amount / scale;
    // One decimal under ten, two significant figures above: 0.49 is 0.5, 121.6 is 120.
    const r = x < 10 ? Math.round(x * 10) / 10 : Number(x.toPrecision(2));
    return `${symbol}${r.toLocaleString("en-US")} ${word}`;
  }
  return `${symbol}${rounded(amount)}`;
}

/** "US$6.50", "US$2.50 to US$4": a money figure in the other currency at `rate`, or undefined when it has none. */
function converted(f: Figure, rate: ExchangeRate): string | undefined {
  const [symbol, factor] = f.currency === "DOP" ? ["US$", 1 / rate.perDollar] : ["RD$", rate.perDollar];
  const amounts = f.values.filter((v) => v > 0).map((v) => inOtherCurrency(symbol, v * factor, f.scale));
  return amounts.length ? amounts.join(" to ") : undefined;
}

const convertible = (f: Figure) => f.kind === "money amount" && (f.currency === "DOP" || f.currency === "USD");

/**
 * Which rate converts the amounts of a text of `date`: its year's; none for an undated text or a
 * year with no rate, said so. Undefined when the site has no rate at all.
 */
type RateChoice = { rate: ExchangeRate } | { missing: string };
function rateFor(rates: Rates, date: string | undefined): RateChoice | undefined {
  if (!rates.newest) return undefined;
  // A price with no date could be of any year: converted at one, it would look as current as that rate.
  if (date === undefined) return { missing: "not converted: its source gives no date" };
  const year = date.slice(0, 4);
  const rate = rates.byYear.get(year);
  return rate ? { rate } : { missing: `not converted: this guide has no exchange rate for ${year}` };
}

/**
 * What follows the amounts of `value`, a text of `date`, in brackets: "about RD$610 and RD$300",
 * or why there is none: "not converted: this guide has no exchange rate for 2010".
 * Each rate used is added to `used`.
 */
export function approximation(
  value: string,
  rates: Rates,
  date: string | undefined,
  used?: Set<ExchangeRate>,
): string | undefined {
  const amounts = figuresIn(value, ["money amount"]).filter(convertible);
  const choice = amounts.length ? rateFor(rates, date) : undefined;
  if (!choice) return undefined;
  if ("missing" in choice) return choice.missing;
  const each = amounts.flatMap((f) => converted(f, choice.rate) ?? []);
  if (each.length === 0) return undefined;
  used?.add(choice.rate);
  const list = each.length === 1 ? each[0] : `${each.slice(0, -1).join(", ")} and ${each.at(-1)}`;
  return `about ${list}`;
}

/** A conversion a text already holds after an amount, or the one it is itself: left as written. */
const HAND_CONVERSION_AFTER = /^\s*\((?:about|approx|≈|~|not converted)/i;
const HAND_CONVERSION_BEFORE = /\((?:about|approx\.?|≈|~)\s*$/i;

/**
 * `text`, of `date`, with its conversion in brackets after each amount in pesos or US dollars
 * ("RD$30 million (about US$0.5 million)"), at the rate rateFor() chooses.
 */
export function withApproximations(
  text: string,
  rates: Rates,
  date: string | undefined,
  used?: Set<ExchangeRate>,
): string {
  const choice = rateFor(rates, date);
  if (!choice) return text;
  let out = "";
  let last = 0;
  for (const f of figuresIn(text, ["money amount"])) {
    if (!convertible(f)) continue;
    const end = f.index + f.figure.length;
    if (HAND_CONVERSION_AFTER.test(text.slice(end)) || HAND_CONVERSION_BEFORE.test(text.slice(0, f.index))) continue;
    let note: string | undefined;
    if ("missing" in choice) note = choice.missing;
    else {
      const other = converted(f, choice.rate);
      if (other) {
        note = `about ${other}`;
        used?.add(choice.rate);
      }
    }
    if (!note) continue;
    out += `${text.slice(last, end)} (${note})`;
    last = end;
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// What a page shows.

export interface ShownFigure {
  value: string;
  /** What follows it in brackets: "about US$6.50", or why it is not converted. */
  approx?: string;
  date?: string;
  /** Who reported it (a source's `by` or host name); absent for this guide's own. */
  by?: string;
  url?: string;
}

export interface LabelledFigure extends ShownFigure {
  standing: Standing;
  why?: string;
}

export interface FigureModel {
  /** The figure to plan on. */
  lead: ShownFigure & {
    /** This guide's own figure, which no source confirms. */
    guide: boolean;
    /** A source's figure that the pages giving it do not date: `date` is when this guide read them. */
    undated: boolean;
  };
  /** A source's announced, suspended or disputed figures: shown labelled right after the lead, newest first. */
  labelled: LabelledFigure[];
  /** This guide's own figures behind a sourced lead: shown, labelled as unconfirmed. */
  unconfirmed: ShownFigure[];
  /** Older figures sources gave, newest first: under a disclosure. */
  older: ShownFigure[];
  /** What to do about an unconfirmed figure ("ask at the gate"). */
  ask?: string;
}

const newestFirst = (a: ShownFigure, b: ShownFigure) => (b.date ?? "").localeCompare(a.date ?? "");

/**
 * A fact's figure as the templates show it, each amount converted at its own year's rate; undefined
 * without a value.
 */
function figureOf(fact: Fact, rates: Rates, used?: Set<ExchangeRate>): FigureModel | undefined {
  if (!fact.value) return undefined;
  const approx = (value: string, date: string | undefined) => approximation(value, rates, date, used);
  const source = fact.guide ? undefined : giving(fact, fact.value)[0];
  const lead = {
    value: fact.value,
    approx: approx(fact.value, fact.date),
    date: fact.date,
    by: source ? sourceName(source.by, source.url) : undefined,
    url: source?.url,
    guide: fact.guide === true,
    undated: source !== undefined && source.date === undefined,
  };
  const shown = (o: Other): ShownFigure => ({
    value: o.value,
    approx: approx(o.value, o.date),
    date: o.date,
    ...(o.source && { by: sourceName(o.by, o.source), url: o.source }),
  });
  const others = fact.earlier ?? [];
  return {
    lead,
    labelled: others
      .filter((o) => o.standing)
      .map((o) => ({ ...shown(o), standing: o.standing as Standing, ...(o.why && { why: o.why }) }))
      .sort(newestFirst),
    unconfirmed: others.filter((o) => o.guide).map(shown),
    older: others
      .filter((o) => !o.guide && !o.standing)
      .map(shown)
      .sort(newestFirst),
    ask: fact.ask,
  };
}

/** A fact's texts as a page shows them, each amount converted at its own date's rate, and the rates used. */
export interface ConvertedFact {
  text: string;
  sources: Source[];
  figure?: FigureModel;
  rates: ExchangeRate[];
}

export function convertedFact(fact: Fact, manifest: Pick<Manifest, "facts">): ConvertedFact {
  // An exchange-rate fact states a price of the dollar: nothing in it is converted.
  const rates = fact.perDollar === undefined ? exchangeRates(manifest) : NO_RATES;
  const used = new Set<ExchangeRate>();
  return {
    text: withApproximations(fact.text, rates, textDate(fact), used),
    // What a source says is a quote a reader weighs: its amounts get their other currency too, at its own date's rate.
    sources: (fact.sources ?? []).map((s) => ({ ...s, says: withApproximations(s.says, rates, s.date, used) })),
    figure: figureOf(fact, rates, used),
    rates: [...used].sort((a, b) => b.date.localeCompare(a.date)),
  };
}

// ---------------------------------------------------------------------------------------------
// The checks.

/** The first day a date of YYYY, YYYY-MM or YYYY-MM-DD names. */
export const firstDay = (date: string) =>
  date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date;

/** Every date a fact shows where it is shown: its figure's, its status's, its sources' and its other figures'. */
export function factDates(fact: Fact): [PathSegment[], string | undefined][] {
  return [
    [["date"], fact.date],
    [["since"], fact.since],
    ...(fact.sources ?? []).map((s, i): [PathSegment[], string | undefined] => [["sources", i, "date"], s.date]),
    ...(fact.earlier ?? []).map((e, i): [PathSegment[], string | undefined] => [["earlier", i, "date"], e.date]),
  ];
}

/**
 * Every date of a fact that lies after `clock` (its first day after it: "2026-11" is not after
 * 2026-11-28): no page can have stated it yet, and "December 9999" would be published as fresh.
 */
export function factDatesAfter(
  facts: Manifest["facts"],
  locate: (path: PathSegment[]) => PpgError["location"],
  clock: string,
): PpgError[] {
  const errors: PpgError[] = [];
  for (const [id, fact] of Object.entries(facts ?? {})) {
    for (const [rest, date] of factDates(fact)) {
      if (date === undefined || firstDay(date) <= clock) continue;
      const path = ["facts", id, ...rest];
      errors.push(
        new PpgError(
          "FactDateFuture",
          { what: `fact '${id}'`, date, clock },
          { location: locate(path), path: formatPath(path) },
        ),
      );
    }
  }
  return errors;
}

/**
 * The fact model's rules for figures, located in site.yaml:
 * - FactDateUnsupported: no source gives a sourced figure, or its `date` is not the newest date of
 *   the dated sources that give it (when none of them is dated, `date` is when they were read);
 * - FactGuideSourced: a figure called this guide's own that a source gives;
 * - FactLeadNotNewest: a source gave another figure, charged or stated, later than the one that
 *   leads (an announced, suspended or disputed one may be newer: it follows, labelled);
 * - ExchangeRateTwice: two facts with `perDollar` for one year.
 */
export function checkFigureFacts(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const at = (...path: PathSegment[]) => ({ location: source.locate(path), path: formatPath(path) });
  const rateOfYear = new Map<string, string>();
  for (const [id, fact] of Object.entries(manifest.facts ?? {})) {
    if (fact.perDollar !== undefined && fact.date) {
      const year = fact.date.slice(0, 4);
      const first = rateOfYear.get(year);
      if (first) errors.push(new PpgError("ExchangeRateTwice", { id, first, year }, at("facts", id, "perDollar")));
      else rateOfYear.set(year, id);
    }
    const { value, date } = fact;
    if (!value || !date) continue;
    const givers = giving(fact, value);
    if (fact.guide) {
      const giver = givers[0];
      if (giver)
        errors.push(
          new PpgError(
            "FactGuideSourced",
            { id, value, by: sourceName(giver.by, giver.url) },
            at("facts", id, "guide"),
          ),
        );
    } else {
      const newest = givers.find((s) => s.date)?.date;
      // The fact may name the source's day less precisely ('2014-07' for 2014-07-20), never another day.
      if (givers.length === 0 || (newest !== undefined && newest !== date && !newest.startsWith(`${date}-`)))
        errors.push(
          new PpgError("FactDateUnsupported", { id, date, value, ...(newest && { newest }) }, at("facts", id, "date")),
        );
    }
    (fact.earlier ?? []).forEach((other, i) => {
      if (other.guide || other.standing) return;
      // A source's figure newer than the one shown first, or any behind this guide's own, should lead.
      if (fact.guide || lastDay(other.date) > lastDay(date))
        errors.push(
          new PpgError(
            "FactLeadNotNewest",
            { id, value, date, newer: other.value, newerDate: other.date },
            at("facts", id, "earlier", i),
          ),
        );
    });
  }
  return errors;
}

/** FigureCurrencyAmbiguous for each bare "$" amount of `text`, at `where`. */
export function ambiguousFigures(text: string, where: { location: PpgError["location"]; path?: string }): PpgError[] {
  if (!/[$\uFF04\uFE69]/.test(text)) return [];
  return figuresIn(text, ["money amount"])
    .filter(isAmbiguous)
    .map((f) => new PpgError("FigureCurrencyAmbiguous", { figure: f.figure }, where));
}

import { lastDay } from "../core/dates.ts";
import { PpgError } from "../core/errors.ts";
import type { Fact, Manifest } from "../manifest/types.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { type Figure, figuresIn, isAmbiguous } from "./figures.ts";

/**
 * A figure a traveler budgets with, as the fact model states it and a page shows it: the one to
 * plan on first (its currency explicit, its date, who reported it), this guide's own figures no
 * source confirms labelled so with what to do, the older figures sources gave under a disclosure,
 * and beside every amount in pesos an approximate one in US dollars (and the reverse) from the one
 * exchange-rate fact. Once a budget page led with "RD$400 (June 2023; this guide's earlier figure:
 * $2, September 2025)": an "earlier" figure dated later, and a "$" a reader could take for pesos.
 *
 * checkFigureFacts() holds the model to that (FactDateUnsupported, FactLeadNotNewest,
 * ExchangeRateTwice; a bare "$" anywhere in site.yaml is yaml-texts.ts's); factDatesAfter() refuses
 * a date past the clock
 * (FactDateFuture); figureOf() and withApproximations() are what the templates show.
 */

type Source = NonNullable<Fact["sources"]>[number];
type Other = NonNullable<Fact["earlier"]>[number];

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
 * When a fact was last confirmed: a figure by the newest source that gives the value shown (none
 * for this guide's own), anything else by its newest dated source.
 */
export function confirmedOn(fact: Fact): string | undefined {
  if (fact.value) return fact.guide ? undefined : giving(fact, fact.value)[0]?.date;
  let newest: string | undefined;
  for (const s of fact.sources ?? []) if (s.date && (newest === undefined || s.date > newest)) newest = s.date;
  return newest;
}

// ---------------------------------------------------------------------------------------------
// The exchange rate and the approximate figures.

export interface ExchangeRate {
  id: string;
  /** Pesos to one US dollar. */
  perDollar: number;
  date: string;
  by: string;
  url?: string;
}

const rates = new WeakMap<object, ExchangeRate | null>();

/** The one fact with `perDollar`, if the site has one. */
export function exchangeRate(manifest: Pick<Manifest, "facts">): ExchangeRate | undefined {
  const facts = manifest.facts ?? {};
  let rate = rates.get(facts);
  if (rate === undefined) {
    rate = null;
    for (const [id, fact] of Object.entries(facts)) {
      if (fact.perDollar === undefined || !fact.value || !fact.date) continue;
      const source = giving(fact, fact.value)[0] ?? fact.sources?.[0];
      rate = {
        id,
        perDollar: fact.perDollar,
        date: fact.date,
        by: sourceName(source?.by, source?.url),
        url: source?.url,
      };
      break;
    }
    rates.set(facts, rate);
  }
  return rate ?? undefined;
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

/** "US$6.50", "US$2.50 to US$4": a money figure in the other currency, or undefined when it has none. */
function converted(f: Figure, rate: ExchangeRate): string | undefined {
  if (f.kind !== "money amount" || (f.currency !== "DOP" && f.currency !== "USD")) return undefined;
  const [symbol, factor] = f.currency === "DOP" ? ["US$", 1 / rate.perDollar] : ["RD$", rate.perDollar];
  const amounts = f.values.filter((v) => v > 0).map((v) => `${symbol}${rounded(v * factor)}`);
  return amounts.length ? amounts.join(" to ") : undefined;
}

/** The approximate figures of every amount in `value`, in order: "about RD$610 and RD$300". */
export function approximation(value: string, rate: ExchangeRate | undefined): string | undefined {
  if (!rate) return undefined;
  const each = figuresIn(value, ["money amount"]).flatMap((f) => converted(f, rate) ?? []);
  if (each.length === 0) return undefined;
  const list = each.length === 1 ? each[0] : `${each.slice(0, -1).join(", ")} and ${each.at(-1)}`;
  return `about ${list}`;
}

/** `text` with "(about US$6.50)" after each amount in pesos, and "(about RD$950)" after each in US dollars. */
export function withApproximations(text: string, rate: ExchangeRate | undefined): string {
  if (!rate) return text;
  let out = "";
  let last = 0;
  for (const f of figuresIn(text, ["money amount"])) {
    const other = converted(f, rate);
    const end = f.index + f.figure.length;
    // A conversion written by hand already ('RD$400 (about US$7 at the time)') is left as written.
    if (!other || /^\s*\((?:about|approx|≈|~)/i.test(text.slice(end))) continue;
    // Nor is the conversion itself converted back.
    if (/\((?:about|approx\.?|≈|~)\s*$/i.test(text.slice(0, f.index))) continue;
    out += `${text.slice(last, end)} (about ${other})`;
    last = end;
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// What a page shows.

export interface ShownFigure {
  value: string;
  /** "about US$6.50", from the exchange-rate fact. */
  approx?: string;
  date?: string;
  /** Who reported it (a source's `by` or host name); absent for this guide's own. */
  by?: string;
  url?: string;
}

export interface FigureModel {
  /** The figure to plan on. */
  lead: ShownFigure & {
    /** This guide's own figure, which no source confirms. */
    guide: boolean;
    /** For this guide's own figure read from pages that give no date: who they are. */
    readFrom: string[];
  };
  /** This guide's own figures behind a sourced lead: shown, labelled as unconfirmed. */
  unconfirmed: ShownFigure[];
  /** Older figures sources gave, newest first: under a disclosure. */
  older: ShownFigure[];
  /** What to do about an unconfirmed figure ("ask at the gate"). */
  ask?: string;
  /** The rate the approximate figures come from, when one was shown. */
  rate?: ExchangeRate;
}

/** A fact's figure as the templates show it; undefined for a fact without a value. */
export function figureOf(fact: Fact, rate: ExchangeRate | undefined): FigureModel | undefined {
  if (!fact.value) return undefined;
  const ownRate = fact.perDollar !== undefined ? undefined : rate;
  const approx = (value: string) => approximation(value, ownRate);
  const source = fact.guide ? undefined : giving(fact, fact.value)[0];
  const lead = {
    value: fact.value,
    approx: approx(fact.value),
    date: fact.date,
    by: source ? sourceName(source.by, source.url) : undefined,
    url: source?.url,
    guide: fact.guide === true,
    readFrom: fact.guide ? (fact.sources ?? []).map((s) => sourceName(s.by, s.url)) : [],
  };
  const others = fact.earlier ?? [];
  const shown = (o: Other): ShownFigure => ({
    value: o.value,
    approx: approx(o.value),
    date: o.date,
    ...(o.source && { by: sourceName(o.by, o.source), url: o.source }),
  });
  const figure: FigureModel = {
    lead,
    unconfirmed: others.filter((o) => o.guide).map(shown),
    older: others
      .filter((o) => !o.guide)
      .map(shown)
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "")),
    ask: fact.ask,
  };
  const converts = [lead, ...figure.unconfirmed, ...figure.older].some((f) => f.approx);
  return converts ? { ...figure, rate: ownRate } : figure;
}

// ---------------------------------------------------------------------------------------------
// The checks.

/** The first day a date of YYYY, YYYY-MM or YYYY-MM-DD names. */
const firstDay = (date: string) => (date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date);

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
    const dates: [PathSegment[], string | undefined][] = [
      [["date"], fact.date],
      [["since"], fact.since],
      ...(fact.sources ?? []).map((s, i): [PathSegment[], string | undefined] => [["sources", i, "date"], s.date]),
      ...(fact.earlier ?? []).map((e, i): [PathSegment[], string | undefined] => [["earlier", i, "date"], e.date]),
    ];
    for (const [rest, date] of dates) {
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
 * - FactDateUnsupported: a sourced figure's `date` is not the newest date of the sources that give it;
 * - FactLeadNotNewest: a source gave another figure later than the one that leads;
 * - ExchangeRateTwice: more than one fact with `perDollar`.
 */
export function checkFigureFacts(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const at = (...path: PathSegment[]) => ({ location: source.locate(path), path: formatPath(path) });
  let rateFact: string | undefined;
  for (const [id, fact] of Object.entries(manifest.facts ?? {})) {
    if (fact.perDollar !== undefined) {
      if (rateFact)
        errors.push(new PpgError("ExchangeRateTwice", { id, first: rateFact }, at("facts", id, "perDollar")));
      else rateFact = id;
    }
    const { value, date } = fact;
    if (!value || !date) continue;
    if (!fact.guide) {
      const newest = giving(fact, value).find((s) => s.date)?.date;
      // The fact may name the source's day less precisely ('2014-07' for 2014-07-20), never another day.
      if (newest === undefined || (newest !== date && !newest.startsWith(`${date}-`)))
        errors.push(
          new PpgError("FactDateUnsupported", { id, date, value, ...(newest && { newest }) }, at("facts", id, "date")),
        );
    }
    (fact.earlier ?? []).forEach((other, i) => {
      if (other.guide) return;
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

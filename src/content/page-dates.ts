import { PpgError } from "../core/errors.ts";
import type { Manifest } from "../manifest/types.ts";
import { formatPath, type YamlSource } from "../manifest/yaml-path.ts";
import {
  convertedFact,
  type ExchangeRate,
  exchangeRates,
  factDates,
  firstDay,
  withApproximations,
} from "./fact-figures.ts";
import { FACT_MARKER } from "./fact-markers.ts";
import { factLines } from "./facts.ts";
import type { MarkdownFile } from "./front-matter.ts";
import { bodyAnswer } from "./kept-markdown.ts";
import { type ListingsFile, newestDate } from "./listings.ts";

/**
 * A page's "Updated" date is its `dates.modified`, shown in the byline and as `dateModified` in its
 * structured data, and it may not be older than anything the page shows: every date of a fact it
 * shows (a `::fact` box, a `{{fact:ID}}` or a listing card's `facts`: its figure's, its status's,
 * its sources', its other figures'), the exchange rate each of its conversions used, its own
 * sources' dates, and the date each listing card says it was checked.
 * Once a page said "Updated Aug 27, 2025" above the 13 October 2025 warning it carried, and another
 * quoted January 2026 under an August 2025 date: a reader takes the date as when the page was last
 * checked.
 *
 * PageUpdatedBeforeFact, at the route's `dates.modified`, names the newest thing shown and its date.
 * A date after `clock` is FactDateFuture's (fact-figures.ts), not a reason to date the page later.
 */
export function checkPageDates(
  manifest: Manifest,
  source: YamlSource,
  { markdown, listings }: { markdown: Map<string, MarkdownFile>; listings: Map<string, ListingsFile> },
  clock: string,
): PpgError[] {
  const errors: PpgError[] = [];
  const rates = exchangeRates(manifest);
  // Each fact's dates once, however many pages show it.
  const datesOf = new Map<string, { what: string; date: string | undefined }[]>();
  const factShows = (id: string) => {
    let dates = datesOf.get(id);
    const fact = manifest.facts?.[id];
    if (!dates && fact) {
      dates = [
        ...factDates(fact).map(([, date]) => ({ what: `fact '${id}'`, date })),
        ...convertedFact(fact, manifest).rates.map((rate) => ({
          what: `the exchange rate of fact '${rate.id}'`,
          date: rate.date,
        })),
      ];
      datesOf.set(id, dates);
    }
    // An unknown id is FactUnknown's.
    return dates ?? [];
  };
  manifest.routes.forEach((route, r) => {
    const modified = route.dates?.modified;
    const md = route.content ? markdown.get(route.content) : undefined;
    if (!modified || !md) return;
    const shown: { what: string; date: string }[] = [];
    const note = (what: string, date: string | undefined) => {
      if (date && firstDay(date) <= clock) shown.push({ what, date });
    };
    for (const s of md.frontMatter.sources ?? []) {
      note(`its source ${s.url}`, s.date);
      const used = new Set<ExchangeRate>();
      withApproximations(s.says, rates, s.date, used);
      for (const rate of used) note(`the exchange rate of fact '${rate.id}'`, rate.date);
    }
    const cards = route.listings ? (listings.get(route.listings)?.items ?? []) : [];
    // A card says when it was checked: its newest source's date.
    for (const item of cards) note(`the card of '${item.name}', checked`, newestDate(item));
    for (const id of new Set([...factsShown(md), ...cards.flatMap((item) => item.facts ?? [])]))
      for (const { what, date } of factShows(id)) note(what, date);
    // A month or a year is not later than a day within it: "2025-11" is not after 2025-11-02.
    const newest = shown.reduce<(typeof shown)[number] | undefined>(
      (a, b) => (a === undefined || firstDay(b.date) > firstDay(a.date) ? b : a),
      undefined,
    );
    if (!newest || firstDay(newest.date) <= modified) return;
    const path = ["routes", r, "dates", "modified"];
    errors.push(
      new PpgError(
        "PageUpdatedBeforeFact",
        { route: route.path, modified, shown: newest.what, date: newest.date, day: firstDay(newest.date) },
        { location: source.locate(path), path: formatPath(path) },
      ),
    );
  });
  return errors;
}

/** The facts a Markdown page shows: its `::fact` lines and its `{{fact:ID}}` markers, kept with the file. */
function factsShown(md: MarkdownFile): string[] {
  return bodyAnswer(md, "facts shown", "", (body) => {
    if (!body.includes("fact")) return [];
    const markers = Array.from(body.matchAll(FACT_MARKER), (m) => m[1] ?? "").filter(Boolean);
    return [...new Set([...factLines(md), ...markers])];
  });
}

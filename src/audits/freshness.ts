import { PpgError, PpgErrorList, isPpgErrorList } from "../core/errors.ts";
import { readSourceText } from "../core/source-text.ts";
import { type SplitMarkdown, splitFrontMatter } from "../content/front-matter.ts";
import { exchangeRates, factDatesAfter } from "../content/fact-figures.ts";
import { lastConfirmed } from "../content/facts.ts";
import { newestDate, parseListings, type ListingSource } from "../content/listings.ts";
import { lastDay, monthsBefore } from "../core/dates.ts";
import { loadManifest } from "../site/load-site.ts";

/**
 * The freshness audit (`ppguide check-facts`): the facts a visitor acts on (a listing's street
 * address, phone and website; the sources behind an article's fares, hours and prices; site.yaml's
 * facts, a figure by its `date` and a status by its newest source) age, and
 * a fact is only as fresh as the newest page that states it. Each listing field, and each source
 * of an article, with no date or with one older than the limit is a located problem to check
 * again; a safety fact (`safety: true`: an advisory, an alert) once older than 12 months, whatever
 * the limit. Dates are YYYY, YYYY-MM or YYYY-MM-DD; one that names a year or a month counts as its
 * last day, so a fact is never called stale for want of a day.
 */
/** The most a safety fact's date may age, in months. */
const SAFETY_MONTHS = 12;

export interface FreshnessOptions {
  /** Today, YYYY-MM-DD (--clock, checked by cli/options.ts). */
  clock: string;
  /** How old a date may be, in months; default 12. */
  months?: number;
}

export interface FreshnessReport {
  problems: PpgError[];
  /** How many facts and sources were looked at. */
  checked: number;
  /** The oldest date a fact may have, YYYY-MM-DD. */
  cutoff: string;
}

const FIELD_NAMES: Record<ListingSource["supports"][number], string> = {
  address1: "street address",
  phone: "phone",
  link: "website",
  area: "area",
  description: "description",
};

export async function auditFreshness(root: string, opts: FreshnessOptions): Promise<FreshnessReport> {
  const months = opts.months ?? 12;
  const cutoff = monthsBefore(opts.clock, months);
  const limit = `${months} month${months === 1 ? "" : "s"}`;
  const { manifest, source: yaml } = await loadManifest(root);
  const problems: PpgError[] = [];
  const errors: PpgError[] = [];
  let checked = 0;
  // A safety fact (an advisory, an alert) is out of date sooner than a fare: never older than a year,
  // whatever --older-than allows for the rest.
  const safetyMonths = Math.min(months, SAFETY_MONTHS);
  const safetyCutoff = monthsBefore(opts.clock, safetyMonths);
  const safetyLimit = `${safetyMonths} months (the most for a safety fact)`;
  // A past year's exchange rate is history, which does not change: only the newest can be out of date.
  const newestRate = exchangeRates(manifest).newest?.id;
  // site.yaml's facts: a figure is as old as its `date`, a status as its newest source.
  for (const [id, fact] of Object.entries(manifest.facts ?? {})) {
    checked++;
    if (fact.perDollar !== undefined && id !== newestRate) continue;
    const date = fact.value ? fact.date : lastConfirmed(fact);
    const at = { location: yaml.locate(["facts", id, ...(fact.value ? ["date"] : [])]), path: `facts.${id}` };
    const what = fact.value ? `fact '${id}' (${fact.value})` : `fact '${id}'`;
    const [oldest, most] = fact.safety ? [safetyCutoff, safetyLimit] : [cutoff, limit];
    if (!date) problems.push(new PpgError("FactUndated", { what }, at));
    else if (lastDay(date) < oldest) problems.push(new PpgError("FactStale", { what, date, limit: most }, at));
  }
  // A fact dated after today has not been stated yet: a typo ("9999-12") a reader would take as fresh.
  problems.push(...factDatesAfter(manifest.facts, (p) => yaml.locate(p), opts.clock));
  const done = new Set<string>();
  for (const route of manifest.routes) {
    for (const name of [route.content, route.listings]) {
      if (!name || done.has(name)) continue;
      done.add(name);
      const file = `content/${name}`;
      let text: string;
      try {
        text = readSourceText(root, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw err;
      }
      if (name === route.listings) {
        const { listings, source, errors: found } = parseListings(text, file);
        errors.push(...found);
        if (!listings || !source) continue;
        listings.items.forEach((item, i) => {
          for (const field of ["address1", "phone", "link"] as const) {
            if (!item[field]) continue;
            checked++;
            const newest = newestDate(item, field);
            const at = { location: source.locate(["items", i, field]), path: `items[${i}].${field}` };
            const what = `${FIELD_NAMES[field]} of '${item.name}'`;
            if (!newest) problems.push(new PpgError("FactUndated", { what }, at));
            else if (lastDay(newest) < cutoff)
              problems.push(new PpgError("FactStale", { what, date: newest, limit }, at));
          }
        });
        continue;
      }
      let split: SplitMarkdown;
      try {
        split = splitFrontMatter(text, file);
      } catch (err) {
        if (isPpgErrorList(err)) errors.push(...err.errors);
        else throw err;
        continue;
      }
      (split.frontMatter.sources ?? []).forEach((s, j) => {
        checked++;
        const at = { location: split.source!.locate(["sources", j]), path: `sources[${j}]` };
        const what = `source ${s.url}`;
        if (!s.date) problems.push(new PpgError("FactUndated", { what }, at));
        else if (lastDay(s.date) < cutoff) problems.push(new PpgError("FactStale", { what, date: s.date, limit }, at));
      });
    }
  }
  if (errors.length) throw new PpgErrorList(errors);
  return { problems, checked, cutoff };
}

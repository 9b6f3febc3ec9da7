import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/**
 * The day the whole suite runs as of (vitest.config.ts sets PPGUIDE_CLOCK to it, which every build,
 * in the test's process or a CLI it starts, reads: src/core/clock.ts): the newest day the guide's
 * site.yaml states something was written, published, changed or checked. So a run gives the same
 * result on any day, the guide's own pages and facts are all published and none lies in the future,
 * and a page or fact an editor dates today moves the day with it instead of failing (a fact dated
 * after the build's day is an error, a page dated after it is not published yet). `expires` does
 * not count: the guide is tested as it is while its pages are live.
 */
export function suiteDay(site = fileURLToPath(new URL("../../site.yaml", import.meta.url))): string {
  const days: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === "string" && key && STATED.has(key) && /^\d{4}(-\d{2}){0,2}$/.test(value))
      days.push(value.length === 4 ? `${value}-01-01` : value.length === 7 ? `${value}-01` : value);
    else if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(parse(readFileSync(site, "utf8")));
  const newest = days.sort().at(-1);
  if (!newest) throw new Error(`${site} states no date: the suite has no day to run as of`);
  return newest;
}

/** The keys whose date says when something was written or checked (a route's dates, a fact's and its sources'). */
const STATED = new Set(["created", "published", "modified", "date", "since"]);

import type { Placeholder } from "../core/errors-data.ts";
import type { PpgError } from "../core/errors.ts";

/**
 * The placeholders for a build's summary: one line with their count by kind, so that the known
 * stand-ins of a site still being set up (its videos to choose, its affiliate id) do not bury what
 * an editor just did; with `full` (build --placeholders), that line as a heading and one line each.
 * The listings' websites on http:// (WebsiteNotHttps) are counted on the same line: each waits for
 * someone to open the site with https://, which a build (with no network) cannot do.
 */
export function formatPlaceholders(
  placeholders: readonly PpgError[],
  websites: readonly PpgError[],
  full: boolean,
): string[] {
  const n = placeholders.length;
  // Keyed by the name, which two kinds share (an example domain in a URL or an e-mail address).
  const counts = new Map<string, { name: readonly [string, string]; count: number }>();
  for (const p of placeholders) {
    const name = KIND_NAMES[(p.data as Placeholder).kind];
    const seen = counts.get(name[1]) ?? counts.set(name[1], { name, count: 0 }).get(name[1])!;
    seen.count++;
  }
  const kinds = [...counts.values()].map(({ name, count }) => `${count} ${name[count === 1 ? 0 : 1]}`).join(", ");
  const w = websites.length;
  const http = w ? `${w} website${w === 1 ? "" : "s"} on http:// to try with https://` : "";
  const heading = n
    ? `${n} placeholder${n === 1 ? "" : "s"} left to replace before going live (${kinds})${http && ` and ${http}`}`
    : cap(http);
  // Under --strict, what acknowledged.yaml lets through (audits/acknowledged.ts) is what remains here.
  const strict = n ? `, --strict fails on ${w ? "the placeholders" : "them"} unless acknowledged.yaml lists them` : "";
  if (!full) return [`${heading}: --placeholders lists them${strict}.`];
  return [`${heading}${strict}:`, ...[...placeholders, ...websites].map((p) => `  ${p.format()}`)];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What each kind of placeholder is called in the summary's count: one, many. */
const KIND_NAMES: Record<Placeholder["kind"], readonly [string, string]> = {
  videoWithoutId: ["video without an id", "videos without an id"],
  videoIdStandIn: ["stand-in video id", "stand-in video ids"],
  reservedMailDomain: ["example domain", "example domains"],
  reservedDomain: ["example domain", "example domains"],
  standIn: ["stand-in id", "stand-in ids"],
  socialHome: ["social link to a network's home page", "social links to a network's home page"],
};

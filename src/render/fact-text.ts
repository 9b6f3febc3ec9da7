import { confirmedOn, convertedFact, exchangeRates, withApproximations } from "../content/fact-figures.ts";
import type { MisplacedMarker } from "../content/fact-values.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
import { misplacedMarker } from "../content/fact-markers.ts";
import type { PpgError } from "../core/errors.ts";
import type { Manifest } from "../manifest/types.ts";
import type { FactView } from "./model.ts";

/**
 * A fact of site.yaml as templates show it (undefined for an id the load stage has reported,
 * FactUnknown): its texts with the approximate US$ or RD$ beside each amount, at the rate of the
 * year each is of, when it was last confirmed, its figure (content/fact-figures.ts), and the rates
 * its conversions used.
 */
export function factViewOf(manifest: Pick<Manifest, "facts">, id: string): FactView | undefined {
  const fact = manifest.facts?.[id];
  if (!fact) return undefined;
  return {
    id,
    subject: fact.subject,
    status: fact.status,
    since: fact.since,
    ...convertedFact(fact, manifest),
    confirmed: confirmedOn(fact),
    value: fact.value,
    date: fact.date,
    guide: fact.guide,
    earlier: fact.earlier ?? [],
  };
}

/** An article's sources with the other currency beside each amount they quote, at the rate of each one's date. */
export function withApproximateSources<S extends { says: string; date?: string }>(
  manifest: Pick<Manifest, "facts">,
  sources: S[],
): S[] {
  const rates = exchangeRates(manifest);
  return rates.newest ? sources.map((s) => ({ ...s, says: withApproximations(s.says, rates, s.date) })) : sources;
}

/** FactMarkerMisplaced for each marker the Markdown holds outside prose, at its line and column. */
export function misplacedMarkerErrors(file: MarkdownFile, found: MisplacedMarker[]): PpgError[] {
  const lines = file.body.split("\n");
  return found.map(([marker, from, to, where]) => {
    let line = from;
    for (let l = from; l <= Math.max(from, to); l++)
      if (lines[l - 1]?.includes(marker)) {
        line = l;
        break;
      }
    const column = Math.max(0, (lines[line - 1] ?? "").indexOf(marker)) + 1;
    return misplacedMarker(marker, where, { file: file.file, line: line + file.bodyLine, column });
  });
}

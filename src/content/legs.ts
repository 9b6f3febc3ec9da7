import { PpgError } from "../core/errors.ts";
import type { Fact, Manifest } from "../manifest/types.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { type FigureKind, figuresIn } from "./figures.ts";

/**
 * A travel time or a distance between two named places is one fact (`between: [A, B]`), so two
 * pages cannot state it differently: a second fact for the same two places is FactPairTwice, and a
 * sentence naming both places is read as naming the fact (fact-values.ts, FigureContradictsFact).
 * Along site.yaml's `coast` (the places of the coast road, in order), the legs must also agree with
 * one another: a place further on is not nearer than one on the way, nor nearer than the two legs
 * through it together (LegTimesOutOfOrder). Once Sosúa was "a little over half an hour" away on
 * one page, and Cabarete, "about 20 minutes beyond it", "about 40 minutes" on another.
 */

/** A name without its accents: prose writes 'Sosúa' and 'Sosua'. */
export const withoutAccents = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "");

/** A place name as prose may write it: case, accents and spacing aside. */
const placeKey = (name: string) => withoutAccents(name).toLowerCase().replace(/\s+/g, " ").trim();

interface Leg {
  id: string;
  fact: Fact;
  places: [string, string];
}

/** The quantities a leg's value states: its travel times in minutes, its distances in kilometres. */
const MEASURES: { kind: FigureKind; name: string }[] = [
  { kind: "duration", name: "travel time" },
  { kind: "distance", name: "distance" },
];

function span(value: string, kind: FigureKind): { low: number; high: number; text: string } | undefined {
  const found = figuresIn(value, [kind]);
  const values = found.flatMap((f) => f.values);
  if (values.length === 0) return undefined;
  return { low: Math.min(...values), high: Math.max(...values), text: found.map((f) => f.figure).join(", ") };
}

export function checkLegs(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const at = (...path: PathSegment[]) => ({ location: source.locate(path), path: formatPath(path) });
  const legs = new Map<string, Leg>();
  for (const [id, fact] of Object.entries(manifest.facts ?? {})) {
    const [a, b] = fact.between ?? [];
    if (a === undefined || b === undefined) continue;
    const key = [placeKey(a), placeKey(b)].sort().join("\u0000");
    const first = legs.get(key);
    if (first)
      errors.push(
        new PpgError("FactPairTwice", { id, first: first.id, places: `${a} and ${b}` }, at("facts", id, "between")),
      );
    else legs.set(key, { id, fact, places: [a, b] });
  }
  const coast = (manifest.coast ?? []).map(placeKey);
  const leg = (i: number, k: number) => {
    const [x, y] = [coast[i], coast[k]].sort() as [string, string];
    return legs.get(`${x}\u0000${y}`);
  };
  const name = (l: Leg) => `${l.places[0]} to ${l.places[1]}`;
  for (let i = 0; i < coast.length; i++)
    for (let k = i + 2; k < coast.length; k++) {
      const whole = leg(i, k);
      const wholeValue = whole?.fact.value;
      if (!whole || !wholeValue) continue;
      for (let j = i + 1; j < k; j++) {
        const via = manifest.coast?.[j] ?? "";
        const parts = [leg(i, j), leg(j, k)];
        for (const { kind, name: measure } of MEASURES) {
          const w = span(wholeValue, kind);
          if (!w) continue;
          const spans = parts.map((p) => (p?.fact.value ? span(p.fact.value, kind) : undefined));
          const problem = (why: string) =>
            errors.push(
              new PpgError(
                "LegTimesOutOfOrder",
                { id: whole.id, leg: `the ${measure} ${name(whole)}`, figure: w.text, why },
                at("facts", whole.id, "value"),
              ),
            );
          let shorter = false;
          parts.forEach((p, n) => {
            const s = spans[n];
            if (!p || !s || w.high >= s.high) return;
            problem(`shorter than ${name(p)} (${s.text}, fact '${p.id}'), though ${via} lies between`);
            shorter = true;
          });
          const [ab, bc] = spans;
          const [first, second] = parts;
          if (shorter || !ab || !bc || !first || !second) continue;
          // Not the other way: a guagua's hour with its stops may be longer than a drive and a guagua's legs together.
          const unit = kind === "duration" ? "minutes" : "km";
          const through = `${name(first)} and ${name(second)} together (facts '${first.id}' and '${second.id}')`;
          if (w.high < ab.low + bc.low)
            problem(`shorter than ${through}: at least ${Math.round(ab.low + bc.low)} ${unit}`);
        }
      }
    }
  return errors;
}

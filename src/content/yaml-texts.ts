import type { PpgError } from "../core/errors.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { ambiguousFigures } from "./fact-figures.ts";
import { invalidMarker, misplacedMarker, scanMarkers } from "./fact-markers.ts";

/**
 * Every string of a YAML text (site.yaml, a listing, front matter), held to the two rules of a text
 * a reader meets that Markdown prose keeps in its own way:
 * - no fact marker: markers are expanded in prose only, so one in a title, a description, alt
 *   text or a fact's text would be published as written (FactMarkerMisplaced), and a near-miss
 *   is FactMarkerInvalid;
 * - no bare "$" amount (FigureCurrencyAmbiguous): in the Dominican Republic it may mean pesos.
 * URLs and paths are not text a reader reads as prose, and are left to their own rules.
 */
export function checkYamlTexts(data: unknown, source: YamlSource, where: string, base: PathSegment[] = []): PpgError[] {
  const errors: PpgError[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (typeof value === "string") {
      if (!/[{}&$\uFF04\uFE69]/.test(value) || /^(?:https?:\/\/|\/)\S*$/.test(value)) return;
      const place = () => ({ location: source.locate(path), path: formatPath(path) });
      const scan = scanMarkers(value);
      for (const i of scan.invalid) errors.push(invalidMarker(i.text, place().location, place().path));
      for (const m of scan.markers) errors.push(misplacedMarker(m.text, where, place().location, place().path));
      errors.push(...ambiguousFigures(value, place()));
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(data, base);
  return errors;
}

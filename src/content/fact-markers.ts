import { PpgError, type SourceLocation } from "../core/errors.ts";

/**
 * The one grammar of a fact marker, `{{fact:ID}}`: two braces, `fact:`, a fact's id (lowercase
 * words joined by hyphens, as site.yaml's `facts` keys are), two braces, nothing else. A marker is
 * expanded to the fact's value in Markdown prose and nowhere else; anything that looks like one
 * and is not (`{{ fact:x }}`, `{{FACT:x}}`, `{{fact:{{fact:x}}}}`, `{fact:x}`), and a marker
 * anywhere it would not be expanded (alt text, a title, a heading, code, raw HTML, any field of
 * site.yaml, a listing or front matter), is an error at its line and column. So no page, title or
 * JSON-LD ever carries a marker as written: once four near-misses were published raw, with exit 0.
 */

/** A marker, with the fact's id; global, for matchAll. */
export const FACT_MARKER = /\{\{fact:([a-z0-9]+(?:-[a-z0-9]+)*)\}\}/g;

/**
 * What a reader would take for a marker: doubled braces either way, a brace before the word
 * `fact`, or `fact:id}`. A text with none of these cannot hold one (a cheap first test).
 */
const LOOKALIKE = /\{\s*\{|\}\s*\}|\{\s*fact\b|\bfact\s*:\s*[\w-]+\s*\}/gi;
const MAY_HOLD = /[{}]/;

export interface MarkerScan {
  /** Each marker, where it starts. */
  markers: { id: string; index: number; text: string }[];
  /** Each thing that looks like a marker and is not one: where it starts and what it reads. */
  invalid: { index: number; text: string }[];
}

/** The markers of `text`, and what only looks like one. */
export function scanMarkers(text: string): MarkerScan {
  const scan: MarkerScan = { markers: [], invalid: [] };
  if (!MAY_HOLD.test(text)) return scan;
  // The marker's one group always matches: an id of at least one letter or digit.
  for (const m of text.matchAll(FACT_MARKER)) scan.markers.push({ id: m[1] ?? "", index: m.index, text: m[0] });
  // Blanked, not removed, so that what is left keeps its columns: '{{fact:{{fact:x}}}}' leaves
  // '{{fact:' and '}}' around a marker.
  const rest = text.replace(FACT_MARKER, (m) => " ".repeat(m.length));
  let end = -1;
  for (const m of rest.matchAll(LOOKALIKE)) {
    if (m.index < end) continue;
    // What the editor wrote, to the closing braces on its line (for the message).
    // Its second branch matches any text, if only the empty string.
    const close = /^[^\n]*?\}\}?|^[^\n]{0,40}/.exec(text.slice(m.index))?.[0] ?? "";
    scan.invalid.push({ index: m.index, text: close.trim() });
    end = m.index + close.length;
  }
  // A marker inside a near-miss ('{{fact:{{fact:x}}}}') is part of the mistake, not a marker.
  scan.markers = scan.markers.filter(
    (k) => !scan.invalid.some((i) => k.index >= i.index && k.index < i.index + i.text.length),
  );
  return scan;
}

/** The spelling an editor probably meant, for the hint: `{{ FACT : park-fee }}` → `{{fact:park-fee}}`. */
export function meantMarker(text: string): string | undefined {
  const id = /fact\s*:\s*(?:\{\{\s*fact\s*:\s*)?([\w-]+)/i.exec(text)?.[1];
  return id ? `{{fact:${id.toLowerCase().replace(/_/g, "-")}}}` : undefined;
}

/** The error for a near-miss at `location`. */
export function invalidMarker(text: string, location: SourceLocation, path?: string): PpgError {
  const meant = meantMarker(text);
  return new PpgError("FactMarkerInvalid", { text, ...(meant && { meant }) }, { location, ...(path && { path }) });
}

/** The error for a marker where markers are not expanded (`where`: 'a title', 'site.yaml'). */
export function misplacedMarker(text: string, where: string, location: SourceLocation, path?: string): PpgError {
  return new PpgError("FactMarkerMisplaced", { text, where }, { location, ...(path && { path }) });
}

import { decodeHTMLStrict } from "entities";
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
/** A brace, or a character reference that may spell one (`&#123;`, `&lbrace;`). */
const MAY_HOLD = /[{}&]/;
/**
 * A character reference as Markdown and HTML decode it (`&#123;`, `&#x7B;`, `&lcub;`): with its
 * semicolon, as CommonMark requires (https://spec.commonmark.org/0.31.2/#entity-and-numeric-character-references).
 */
const REFERENCE = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

export interface MarkerScan {
  /** Each marker, where it starts (in the text as written) and as written. */
  markers: { id: string; index: number; text: string }[];
  /** Each thing that looks like a marker and is not one: where it starts and what it reads. */
  invalid: { index: number; text: string }[];
}

/**
 * The markers of `text`, and what only looks like one. Read as a browser reads it, with its
 * character references decoded: `&#123;&#123;fact:x&#125;&#125;` is the marker `{{fact:x}}` to a
 * reader (it was once published raw, with exit 0). A brace right beside a marker (`{{{fact:x}}}`)
 * is a near-miss at that brace: it would be published around the value.
 */
export function scanMarkers(written: string): MarkerScan {
  const scan: MarkerScan = { markers: [], invalid: [] };
  if (!MAY_HOLD.test(written)) return scan;
  const { text, at } = decodedReferences(written);
  const span = (start: number, end: number) => ({ index: at(start), text: written.slice(at(start), at(end)) });
  // The marker's one group always matches: an id of at least one letter or digit.
  for (const m of text.matchAll(FACT_MARKER)) {
    const end = m.index + m[0].length;
    const before = text[m.index - 1] === "{";
    const after = text[end] === "}";
    if (before || after) scan.invalid.push(span(before ? m.index - 1 : m.index, after ? end + 1 : end));
    else scan.markers.push({ id: m[1] ?? "", ...span(m.index, end) });
  }
  // Blanked, not removed, so that what is left keeps its columns: '{{fact:{{fact:x}}}}' leaves
  // '{{fact:' and '}}' around a marker.
  const rest = text.replace(FACT_MARKER, (m) => " ".repeat(m.length));
  let end = -1;
  for (const m of rest.matchAll(LOOKALIKE)) {
    if (m.index < end) continue;
    // What the editor wrote, to the closing braces on its line (for the message).
    // Its second branch matches any text, if only the empty string.
    const close = /^[^\n]*?\}\}?|^[^\n]{0,40}/.exec(text.slice(m.index))?.[0] ?? "";
    const trimmed = close.trimEnd();
    const from = at(m.index);
    if (!scan.invalid.some((i) => from >= i.index && from < i.index + i.text.length))
      scan.invalid.push(span(m.index, m.index + trimmed.length));
    end = m.index + close.length;
  }
  scan.invalid.sort((a, b) => a.index - b.index);
  // A marker inside a near-miss ('{{fact:{{fact:x}}}}') is part of the mistake, not a marker.
  scan.markers = scan.markers.filter(
    (k) => !scan.invalid.some((i) => k.index >= i.index && k.index < i.index + i.text.length),
  );
  return scan;
}

/** Whether `text` may hold a marker, its references decoded (a cheap first test). */
export function mayHoldMarker(text: string): boolean {
  return text.includes("{{fact:") || (text.includes("&") && decodedReferences(text).text.includes("{{fact:"));
}

/**
 * The text with its character references decoded, and `at`, which gives for an offset into it the
 * offset in the text as written (the length of the text for its end), so a column stays the editor's.
 */
export function decodedReferences(written: string): { text: string; at: (offset: number) => number } {
  if (!written.includes("&")) return { text: written, at: (offset) => offset };
  let text = "";
  const from: number[] = [];
  let last = 0;
  for (const m of written.matchAll(REFERENCE)) {
    const char = decodeHTMLStrict(m[0]);
    if (char === m[0]) continue;
    for (let k = last; k < m.index; k++) from.push(k);
    for (let k = 0; k < char.length; k++) from.push(m.index);
    text += written.slice(last, m.index) + char;
    last = m.index + m[0].length;
  }
  if (last === 0) return { text: written, at: (offset) => offset };
  for (let k = last; k < written.length; k++) from.push(k);
  text += written.slice(last);
  return { text, at: (offset) => (offset < from.length ? (from[offset] ?? offset) : written.length) };
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

import { decodeHTML } from "entities";
import { PpgError } from "../core/errors.ts";
import type { SourceId } from "./model.ts";

// React and markdown-it write every attribute in double quotes and escape '"' in text, and raw HTML
// is serialized again by sanitize-html: in a rendered page ` id="` starts an id and nothing else.
const ID_ATTRIBUTE = /\sid="([^"]*)"/g;

/** The ids of a page's elements, in order: what a page's link scan gives as its anchors, read without one. */
export function* idsIn(html: string): Generator<string> {
  // The group always matches, if only the empty string.
  for (const [, raw = ""] of html.matchAll(ID_ATTRIBUTE)) yield raw.includes("&") ? decodeHTML(raw) : raw;
}

/**
 * A page's ids must be unique: an anchor, a label or a script finds the first one only, and the
 * HTML is invalid. `ids`: the page's, from the link scan that reads every page (its anchors, which
 * count a[name] too: a name may not repeat an id either), or idsIn() without one. The ids a page's
 * Markdown gives (`## X {#main}`, the same `{#id}` twice, raw HTML) are the ones an editor can make
 * twice: each second one is an IdDuplicate at its line in the Markdown file. Two equal ids with no
 * source are a template's bug, thrown as one.
 */
export function duplicateIdErrors(ids: Iterable<string>, route: string, sources: readonly SourceId[] = []): PpgError[] {
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const errors: PpgError[] = [];
  for (const [id, count] of seen) {
    if (count < 2) continue;
    const written = sources.filter((s) => s.id === id);
    // The page's own template gave it once when the Markdown gave it fewer times than it occurs.
    const clash = written.length < count ? written : written.slice(1);
    if (clash.length === 0) throw new Error(`the templates give the id '${id}' twice on ${route}`);
    for (const at of clash)
      errors.push(new PpgError("IdDuplicate", { id, twice: written.length === count }, { location: at.location }));
  }
  return errors;
}

import { decodeHTML } from "entities";
import { PpgError } from "../core/errors.ts";
import type { SourceId } from "./model.ts";

// React and markdown-it write every attribute in double quotes and escape '"' in text, and raw HTML
// is serialized again by sanitize-html: in a rendered page ` id="` starts an id and nothing else.
const ID_ATTRIBUTE = /\sid="([^"]*)"/g;

/**
 * A page's ids must be unique: an anchor, a label or a script finds the first one only, and the
 * HTML is invalid. The ids a page's Markdown gives (`## X {#main}`, the same `{#id}` twice, raw
 * HTML) are the ones an editor can make twice: each second one is an IdDuplicate at its
 * line in the Markdown file. Two equal ids with no source are a template's bug, thrown as one.
 */
export function duplicateIdErrors(html: string, route: string, sources: readonly SourceId[] = []): PpgError[] {
  const seen = new Map<string, number>();
  for (const [, raw] of html.matchAll(ID_ATTRIBUTE)) {
    const id = raw!.includes("&") ? decodeHTML(raw!) : raw!;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
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

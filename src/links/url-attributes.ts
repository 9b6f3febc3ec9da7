/**
 * Attributes that hold more than one URL, or a URL wrapped in other text. Each parser returns the
 * URLs with their offset inside the attribute value so problems can point at the exact column.
 */

export interface UrlInValue {
  url: string;
  offset: number;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * Every candidate URL of a srcset, following the HTML parsing algorithm so URLs containing commas
 * and descriptors with parentheses split as a browser splits them.
 * https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
 */
export function parseSrcset(value: string): UrlInValue[] {
  const out: UrlInValue[] = [];
  const n = value.length;
  let pos = 0;
  while (pos < n) {
    while (pos < n && (isSpace(value.charCodeAt(pos)) || value.charCodeAt(pos) === 0x2c)) pos++;
    if (pos >= n) break;
    const start = pos;
    while (pos < n && !isSpace(value.charCodeAt(pos))) pos++;
    let url = value.slice(start, pos);
    if (url.endsWith(",")) {
      // "a.png,b.png": trailing commas end the candidate and belong to no URL.
      url = url.replace(/,+$/, "");
    } else {
      // Skip descriptors ("2x", "640w") up to the next comma outside parentheses.
      let depth = 0;
      while (pos < n) {
        const c = value.charCodeAt(pos);
        if (c === 0x28) depth++;
        else if (c === 0x29 && depth > 0) depth--;
        else if (c === 0x2c && depth === 0) break;
        pos++;
      }
    }
    if (url) out.push({ url, offset: start });
  }
  return out;
}

/**
 * The URL of a `<meta http-equiv="refresh" content="0; url=/x">`, or null when it only reloads.
 * https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps
 */
export function parseMetaRefresh(content: string): UrlInValue | null {
  const n = content.length;
  let pos = 0;
  while (pos < n && isSpace(content.charCodeAt(pos))) pos++;
  const timeStart = pos;
  while (pos < n && /[0-9.]/.test(content[pos]!)) pos++;
  if (pos === timeStart) return null;
  while (pos < n && isSpace(content.charCodeAt(pos))) pos++;
  if (pos < n && (content[pos] === ";" || content[pos] === ",")) pos++;
  while (pos < n && isSpace(content.charCodeAt(pos))) pos++;
  if (pos >= n) return null;
  const rest = content.slice(pos);
  const prefix = /^url\s*=\s*/i.exec(rest);
  if (prefix) pos += prefix[0].length;
  let quote = "";
  if (content[pos] === '"' || content[pos] === "'") quote = content[pos++]!;
  let end = n;
  if (quote) {
    const q = content.indexOf(quote, pos);
    if (q !== -1) end = q;
  }
  // Trailing spaces are stripped by the URL parser anyway; keep the offset of the first character.
  const url = content.slice(pos, end).trim();
  return url ? { url, offset: pos } : null;
}

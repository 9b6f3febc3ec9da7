/**
 * One streaming pass over a page that yields every URL reference, every anchor and the <base href>.
 *
 * Link checking needs start tags and their attributes only, so instead of building a DOM (cheerio)
 * or running a general tokenizer callback per character (htmlparser2), this scanner follows the
 * HTML tokenizer's rules for the states that matter and jumps through text, comments and raw-text
 * elements with indexOf. It is several times faster than htmlparser2's tokenizer on real pages and
 * hands out exact source offsets, so each reference gets its line and column without a second
 * pass. test/links/extract.test.ts checks it against cheerio (parse5, with source locations).
 * https://html.spec.whatwg.org/multipage/parsing.html#tokenization
 *
 * Deliberate choices:
 * - <noscript> content is scanned as markup, so its links are checked (a browser with scripting
 *   on, and parse5 by default, would see it as text);
 * - script, style, textarea, title, xmp, iframe, noembed, noframes content and comments are
 *   skipped, so a URL in a string or in commented-out markup is not a reference.
 */
import { createRequire } from 'node:module';
import type { TokenizerCallbacks } from 'htmlparser2';
import type { PageScan, RawRef, RefKind } from './types.ts';
import { parseMetaRefresh, parseSrcset } from './url-attributes.ts';

/** Tags with URL attributes (or <base>/<meta>); other tags only contribute their id. */
const URL_TAGS = ['a', 'area', 'link', 'img', 'source', 'script', 'iframe', 'video', 'audio', 'track', 'meta', 'form', 'base'];
/** Elements whose content is text up to their end tag (RAWTEXT, RCDATA and script data states). */
const RAW_TEXT_TAGS = ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext'];
/** The only attributes we read. */
const ATTRS = ['id', 'href', 'src', 'srcset', 'name', 'rel', 'poster', 'action', 'content', 'http-equiv'];

/**
 * Looks a name up in a word list by comparing characters case-insensitively in place, so the
 * scanner allocates no string for the thousands of tag and attribute names it only needs to
 * recognise. Returns the list's own string (lower case), or null.
 */
class NameTable {
  private readonly byLength = new Map<number, string[]>();
  constructor(words: readonly string[]) {
    for (const w of words) {
      const list = this.byLength.get(w.length) ?? [];
      list.push(w);
      this.byLength.set(w.length, list);
    }
  }
  match(text: string, start: number, end: number): string | null {
    const list = this.byLength.get(end - start);
    if (list === undefined) return null;
    outer: for (const w of list) {
      for (let i = 0; i < w.length; i++) {
        const c = text.charCodeAt(start + i);
        // ASCII upper case folds to lower; the words hold only a-z and '-'.
        if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== w.charCodeAt(i)) continue outer;
      }
      return w;
    }
    return null;
  }
}
const TAG_NAMES = new NameTable([...new Set([...URL_TAGS, ...RAW_TEXT_TAGS])]);
const URL_TAG_SET = new Set(URL_TAGS);
const RAW_TEXT_SET = new Set(RAW_TEXT_TAGS.filter((t) => t !== 'plaintext'));
const ATTR_NAMES = new NameTable(ATTRS);

/** link[rel] values that load something into the page rather than point at another page. */
const ASSET_RELS = /(?:^|\s)(?:stylesheet|icon|shortcut|apple-touch-icon|mask-icon|preload|modulepreload|prefetch|manifest)(?:\s|$)/i;

interface Attr {
  name: string;
  value: string;
  /** Source offset of the first character of the value. */
  start: number;
  /** True when the value has no character references, so offsets inside it map 1:1 to the source. */
  exact: boolean;
}

/** Turns increasing source offsets into 1-based line and column without indexing the whole file. */
class LineCounter {
  private line = 1;
  private lineStart = 0;
  private nextNewline: number;
  constructor(private readonly text: string) {
    this.nextNewline = this.findNewline(0);
  }
  private findNewline(from: number): number {
    const i = this.text.indexOf('\n', from);
    return i === -1 ? Infinity : i;
  }
  /** 1-based line and column of the last offset passed to `seek`, read without allocating. */
  line1 = 1;
  col1 = 1;
  seek(offset: number): void {
    if (offset < this.lineStart) {
      // Attributes of one tag can be visited out of order; restart rather than assume monotony.
      this.line = 1;
      this.lineStart = 0;
      this.nextNewline = this.findNewline(0);
    }
    while (offset > this.nextNewline) {
      this.line++;
      this.lineStart = this.nextNewline + 1;
      this.nextNewline = this.findNewline(this.lineStart);
    }
    this.line1 = this.line;
    this.col1 = offset - this.lineStart + 1;
  }
}

const isAsciiSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isAsciiAlpha = (c: number): boolean => ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);


/**
 * Decodes character references in an attribute value with the attribute rules of the HTML spec
 * (legacy "&amp" without ";" before "=" or an alphanumeric stays literal). Rare in URLs, so we
 * borrow htmlparser2's tokenizer, which implements those rules, on a one-attribute tag. It is
 * loaded on first use: most sites never need it, and loading it costs more than scanning 500 pages.
 */
let htmlparser2: typeof import('htmlparser2') | undefined;

export function decodeAttributeValue(raw: string, quote: '"' | "'" | ''): string {
  let value = '';
  const noop = (): void => {};
  const callbacks: TokenizerCallbacks = {
    onattribdata: (start, end) => (value += source.slice(start, end)),
    onattribentity: (cp) => (value += String.fromCodePoint(cp)),
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    onclosetag: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onopentagend: noop,
    onopentagname: noop,
    onprocessinginstruction: noop,
    onselfclosingtag: noop,
    ontext: noop,
    ontextentity: noop,
  };
  const source = `<a v=${quote}${raw}${quote}>`;
  htmlparser2 ??= createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2');
  const tokenizer = new htmlparser2.Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(source);
  tokenizer.end();
  return value;
}

export function scanPage(html: string): PageScan {
  const refs: RawRef[] = [];
  const anchors: string[] = [];
  let base: string | null = null;
  const lines = new LineCounter(html);
  const n = html.length;

  /** Lower-case name of the current start tag when it is one we know, else ''. */
  let tag = '';
  let urlTag = false;
  const attrs: Attr[] = [];

  const emit = (a: Attr, url: string, offsetInValue: number, kind: RefKind): void => {
    // The URL parser strips surrounding ASCII whitespace; point at the first real character.
    const href = url.trim();
    if (!href) return;
    const lead = url.length - url.trimStart().length;
    lines.seek(a.start + (a.exact ? offsetInValue + lead : 0));
    refs.push({ href, line: lines.line1, col: lines.col1, kind });
  };

  const get = (name: string): Attr | undefined => {
    for (const a of attrs) if (a.name === name) return a;
    return undefined;
  };

  const finishTag = (): void => {
    if (attrs.length === 0) return;
    const id = get('id');
    if (id && id.value) anchors.push(id.value);
    if (!urlTag) return;
    let a: Attr | undefined;
    switch (tag) {
      case 'a':
        if ((a = get('name')) && a.value) anchors.push(a.value);
      // falls through
      case 'area':
        if ((a = get('href'))) emit(a, a.value, 0, 'page');
        break;
      case 'link':
        if ((a = get('href'))) emit(a, a.value, 0, ASSET_RELS.test(get('rel')?.value ?? '') ? 'asset' : 'page');
        break;
      case 'img':
      case 'source':
        if ((a = get('src'))) emit(a, a.value, 0, 'asset');
        if ((a = get('srcset'))) for (const c of parseSrcset(a.value)) emit(a, c.url, c.offset, 'asset');
        break;
      case 'video':
        if ((a = get('poster'))) emit(a, a.value, 0, 'asset');
      // falls through
      case 'script':
      case 'audio':
      case 'track':
        if ((a = get('src'))) emit(a, a.value, 0, 'asset');
        break;
      case 'iframe':
        if ((a = get('src'))) emit(a, a.value, 0, 'page');
        break;
      case 'form':
        if ((a = get('action'))) emit(a, a.value, 0, 'page');
        break;
      case 'meta':
        if (get('http-equiv')?.value.trim().toLowerCase() === 'refresh' && (a = get('content'))) {
          const target = parseMetaRefresh(a.value);
          if (target) emit(a, target.url, target.offset, 'page');
        }
        break;
      case 'base':
        // Only the first <base> with an href counts (HTML "frozen base URL").
        if (base === null && (a = get('href'))) base = a.value.trim();
        break;
    }
  };

  /** Records an attribute we care about; the first of duplicates wins, as in the HTML parser. */
  const record = (nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: '"' | "'" | ''): void => {
    const name = ATTR_NAMES.match(html, nameStart, nameEnd);
    if (name === null || (!urlTag && name !== 'id') || get(name) !== undefined) return;
    const raw = valueStart < 0 ? '' : html.slice(valueStart, valueEnd);
    const value = raw.indexOf('&') === -1 ? raw : decodeAttributeValue(raw, quote);
    attrs.push({ name, value, start: valueStart < 0 ? nameStart : valueStart, exact: value === raw });
  };

  /**
   * Scans a tag from the first character of its name; returns the index after its '>' (or n when
   * the file ends inside the tag, where the spec drops the tag).
   */
  const scanTag = (p: number, isStart: boolean): number => {
    const nameStart = p;
    let c = 0;
    while (p < n && !isAsciiSpace((c = html.charCodeAt(p))) && c !== 0x2f && c !== 0x3e) p++;
    if (isStart) {
      tag = TAG_NAMES.match(html, nameStart, p) ?? '';
      urlTag = URL_TAG_SET.has(tag);
      attrs.length = 0;
    }
    for (;;) {
      // Before attribute name; a '/' not followed by '>' is ignored there.
      while (p < n && (isAsciiSpace((c = html.charCodeAt(p))) || c === 0x2f)) p++;
      if (p >= n) return n;
      if (c === 0x3e) {
        p++;
        break;
      }
      // Attribute name: the first character may be '=' (a parse error kept as a name).
      const attrStart = p++;
      while (p < n && !isAsciiSpace((c = html.charCodeAt(p))) && c !== 0x2f && c !== 0x3e && c !== 0x3d) p++;
      const attrEnd = p;
      while (p < n && isAsciiSpace((c = html.charCodeAt(p)))) p++;
      if (c !== 0x3d || p >= n) {
        if (isStart) record(attrStart, attrEnd, -1, -1, '');
        continue;
      }
      p++;
      while (p < n && isAsciiSpace((c = html.charCodeAt(p)))) p++;
      if (p >= n) return n;
      if (c === 0x22 || c === 0x27) {
        const close = html.indexOf(c === 0x22 ? '"' : "'", p + 1);
        if (close === -1) return n;
        if (isStart) record(attrStart, attrEnd, p + 1, close, c === 0x22 ? '"' : "'");
        p = close + 1;
      } else if (c === 0x3e) {
        // "x=>": a missing value is an empty one.
        if (isStart) record(attrStart, attrEnd, p, p, '');
      } else {
        const valueStart = p;
        while (p < n && !isAsciiSpace((c = html.charCodeAt(p))) && c !== 0x3e) p++;
        if (isStart) record(attrStart, attrEnd, valueStart, p, '');
      }
    }
    if (!isStart) return p;
    finishTag();
    if (RAW_TEXT_SET.has(tag)) return skipRawText(p, tag);
    if (tag === 'plaintext') return n;
    return p;
  };

  /** Index of the '<' of the end tag that closes a raw-text element (any case), or n. */
  const skipRawText = (p: number, name: string): number => {
    for (;;) {
      const lt = html.indexOf('</', p);
      if (lt === -1) return n;
      const after = lt + 2 + name.length;
      if (html.slice(lt + 2, after).toLowerCase() === name) {
        const c = html.charCodeAt(after);
        if (after >= n || isAsciiSpace(c) || c === 0x2f || c === 0x3e) return lt;
      }
      p = lt + 2;
    }
  };

  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    i = lt + 1;
    const c = html.charCodeAt(i);
    if (isAsciiAlpha(c)) {
      i = scanTag(i, true);
    } else if (c === 0x2f) {
      const d = html.charCodeAt(i + 1);
      if (isAsciiAlpha(d)) {
        i = scanTag(i + 1, false);
      } else if (d === 0x3e) {
        i += 2;
      } else {
        // "</ x>" is a bogus comment up to the next '>'.
        const gt = html.indexOf('>', i);
        i = gt === -1 ? n : gt + 1;
      }
    } else if (c === 0x21) {
      if (html.startsWith('--', i + 1)) {
        // "<!-->" and "<!--->" are complete (if abrupt) comments; otherwise up to "-->" or "--!>".
        const body = i + 3;
        if (html.charCodeAt(body) === 0x3e) i = body + 1;
        else if (html.startsWith('->', body)) i = body + 2;
        else {
          let end = html.indexOf('--', body);
          while (end !== -1 && !(html.charCodeAt(end + 2) === 0x3e || html.startsWith('!>', end + 2))) end = html.indexOf('--', end + 1);
          i = end === -1 ? n : end + (html.charCodeAt(end + 2) === 0x3e ? 3 : 4);
        }
      } else {
        // Doctype, CDATA outside foreign content, bogus comments: up to the next '>'.
        const gt = html.indexOf('>', i);
        i = gt === -1 ? n : gt + 1;
      }
    } else if (c === 0x3f) {
      const gt = html.indexOf('>', i);
      i = gt === -1 ? n : gt + 1;
    }
    // Any other character after '<' is text.
  }
  return { refs, anchors, base };
}

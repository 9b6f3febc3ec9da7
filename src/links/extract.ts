/**
 * One streaming pass over a page that yields every URL reference, every anchor and the <base href>.
 *
 * The page is tokenized by htmlparser2's Tokenizer, the streaming layer under its Parser. We use
 * the Tokenizer directly because it reports source offsets (tag names, attribute names, attribute
 * values) rather than strings: we only slice the few attributes that matter, so a page costs no
 * allocation per tag or attribute, and each URL gets its exact line and column. The Tokenizer
 * does not decode character references: with decoding on it steps through every character of
 * text one state at a time, with it off it skips text to the next '<' (a third less time per
 * page). The few attribute values we keep are decoded instead, by the same library and rules
 * (entities' decodeHTMLAttribute, what the Tokenizer itself would use).
 * test/links/extract.test.ts checks the result against cheerio (parse5, with source locations).
 *
 * Deliberate choices:
 * - <noscript> content is read as markup, so its links are checked (a browser with scripting on,
 *   and parse5 by default, would see it as text); htmlparser2 does the same;
 * - script, style, textarea, title and xmp content and comments are text to the Tokenizer, so a
 *   URL in a string or in commented-out markup is not a reference; tags inside iframe, noembed
 *   and noframes (raw text for a browser, markup for htmlparser2) are ignored up to their end tag,
 *   and everything after <plaintext>.
 */
import { decodeHTMLAttribute } from "entities";
import { QuoteType, Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import type { LinkScan, PlacedRefs, RefKind } from "./types.ts";
import { parseMetaRefresh, parseSrcset } from "./url-attributes.ts";

/**
 * Tags we act on; any other tag only contributes its id. Codes index TAG_WORDS. A const enum on
 * purpose: it stays in this file (so isolatedModules is no issue) and its codes are inlined.
 */
// biome-ignore lint/suspicious/noConstEnum: file-local and inlined in the hot path, see above
const enum Tag {
  Other = -1,
  A,
  Area,
  Link,
  Img,
  Source,
  Script,
  Iframe,
  Video,
  Audio,
  Track,
  Meta,
  Form,
  Base,
  // Content ignored up to the end tag (plaintext: to the end of the page).
  Noembed,
  Noframes,
  Plaintext,
}
const TAG_WORDS = [
  "a",
  "area",
  "link",
  "img",
  "source",
  "script",
  "iframe",
  "video",
  "audio",
  "track",
  "meta",
  "form",
  "base",
  "noembed",
  "noframes",
  "plaintext",
];

/** The only attributes we read. Codes index ATTR_WORDS and the per-tag slots. A const enum, like Tag. */
// biome-ignore lint/suspicious/noConstEnum: file-local and inlined in the hot path, see Tag
const enum Attr {
  None = -1,
  Id,
  Href,
  Src,
  Srcset,
  Name,
  Rel,
  Poster,
  Action,
  Content,
  HttpEquiv,
}
const ATTR_WORDS = ["id", "href", "src", "srcset", "name", "rel", "poster", "action", "content", "http-equiv"];
const ATTR_COUNT = ATTR_WORDS.length;

/**
 * Finds a name in a word list by comparing source characters case-insensitively in place, so
 * recognising the thousands of tag and attribute names of a site allocates no string. This is a
 * lookup of names the Tokenizer has already delimited, not tokenizing.
 */
function nameTable(words: readonly string[]): (text: string, start: number, end: number) => number {
  const byLength: number[][] = [];
  words.forEach((w, code) => (byLength[w.length] ??= []).push(code));
  return (text, start, end) => {
    const codes = byLength[end - start];
    if (codes === undefined) return -1;
    outer: for (const code of codes) {
      const w = words[code]!;
      for (let i = 0; i < w.length; i++) {
        const c = text.charCodeAt(start + i);
        // ASCII upper case folds to lower; the words hold only a-z and '-'.
        if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== w.charCodeAt(i)) continue outer;
      }
      return code;
    }
    return -1;
  };
}
const matchTag = nameTable(TAG_WORDS);
const matchAttr = nameTable(ATTR_WORDS);

/** link[rel] keywords that load something into the page rather than point at another page. */
const ASSET_RELS = new Set([
  "stylesheet",
  "icon",
  "shortcut",
  "apple-touch-icon",
  "mask-icon",
  "preload",
  "modulepreload",
  "prefetch",
  "manifest",
]);

const isAsciiSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

function hasAssetRel(rel: string): boolean {
  const n = rel.length;
  let i = 0;
  while (i < n) {
    while (i < n && isAsciiSpace(rel.charCodeAt(i))) i++;
    const start = i;
    while (i < n && !isAsciiSpace(rel.charCodeAt(i))) i++;
    if (i > start && ASSET_RELS.has(rel.slice(start, i).toLowerCase())) return true;
  }
  return false;
}

/**
 * A copy of a string cut from the page that does not keep the page alive. V8 represents a slice
 * of 13 or more characters as a view on its parent, so one href kept per page would retain the
 * whole page text (≈30 MB for 4,000 pages). Concatenation then slicing makes a flat copy.
 */
// biome-ignore lint/style/useTemplate: kept as the concatenation the comment above relies on
const detach = (s: string): string => (s.length < 13 ? s : (" " + s).slice(1));

/** Offsets of the start of every line, reused from page to page; grows as needed. */
let lineStarts = new Int32Array(4096);
let lineCount = 0;

function indexLines(html: string): void {
  lineCount = 0;
  let start = 0;
  for (;;) {
    if (lineCount === lineStarts.length) {
      const grown = new Int32Array(lineStarts.length * 2);
      grown.set(lineStarts);
      lineStarts = grown;
    }
    lineStarts[lineCount++] = start;
    const nl = html.indexOf("\n", start);
    if (nl === -1) return;
    start = nl + 1;
  }
}

/** 0-based index of the line holding `offset` (binary search in the line-start table). */
function lineIndexOf(offset: number): number {
  let lo = 0;
  let hi = lineCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Tokenizer callbacks that collect one page's scan. One instance serves every page of a thread;
 * the Tokenizer itself is made per page, because `Tokenizer.reset()` does not clear all of its
 * state (a page ending inside an unclosed <script> breaks the next one).
 */
class PageCollector implements TokenizerCallbacks {
  private html = "";
  private out: LinkScan = { refs: [], anchors: [], base: null };
  /** Where `html` starts in the page (1-based line and column), for a part of one scanned alone. */
  private atLine = 1;
  private atCol = 1;

  /** The current start tag (Tag.Other when it is not one we act on). */
  private tag: Tag = Tag.Other;
  /** A tag whose content we ignore up to its end tag (Tag.Other: none). */
  private skipUntil: Tag = Tag.Other;
  /** The attribute being read (Attr.None when we ignore it) and where its name ends. */
  private attr: Attr = Attr.None;
  private attrNameStart = 0;
  private attrNameEnd = 0;
  private value = "";
  /** Attributes of the current tag, by code: bit set in `seen`, value, source offset of the value. */
  private seen = 0;
  private readonly values: string[] = new Array<string>(ATTR_COUNT).fill("");
  private readonly starts = new Int32Array(ATTR_COUNT);
  /** Bit set when the value had character references, so offsets inside it do not map to the source. */
  private decoded = 0;

  /**
   * Adds to `out` the references, anchors and base of `html`, which starts at `line`, `col` of the
   * page. `reader`, when given, is handed the same events (the search index reads the page in this
   * pass: engine/render-pages.ts).
   */
  scan(
    html: string,
    out: LinkScan = { refs: [], anchors: [], base: null },
    line = 1,
    col = 1,
    reader?: TokenReader,
  ): LinkScan {
    this.html = html;
    this.out = out;
    this.atLine = line;
    this.atCol = col;
    this.tag = Tag.Other;
    this.skipUntil = Tag.Other;
    this.attr = Attr.None;
    this.seen = 0;
    indexLines(html);
    reader?.begin(html);
    const tokenizer = new Tokenizer({ decodeEntities: false }, reader ? tee(this, reader) : this);
    tokenizer.write(html);
    tokenizer.end();
    this.html = "";
    return out;
  }

  onopentagname(start: number, end: number): void {
    this.seen = 0;
    this.decoded = 0;
    this.attr = Attr.None;
    if (this.skipUntil !== Tag.Other) {
      // A tag inside skipped content: its attributes are not read at all.
      this.tag = Tag.Other;
      this.seen = -1;
      return;
    }
    this.tag = matchTag(this.html, start, end);
  }

  onattribname(start: number, end: number): void {
    // seen === -1: a tag inside skipped content.
    if (this.seen === -1) return;
    let attr: Attr = matchAttr(this.html, start, end);
    // Other tags only contribute their id; the first of duplicate attributes wins, as in HTML.
    if ((attr !== Attr.Id && this.tag === Tag.Other) || (attr !== Attr.None && this.seen & (1 << attr)))
      attr = Attr.None;
    this.attr = attr;
    if (attr === Attr.None) return;
    this.attrNameStart = start;
    this.attrNameEnd = end;
    this.value = "";
  }

  onattribdata(start: number, end: number): void {
    if (this.attr !== Attr.None) this.value += this.html.slice(start, end);
  }

  // Never called: the Tokenizer does not decode (see the top of this file).
  onattribentity(): void {}

  onattribend(quote: QuoteType): void {
    const attr = this.attr;
    if (attr === Attr.None) return;
    this.attr = Attr.None;
    this.seen |= 1 << attr;
    let value = this.value;
    if (value.includes("&")) {
      const raw = value;
      value = decodeHTMLAttribute(raw);
      if (value !== raw) this.decoded |= 1 << attr;
    }
    this.values[attr] = value;
    this.starts[attr] = quote === QuoteType.NoValue ? this.attrNameStart : this.valueOffset(quote);
  }

  /**
   * Source offset of the value's first character: past the name, the '=', spaces and the opening
   * quote. A string search in the tag the Tokenizer has already delimited, not tokenizing.
   */
  private valueOffset(quote: QuoteType): number {
    const html = this.html;
    let p = html.indexOf("=", this.attrNameEnd) + 1;
    while (isAsciiSpace(html.charCodeAt(p))) p++;
    return quote === QuoteType.Unquoted ? p : p + 1;
  }

  onopentagend(): void {
    this.finishTag();
  }

  onselfclosingtag(): void {
    // HTML ignores the "/" of "<iframe/>": its content is still raw text.
    this.finishTag();
  }

  onclosetag(start: number, end: number): void {
    const skip = this.skipUntil;
    if (skip !== Tag.Other && skip !== Tag.Plaintext && matchTag(this.html, start, end) === skip)
      this.skipUntil = Tag.Other;
  }

  private get(attr: Attr): string | undefined {
    return this.seen & (1 << attr) ? this.values[attr] : undefined;
  }

  private emit(attr: Attr, url: string, offsetInValue: number, kind: RefKind): void {
    // The URL parser strips surrounding ASCII whitespace; point at the first real character.
    const href = url.trim();
    if (!href) return;
    // trimStart returns the string itself when there is nothing to strip: no allocation then.
    const lead = url.length - url.trimStart().length;
    const offset = this.starts[attr]! + (this.decoded & (1 << attr) ? 0 : offsetInValue + lead);
    const line = lineIndexOf(offset);
    const col = offset - lineStarts[line]! + (line === 0 ? this.atCol : 1);
    this.out.refs.push({ href: detach(href), line: line + this.atLine, col, kind });
  }

  private finishTag(): void {
    const seen = this.seen;
    const tag = this.tag;
    if (seen === -1) return;
    if (tag === Tag.Iframe || tag === Tag.Noembed || tag === Tag.Noframes || tag === Tag.Plaintext)
      this.skipUntil = tag;
    if (seen === 0) return;
    const id = this.get(Attr.Id);
    if (id) this.out.anchors.push(detach(id));
    let v: string | undefined;
    switch (tag) {
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: an <a> adds its name, then reads href as <area> does
      case Tag.A:
        if ((v = this.get(Attr.Name))) this.out.anchors.push(detach(v));
      // falls through
      case Tag.Area:
        if ((v = this.get(Attr.Href)) !== undefined) this.emit(Attr.Href, v, 0, "page");
        break;
      case Tag.Link:
        if ((v = this.get(Attr.Href)) !== undefined)
          this.emit(Attr.Href, v, 0, hasAssetRel(this.get(Attr.Rel) ?? "") ? "asset" : "page");
        break;
      case Tag.Img:
      case Tag.Source:
        if ((v = this.get(Attr.Src)) !== undefined) this.emit(Attr.Src, v, 0, "asset");
        if ((v = this.get(Attr.Srcset)) !== undefined)
          for (const c of parseSrcset(v)) this.emit(Attr.Srcset, c.url, c.offset, "asset");
        break;
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: a <video> adds its poster, then reads src
      case Tag.Video:
        if ((v = this.get(Attr.Poster)) !== undefined) this.emit(Attr.Poster, v, 0, "asset");
      // falls through
      case Tag.Script:
      case Tag.Audio:
      case Tag.Track:
        if ((v = this.get(Attr.Src)) !== undefined) this.emit(Attr.Src, v, 0, "asset");
        break;
      case Tag.Iframe:
        if ((v = this.get(Attr.Src)) !== undefined) this.emit(Attr.Src, v, 0, "page");
        break;
      case Tag.Form:
        if ((v = this.get(Attr.Action)) !== undefined) this.emit(Attr.Action, v, 0, "page");
        break;
      case Tag.Meta:
        if (
          this.get(Attr.HttpEquiv)?.trim().toLowerCase() === "refresh" &&
          (v = this.get(Attr.Content)) !== undefined
        ) {
          const target = parseMetaRefresh(v);
          if (target) this.emit(Attr.Content, target.url, target.offset, "page");
        }
        break;
      case Tag.Base:
        // Only the first <base> with an href counts (HTML "frozen base URL").
        if (this.out.base === null && (v = this.get(Attr.Href)) !== undefined) this.out.base = detach(v.trim());
        break;
    }
  }

  // Text, comments and the rest carry no references.
  ontext(): void {}
  ontextentity(): void {}
  oncomment(): void {}
  oncdata(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

const collector = new PageCollector();

/** Another reader of a page's tokens: given the text they are offsets into, then the events. */
export interface TokenReader extends TokenizerCallbacks {
  begin(html: string): void;
}

/** Events for two readers of one pass (written out: this is the tokenizer's hot path). */
function tee(a: TokenizerCallbacks, b: TokenizerCallbacks): TokenizerCallbacks {
  return {
    onattribdata(s, e) {
      a.onattribdata(s, e);
      b.onattribdata(s, e);
    },
    onattribentity(c) {
      a.onattribentity(c);
      b.onattribentity(c);
    },
    onattribend(q, e) {
      a.onattribend(q, e);
      b.onattribend(q, e);
    },
    onattribname(s, e) {
      a.onattribname(s, e);
      b.onattribname(s, e);
    },
    oncdata(s, e, o) {
      a.oncdata(s, e, o);
      b.oncdata(s, e, o);
    },
    onclosetag(s, e) {
      a.onclosetag(s, e);
      b.onclosetag(s, e);
    },
    oncomment(s, e, o) {
      a.oncomment(s, e, o);
      b.oncomment(s, e, o);
    },
    ondeclaration(s, e) {
      a.ondeclaration(s, e);
      b.ondeclaration(s, e);
    },
    onend() {
      a.onend();
      b.onend();
    },
    onopentagend(e) {
      a.onopentagend(e);
      b.onopentagend(e);
    },
    onopentagname(s, e) {
      a.onopentagname(s, e);
      b.onopentagname(s, e);
    },
    onprocessinginstruction(s, e) {
      a.onprocessinginstruction(s, e);
      b.onprocessinginstruction(s, e);
    },
    onselfclosingtag(e) {
      a.onselfclosingtag(e);
      b.onselfclosingtag(e);
    },
    ontext(s, e) {
      a.ontext(s, e);
      b.ontext(s, e);
    },
    ontextentity(c, e) {
      a.ontextentity(c, e);
      b.ontextentity(c, e);
    },
  };
}

export function scanPage(html: string, reader?: TokenReader): LinkScan {
  return collector.scan(html, undefined, 1, 1, reader);
}

/** A part of a page that recurs on other pages, and where it starts in this one. */
export interface SharedPart {
  at: number;
  html: string;
}

/**
 * The scan of a page some of whose parts (a layout's header and footer, at tag boundaries) recur
 * on many pages: each such part is tokenized once, and its references are one list that every
 * page's scan names with where the part sits (`shared`), not copied into each; only the rest of
 * the page is tokenized. `flatScan` of the result is scanPage(html). `cache` holds the parts'
 * scans, by their text, from page to page.
 */
export function scanPageWithShared(
  html: string,
  shared: readonly SharedPart[],
  cache: Map<string, LinkScan>,
  reader?: TokenReader,
): LinkScan {
  const placed: PlacedRefs[] = [];
  const out: LinkScan = { refs: [], anchors: [], base: null, shared: placed };
  // Line number and line start at `counted`: newlines are counted once, left to right.
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  const moveTo = (at: number): void => {
    for (let nl = html.indexOf("\n", counted); nl !== -1 && nl < at; nl = html.indexOf("\n", nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    counted = at;
  };
  const own = (from: number, to: number): void => {
    moveTo(from);
    collector.scan(html.slice(from, to), out, line, from - lineStart + 1, reader);
  };
  let pos = 0;
  for (const part of shared) {
    if (part.at > pos) own(pos, part.at);
    let scan = cache.get(part.html);
    if (!scan) cache.set(part.html, (scan = collector.scan(part.html)));
    moveTo(part.at);
    if (scan.refs.length) placed.push({ refs: scan.refs, line, col: part.at - lineStart + 1 });
    for (const anchor of scan.anchors) out.anchors.push(anchor);
    out.base ??= scan.base;
    pos = part.at + part.html.length;
  }
  if (pos < html.length) own(pos, html.length);
  return out;
}

/**
 * Scans a build's pages as they render, reusing the scans of the parts they share; `reader` is
 * given the events of the page's own parts (the shared parts, a header and a footer, hold nothing
 * the search index reads).
 */
export function pageScanner(): (html: string, shared?: readonly SharedPart[], reader?: TokenReader) => LinkScan {
  const cache = new Map<string, LinkScan>();
  return (html, shared, reader) =>
    shared?.length ? scanPageWithShared(html, shared, cache, reader) : scanPage(html, reader);
}

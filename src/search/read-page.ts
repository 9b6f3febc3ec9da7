/**
 * What the search index reads of a page, read as Pagefind reads it (`fossick/parser.rs` in its
 * source, with the rules Pagefind 1.6.0's binary was seen to follow): the text of the root element
 * (<main>) and every element in it, less the parts left out; each element's text carried up to its
 * parent, blocks ended with a full stop, headings and `data-pagefind-weight` marked with their
 * weight, every id marked where it stands; `data-pagefind-meta`, `-filter` and `-default-meta`;
 * the first <h1> as the title and the first image after it.
 *
 * It takes the events of htmlparser2's Tokenizer over the page (source offsets, character
 * references left as written), so the link scan and the search index share one pass over each
 * page (links/extract.ts tees the events). Attribute values are kept as written too, as Pagefind's
 * HTML reader gives them; each is decoded where Pagefind decodes it.
 */
import { decodeHTMLAttribute } from "entities";
import { type QuoteType, Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { normalizeContent } from "./words.ts";

/** How an element's text counts. */
enum Status {
  Indexing,
  /** Its text is not indexed; its meta and filters are still read. */
  Ignored,
  /** Nothing of it is read. */
  Excluded,
  Body,
  ParentOfBody,
}

/** Blocks: their text ends with a full stop unless it ends with punctuation already. */
const SENTENCES = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p", "td", "div", "ul", "li", "article", "section"]);
/** Inline elements: an id on a parent names their text too. */
const INLINE = new Set(
  (
    "a abbr acronym b bdo big br button cite code dfn em i img input kbd label map object output q samp script " +
    "select small span strong sub sup textarea time tt var"
  ).split(" "),
);
/** Elements never indexed, wherever they are. */
const REMOVED = ["head", "style", "script", "noscript", "label", "form", "svg", "footer", "nav", "iframe", "template"];
const VOID = new Set("area base br col embed hr img input keygen link meta param source track wbr".split(" "));
const HEADING_WEIGHTS: Record<string, string> = { h1: "7", h2: "6", h3: "5", h4: "4", h5: "3", h6: "2" };
/** A character a block's text may end with and still take a full stop. */
const SENTENCE_END = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}'")$*]$/u;
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
const ATTRIBUTE_FROM = /^\s*(?<name>[^:[\]]+)\[(?<attribute>.+)\]\s*$/u;

interface Node {
  tag: string;
  value: string;
  parent: Node | undefined;
  status: Status;
  weight?: string;
  filter?: string[];
  meta?: string[];
  defaultMeta?: string[];
  anchorIds?: string[];
}

/** What a page gives the index before its words are counted. */
export interface ReadPage {
  /** The indexed text, with Pagefind's markers of weight and anchors in it. */
  digest: string;
  filters: Map<string, string[]>;
  meta: Map<string, string>;
  anchorContent: Map<string, string>;
  anchorTitles: Map<string, string>;
}

/** Which elements are the root and which are left out: a tag name or a single class each. */
export interface ReadOptions {
  root: string;
  exclude: readonly string[];
}

/** A selector of ReadOptions.exclude: a tag or a class. */
type Simple = { tag: string } | { className: string };

function parseSimple(selector: string): Simple {
  if (/^\.[\w-]+$/.test(selector)) return { className: selector.slice(1) };
  if (/^[a-z][a-z0-9-]*$/.test(selector)) return { tag: selector };
  throw new Error(`search index: "${selector}" is not a tag or a single class`);
}

/**
 * Reads pages' events (TokenizerCallbacks over `html`, set with `begin`) and gives, with `end`,
 * what the index takes of the page. One reader serves every page of a thread.
 */
export class PageReader implements TokenizerCallbacks {
  private html = "";
  private readonly exclude: Simple[];
  private root!: Node;
  private current!: Node;
  /** Elements open inside the root, innermost last; empty outside it. */
  private readonly open: Node[] = [];
  private foreign = 0;
  private anchors = 0;
  private filters = new Map<string, string[]>();
  private meta = new Map<string, string>();
  private defaultMeta = new Map<string, string>();
  private anchorContent = new Map<string, string>();
  private anchorTitles = new Map<string, string>();

  // The tag being read.
  private tag = "";
  private attributes: [name: string, value: string][] = [];
  private attrName = "";
  private attrValue = "";

  constructor(private readonly options: ReadOptions) {
    this.exclude = [...options.exclude, ...REMOVED].map(parseSimple);
    this.reset();
  }

  private reset(): void {
    this.root = { tag: "", value: "", parent: undefined, status: Status.Indexing };
    this.current = this.root;
    this.open.length = 0;
    this.foreign = 0;
    this.anchors = 0;
    this.filters = new Map();
    this.meta = new Map();
    this.defaultMeta = new Map();
    this.anchorContent = new Map();
    this.anchorTitles = new Map();
  }

  /** Reads a whole page (or its root element alone) in a pass of its own. */
  read(html: string): ReadPage {
    this.begin(html);
    const tokenizer = new Tokenizer({ decodeEntities: false }, this);
    tokenizer.write(html);
    tokenizer.end();
    return this.end();
  }

  /** The events that follow are offsets into `html` (a page, or a part of one). */
  begin(html: string): void {
    this.html = html;
  }

  /** What the page gave; the reader is ready for the next page. */
  end(): ReadPage {
    // Elements left open are closed into their parents, as Pagefind's reader does at the end.
    for (let node: Node | undefined = this.current; node?.parent; node = node.parent) {
      const parent = node.parent;
      if (parent.status === Status.ParentOfBody) continue;
      if (node.status === Status.Indexing) parent.value += node.value;
      else if (node.status === Status.Body || node.status === Status.ParentOfBody) {
        parent.value = node.value;
        parent.status = Status.ParentOfBody;
      }
    }
    const meta = this.meta;
    const image = take(meta, "auto_image");
    const alt = take(meta, "auto_image_alt") ?? "";
    if (image !== undefined && !meta.has("image")) {
      meta.set("image", image);
      meta.set("image_alt", alt);
    }
    for (const key of ["auto_title", "auto_page_title"]) {
      const title = take(meta, key);
      if (title !== undefined && !meta.has("title")) meta.set("title", title);
    }
    const merged = new Map(this.defaultMeta);
    for (const [key, value] of meta) merged.set(key, value);
    const page: ReadPage = {
      digest: normalizeContent(this.root.value),
      filters: this.filters,
      meta: merged,
      anchorContent: this.anchorContent,
      anchorTitles: this.anchorTitles,
    };
    this.reset();
    this.html = "";
    return page;
  }

  onopentagname(start: number, end: number): void {
    this.tag = this.html.slice(start, end).toLowerCase();
    this.attributes = [];
  }

  onattribname(start: number, end: number): void {
    this.attrName = this.html.slice(start, end).toLowerCase();
    this.attrValue = "";
  }

  onattribdata(start: number, end: number): void {
    this.attrValue += this.html.slice(start, end);
  }

  onattribend(_quote: QuoteType): void {
    // The first of duplicate attributes wins, as in HTML.
    if (!this.attributes.some(([name]) => name === this.attrName))
      this.attributes.push([this.attrName, this.attrValue]);
  }

  onopentagend(): void {
    this.openTag(false);
  }

  onselfclosingtag(): void {
    this.openTag(true);
  }

  onclosetag(start: number, end: number): void {
    const tag = this.html.slice(start, end).toLowerCase();
    let at = this.open.length - 1;
    while (at >= 0 && this.open[at]?.tag !== tag) at--;
    if (at === -1) return;
    // Elements left open inside it end with it.
    while (this.open.length > at) this.closeElement(this.open[this.open.length - 1]?.tag ?? tag);
  }

  ontext(start: number, end: number): void {
    if (this.open.length === 0) return;
    const text = this.html.slice(start, end);
    const node = this.current;
    node.value += text;
    if (node.status === Status.Ignored || node.status === Status.Excluded || !node.anchorIds) return;
    for (const id of node.anchorIds) this.anchorContent.set(id, (this.anchorContent.get(id) ?? "") + text);
  }

  // Never called: the Tokenizer does not decode; comments and the rest carry no text.
  onattribentity(): void {}
  ontextentity(): void {}
  oncomment(): void {}
  oncdata(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}

  private attribute(name: string): string | undefined {
    return this.attributes.find(([n]) => n === name)?.[1];
  }

  private openTag(selfClosing: boolean): void {
    const tag = this.tag;
    if (this.open.length === 0 && tag !== this.options.root) return;
    const isForeign = tag === "svg" || tag === "math";
    // In SVG and MathML "/>" ends an element; in HTML only void elements have no content.
    const empty = VOID.has(tag) || (selfClosing && (this.foreign > 0 || isForeign));
    const node = this.startElement(tag);
    this.open.push(node);
    if (isForeign && !empty) this.foreign++;
    if (empty) this.endEmptyElement(node, tag);
  }

  /** The element's node, now the current one (Pagefind's handler for the root and everything in it). */
  private startElement(tag: string): Node {
    const ignore = this.attribute("data-pagefind-ignore");
    const explicit =
      ignore === undefined
        ? undefined
        : ["", "index", "true"].includes(ignore.toLowerCase())
          ? Status.Ignored
          : Status.Excluded;
    const body = this.attribute("data-pagefind-body") !== undefined;
    const status = body ? Status.Body : (explicit ?? Status.Indexing);
    const id = this.attribute("id")?.replace(WHITE_SPACE, "");
    const parent = this.current;
    let anchorId: string | undefined;
    if (status !== Status.Excluded && status !== Status.Ignored && id !== undefined) {
      if (!(parent.status === Status.ParentOfBody && status !== Status.Body)) {
        parent.value += ` ___PAGEFIND_ANCHOR___${tag}:${this.anchors}:${id} `;
        anchorId = `${this.anchors}:${id}`;
        this.anchors++;
      }
    }
    const title = this.attribute("data-pagefind-title");
    if (anchorId !== undefined && title !== undefined) {
      const normalized = normalizeContent(title);
      if (normalized) this.anchorTitles.set(anchorId, normalized);
    }
    if (status !== Status.Excluded) {
      const indexAttrs = this.attribute("data-pagefind-index-attrs");
      if (indexAttrs !== undefined)
        for (const name of indexAttrs.split(",").map((a) => a.trim())) {
          let value = this.attribute(name) ?? "";
          if (SENTENCE_END.test(value)) value += ".";
          parent.value += ` ${value} `;
        }
      if (tag === "br") parent.value += " ";
    }
    let anchorIds = parent.anchorIds && INLINE.has(tag) ? [...parent.anchorIds] : undefined;
    if (anchorId !== undefined) (anchorIds ??= []).push(anchorId);
    const specs = (name: string) => {
      const value = this.attribute(name);
      return value === undefined ? undefined : parseAttrString(value, (n) => this.attribute(n));
    };
    const node: Node = {
      tag,
      value: "",
      parent,
      status: parent.status === Status.Excluded ? Status.Excluded : status,
      ...(this.attribute("data-pagefind-weight") !== undefined && { weight: this.attribute("data-pagefind-weight") }),
    };
    const filter = specs("data-pagefind-filter");
    const meta = specs("data-pagefind-meta");
    const defaultMeta = specs("data-pagefind-default-meta");
    if (filter) node.filter = filter;
    if (meta) node.meta = meta;
    if (defaultMeta) node.defaultMeta = defaultMeta;
    if (anchorIds) node.anchorIds = anchorIds;
    this.current = node;
    // The parts left out: inside the root, an element of the excluded tags or classes.
    if (this.open.length > 0 && this.excluded(tag)) node.status = Status.Ignored;
    return node;
  }

  private excluded(tag: string): boolean {
    const classes = this.attribute("class")?.split(/[\t\n\f\r ]+/) ?? [];
    return this.exclude.some((s) => ("tag" in s ? s.tag === tag : classes.includes(s.className)));
  }

  /** Meta and filters an element gives, at its end; false when nothing of it is read. */
  private readMetaAndFilters(node: Node): boolean {
    if (node.status === Status.Excluded) return false;
    for (const spec of node.filter ?? []) {
      const pair = attributePair(node, spec);
      if (!pair) continue;
      const values = this.filters.get(pair[0]) ?? [];
      values.push(normalizeContent(pair[1]));
      this.filters.set(pair[0], values);
    }
    for (const spec of node.meta ?? []) {
      const pair = attributePair(node, spec);
      if (pair) this.meta.set(pair[0], pair[1]);
    }
    for (const spec of node.defaultMeta ?? []) {
      const pair = attributePair(node, spec);
      if (pair) this.defaultMeta.set(pair[0], pair[1]);
    }
    return true;
  }

  /** An element with no content (<img>, <br>): it ends where it starts. */
  private endEmptyElement(node: Node, tag: string): void {
    this.open.pop();
    this.current = node.parent ?? this.root;
    if (!this.readMetaAndFilters(node)) return;
    // The first image after the title is the result's picture.
    if (tag === "img" && !this.meta.has("auto_image") && (this.meta.has("auto_title") || this.meta.has("title"))) {
      const src = this.attribute("src");
      if (src !== undefined) {
        this.meta.set("auto_image", decodeHTMLAttribute(src));
        const alt = this.attribute("alt");
        if (alt !== undefined) this.meta.set("auto_image_alt", decodeHTMLAttribute(alt));
      }
    }
  }

  private closeElement(tag: string): void {
    const node = this.open.pop();
    if (!node) return;
    if (node.tag === "svg" || node.tag === "math") this.foreign--;
    const parent = node.parent ?? this.root;
    this.current = parent;
    if (!this.readMetaAndFilters(node)) return;
    if (tag === "h1" && !this.meta.has("auto_title") && node.value.trim() !== "")
      this.meta.set("auto_title", normalizeContent(node.value));
    if (tag === "title" && !this.meta.has("auto_page_title"))
      this.meta.set("auto_page_title", normalizeContent(node.value));
    if (node.status === Status.Ignored) return;
    if (SENTENCES.has(tag)) {
      node.value = ` ${node.value}`;
      if (SENTENCE_END.test(node.value)) node.value += ".";
      node.value += " ";
    }
    const weight = node.weight;
    if (weight !== undefined) node.value = ` ___PAGEFIND_WEIGHT___${weight} ${node.value} ___END_PAGEFIND_WEIGHT___ `;
    else {
      const auto = HEADING_WEIGHTS[tag];
      if (auto !== undefined)
        node.value = ` ___PAGEFIND_AUTO_WEIGHT___${auto} ${node.value} ___END_PAGEFIND_WEIGHT___ `;
    }
    const bodies = node.status === Status.Body || node.status === Status.ParentOfBody;
    if (parent.status === Status.ParentOfBody && !bodies) return;
    if (node.status === Status.Indexing) parent.value += node.value;
    else if (bodies) {
      if (parent.status !== Status.ParentOfBody) parent.value = "";
      parent.value += node.value;
      parent.status = Status.ParentOfBody;
    }
  }
}

function take(map: Map<string, string>, key: string): string | undefined {
  const value = map.get(key);
  map.delete(key);
  return value;
}

/**
 * A `data-pagefind-meta` (or filter) value's specs: "key", "key:literal", "key[attribute]", comma
 * separated; everything after the first colon is one literal.
 */
function parseAttrString(input: string, attribute: (name: string) => string | undefined): string[] {
  const colon = input.indexOf(":");
  if (colon !== -1) {
    const specs = parseAttrString(input.slice(0, colon), attribute);
    const last = specs.length - 1;
    if (last >= 0) specs[last] += `:${input.slice(colon + 1)}`;
    return specs;
  }
  return input.split(",").map((chunk) => {
    const spec = chunk.trim();
    const match = ATTRIBUTE_FROM.exec(spec);
    const { name, attribute: from } = match?.groups ?? {};
    return name !== undefined && from !== undefined ? `${name}:${attribute(from) ?? ""}` : spec;
  });
}

/** A spec's key and value: the literal after its colon, or the element's own text. */
function attributePair(node: Node, spec: string): [string, string] | undefined {
  const colon = spec.indexOf(":");
  if (colon !== -1) return [spec.slice(0, colon), normalizeContent(spec.slice(colon + 1))];
  return node.value === "" ? undefined : [spec, normalizeContent(node.value)];
}

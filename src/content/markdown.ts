import MarkdownIt from "markdown-it";
import { expected } from "../core/invariant.ts";
import { directiveHtml, parseDirectiveLine } from "./directives.ts";
import { factValueTokens, type MisplacedMarker } from "./fact-values.ts";

type Token = ReturnType<MarkdownIt["parse"]>[number];
type BlockRule = Parameters<MarkdownIt["block"]["ruler"]["before"]>[2];
type StateBlock = Parameters<BlockRule>[0];

export interface Heading {
  level: number;
  id?: string;
  text: string;
  /** 1-based line within the Markdown body. */
  line: number;
}

export interface Reference {
  href: string;
  /** 1-based line within the Markdown body. */
  line: number;
  kind: "link" | "image";
}

export interface RenderedMarkdown {
  /** The HTML, each image a mark to be replaced by placeImages(). */
  html: string;
  headings: Heading[];
  references: Reference[];
  /** Each image's src and alt text, by the number in its mark. */
  images: [src: string, alt: string][];
  /** Raw HTML written in the Markdown, with its 1-based line in the body: checked by raw-html.ts. */
  rawHtml: [html: string, line: number][];
  /** The first body line (1-based) the parser dropped for nesting past its limit, if any. */
  tooDeep?: number;
  /** Fact markers where they are not expanded (a heading, alt text, code): reported by the render stage. */
  misplacedMarkers?: MisplacedMarker[];
}

/** A directive line (directives.ts) is a block of its own, never part of a paragraph. */
function directiveRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  // markdown-it asks a block rule only about a line it has marks for.
  const [begin, shift, end] = [state.bMarks[startLine], state.tShift[startLine], state.eMarks[startLine]];
  if (begin === undefined || shift === undefined) return false;
  const directive = parseDirectiveLine(state.src.slice(begin + shift, end).trim());
  if (!directive) return false;
  if (silent) return true;
  const token = state.push("ppg_directive", "", 0);
  token.info = directive.name;
  token.content = directive.arg;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

const HEADING_ID = /\s*\{#([^\s{}]+)\}\s*$/;

/**
 * `## Mangú {#Mangú}` gives the heading that exact id (Pandoc's and kramdown's header
 * identifier syntax). markdown-it-attrs did this, but it scans every inline token of every page
 * for attribute blocks and was 45% of all Markdown time; headings are the only place we use it.
 */
function headingIds(state: { tokens: Token[] }): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length - 1; i++) {
    const [open, inline] = [tokens[i], tokens[i + 1]];
    if (open?.type !== "heading_open" || !inline) continue;
    const match = HEADING_ID.exec(inline.content);
    if (!match) continue;
    open.attrSet("id", match[1] ?? "");
    inline.content = inline.content.slice(0, match.index);
    const last = inline.children?.[inline.children.length - 1];
    if (last?.type === "text") last.content = last.content.replace(HEADING_ID, "");
  }
}

/**
 * markdown-it stops reading blocks nested past `maxNesting` (100) and drops the rest of the
 * container without a word (once: a list 50 deep lost items 40 to 49). Its block tokenizer is
 * entered once per container: entered at the limit with text still to read, it would drop that
 * text, and the line is kept in the env for a located error instead.
 */
function noteDroppedNesting(md: MarkdownIt): void {
  const tokenize = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state: StateBlock, startLine: number, endLine: number) => {
    if (state.level >= ((md.options as { maxNesting?: number }).maxNesting ?? 100)) {
      const line = state.skipEmptyLines(startLine);
      const env = state.env as RenderEnv;
      const indent = state.sCount[line];
      if (line < endLine && indent !== undefined && indent >= state.blkIndent)
        env.tooDeep = Math.min(env.tooDeep ?? Infinity, line + 1);
    }
    tokenize(state, startLine, endLine);
  };
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: true, typographer: true, linkify: false });
  noteDroppedNesting(md);
  md.core.ruler.push("ppg_heading_ids", headingIds);
  // `{{fact:ID}}`: a fact's value, inserted by the render stage (content/fact-values.ts).
  factValueTokens(md);
  md.block.ruler.before("paragraph", "ppg_directive", directiveRule);
  md.renderer.rules.ppg_directive = (tokens, idx) => {
    const token = expected(tokens[idx], "the directive token markdown-it renders");
    return directiveHtml({ name: token.info, arg: token.content }, idx === 0);
  };
  // A paragraph holding only a titled image is a figure; the title is its caption.
  md.core.ruler.push("ppg_figures", (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length - 2; i++) {
      const [open, inline, close] = [tokens[i], tokens[i + 1], tokens[i + 2]];
      if (open?.type !== "paragraph_open" || inline?.type !== "inline" || close?.type !== "paragraph_close") continue;
      const children = inline.children ?? [];
      const [only] = children;
      if (children.length !== 1 || only?.type !== "image" || !only.attrGet("title")) continue;
      open.type = "ppg_figure_open";
      close.type = "ppg_figure_close";
      open.tag = close.tag = "figure";
    }
  });
  md.renderer.rules.ppg_figure_open = () => "<figure>";
  md.renderer.rules.ppg_figure_close = (tokens, idx) => {
    const image = tokens[idx - 1]?.children?.[0];
    return `<figcaption>${md.utils.escapeHtml(image?.attrGet("title") ?? "")}</figcaption></figure>\n`;
  };
  md.renderer.rules.image = (tokens, idx, _options, env: RenderEnv) => {
    const token = expected(tokens[idx], "the image token markdown-it renders");
    const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, env) : token.content;
    return `\0${env.images.push([token.attrGet("src") ?? "", alt]) - 1}\0`;
  };
  return md;
}

interface RenderEnv {
  images: RenderedMarkdown["images"];
  tooDeep?: number;
  misplacedMarkers?: MisplacedMarker[];
}

let renderer: MarkdownIt | undefined;

/**
 * Renders a Markdown body. Images are left as marks for placeImages(), which gives every image
 * of a page its final HTML (sizes, srcset, lazy) through the one image pipeline, as the page that
 * shows the body is rendered (render/markdown-body.ts).
 */
export function renderMarkdown(body: string): RenderedMarkdown {
  renderer ??= createRenderer();
  const env: RenderEnv = { images: [] };
  const tokens = renderer.parse(body, env);
  return {
    html: renderer.renderer.render(tokens, renderer.options, env),
    headings: collectHeadings(tokens),
    references: collectReferences(tokens),
    images: env.images,
    rawHtml: collectRawHtml(tokens),
    ...(env.tooDeep !== undefined && { tooDeep: env.tooDeep }),
    ...(env.misplacedMarkers && { misplacedMarkers: env.misplacedMarkers }),
  };
}

// A NUL cannot come from the Markdown: markdown-it replaces every NUL of its input (CommonMark).
const IMAGE_MARK = /\0(\d+)\0/g;

/** The body's HTML with each image mark replaced by `image(src, alt)`. */
export function placeImages(md: RenderedMarkdown, image: (src: string, alt: string) => string): string {
  return md.images.length === 0
    ? md.html
    : md.html.replace(IMAGE_MARK, (_m, i: string) =>
        image(...expected(md.images[Number(i)], `image ${i} of the rendered Markdown`)),
      );
}

function collectHeadings(tokens: Token[]): Heading[] {
  const headings: Heading[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== "heading_open") return;
    // The heading's words without Markdown marks, for the table of contents.
    const text = (tokens[i + 1]?.children ?? [])
      .map((c) => (c.type === "text" || c.type === "code_inline" ? c.content : ""))
      .join("");
    headings.push({
      level: Number(t.tag.slice(1)),
      id: t.attrGet("id") ?? undefined,
      text: text.trim(),
      line: (t.map?.[0] ?? 0) + 1,
    });
  });
  return headings;
}

function collectReferences(tokens: Token[]): Reference[] {
  const refs: Reference[] = [];
  for (const block of tokens) {
    if (block.type !== "inline" || !block.map) continue;
    const line = block.map[0] + 1;
    for (const child of block.children ?? []) {
      if (child.type === "link_open") refs.push({ href: child.attrGet("href") ?? "", line, kind: "link" });
      if (child.type === "image") refs.push({ href: child.attrGet("src") ?? "", line, kind: "image" });
    }
  }
  return refs;
}

function collectRawHtml(tokens: Token[]): RenderedMarkdown["rawHtml"] {
  const raw: RenderedMarkdown["rawHtml"] = [];
  for (const block of tokens) {
    if (!block.map) continue;
    if (block.type === "html_block") raw.push([block.content, block.map[0] + 1]);
    else if (block.type === "inline") {
      // An inline fragment's own line: the paragraph's first, plus the line breaks before it.
      let line = block.map[0] + 1;
      for (const child of block.children ?? []) {
        if (child.type === "softbreak" || child.type === "hardbreak") line++;
        else if (child.type === "html_inline") raw.push([child.content, line]);
        else if (child.type === "text" || child.type === "code_inline") line += child.content.split("\n").length - 1;
      }
    }
  }
  return raw;
}

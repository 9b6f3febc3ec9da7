import type MarkdownIt from "markdown-it";
import { PpgError } from "../core/errors.ts";
import type { Fact, Manifest } from "../manifest/types.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import type { ListingsFile } from "./listings.ts";
import type { MarkdownFile } from "./front-matter.ts";

/**
 * A figure a visitor acts on (a fee, a fare, opening hours) is written once, as a fact's `value`
 * in site.yaml, and prose inserts it with `{{fact:ID}}`: every page then shows the same figure,
 * with its date and the figures it replaced. Once a headline "$2" stood above the page's own
 * dated note that a visitor had paid RD$400, because each was typed where it was read.
 *
 * - In Markdown, `{{fact:ID}}` becomes a mark (`<!--ppg-fact:ID-->`) that the render stage
 *   replaces with the value: this module knows the syntax, never the site's facts.
 * - figureWarnings(): a money amount or a time of day that prose writes by hand is
 *   FigureUnsourced (a warning; an error under --strict).
 * - checkFactValues(): a `{{fact:ID}}` naming no fact (FactUnknown) or one with no value
 *   (FactValueMissing); a sentence naming a fact's subject with another figure of its kind
 *   (FigureContradictsFact).
 */
export const FACT_VALUE_REF = /\{\{fact:([^{}\s]*)\}\}/g;
/** The mark a reference renders to, inline: an HTML comment, so a page rendered without facts shows nothing. */
export const FACT_VALUE_MARK = /<!--ppg-fact:([a-z0-9-]*)-->/g;

/** What prose must not write by hand: amounts in dollars or pesos, and clock times. */
const NUMBER = String.raw`\d+(?:,\d{3})*(?:\.\d+)?`;
const MONEY = new RegExp(
  [
    // US$5, RD$400, $5, USD 20, with an optional currency after: $15 USD
    String.raw`(?:(?<![\p{L}\p{N}])(?:US|RD)\$|(?<![\p{L}\p{N}$])\$|(?<![\p{L}\p{N}])(?:USD|DOP) ?)\s?` +
      NUMBER +
      String.raw`(?: ?(?:USD|DOP)(?![\p{L}]))?`,
    // 400 pesos, 15 USD
    String.raw`(?<![\p{L}\p{N}.,])` + NUMBER + String.raw` ?(?:USD|DOP|pesos|dollars)(?![\p{L}])`,
  ].join("|"),
  "gu",
);
const TIME = /(?<![\p{L}\p{N}:.])\d{1,2}(?::\d{2})? ?(?:[AaPp]\.[Mm]\.|[AaPp][Mm](?![\p{L}\p{N}]))/gu;

export type FigureKind = "money amount" | "time of day";

export interface Figure {
  figure: string;
  kind: FigureKind;
  index: number;
}

/** The money amounts and times of day written in `text`, in order. */
export function figuresIn(text: string): Figure[] {
  const found: Figure[] = [];
  for (const m of text.matchAll(MONEY)) found.push({ figure: m[0].trim(), kind: "money amount", index: m.index });
  for (const m of text.matchAll(TIME)) found.push({ figure: m[0].trim(), kind: "time of day", index: m.index });
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The markdown-it hook: each `{{fact:ID}}` in a text token becomes a `ppg_fact` token, which
 * renders as its mark. Run after the inline rules have joined adjacent text (`{` ends a text run).
 */
export function factValueTokens(md: MarkdownIt): void {
  md.core.ruler.push("ppg_fact_values", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children || !block.content.includes("{{fact:")) continue;
      block.children = block.children.flatMap((token) => {
        if (token.type !== "text" || !token.content.includes("{{fact:")) return [token];
        const parts: (typeof token)[] = [];
        let last = 0;
        for (const m of token.content.matchAll(FACT_VALUE_REF)) {
          if (m.index > last) parts.push(textToken(state, token.content.slice(last, m.index)));
          const fact = new state.Token("ppg_fact", "", 0);
          fact.content = m[1] ?? "";
          parts.push(fact);
          last = m.index + m[0].length;
        }
        if (last < token.content.length) parts.push(textToken(state, token.content.slice(last)));
        return parts;
      });
    }
  });
  md.renderer.rules.ppg_fact = (tokens, idx) => `<!--ppg-fact:${tokens[idx].content}-->`;
}

function textToken(state: { Token: new (type: string, tag: string, nesting: -1 | 0 | 1) => MdToken }, text: string) {
  const token = new state.Token("text", "", 0);
  token.content = text;
  return token;
}
type MdToken = ReturnType<MarkdownIt["parse"]>[number];

/** What a reader reads of a Markdown line: references, link targets and directives blanked, so columns stay. */
function proseOf(line: string): string {
  if (/^\s*::/.test(line)) return "";
  return line
    .replace(FACT_VALUE_REF, (m) => " ".repeat(m.length))
    .replace(/\]\([^)]*\)/g, (m) => `]${" ".repeat(m.length - 1)}`);
}

/** Markdown bodies (line by line, located at the figure) and listing texts, as the two checks read them. */
interface ProseText {
  text: string;
  at: (offset: number) => { location: PpgError["location"]; path?: string };
}

function proseTexts(
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
): ProseText[] {
  const texts: ProseText[] = [];
  for (const file of markdown.values()) {
    let fenced = false;
    file.body.split("\n").forEach((line, i) => {
      if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return;
      const text = proseOf(line);
      if (text.trim())
        texts.push({
          text,
          at: (offset) => ({ location: { file: file.file, line: file.bodyLine + i + 1, column: offset + 1 } }),
        });
    });
  }
  for (const [name, file] of listings) {
    const yaml = listingSources.get(name);
    if (!yaml) continue;
    file.items.forEach((item, i) => {
      for (const field of ["name", "description"] as const) {
        const text = item[field];
        if (text)
          texts.push({
            text,
            at: () => ({ location: yaml.locate(["items", i, field]), path: `items[${i}].${field}` }),
          });
      }
    });
  }
  return texts;
}

/** Every figure prose writes by hand: FigureUnsourced warnings, at the figure. */
export function figureWarnings(
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
): PpgError[] {
  const warnings: PpgError[] = [];
  for (const t of proseTexts(markdown, listings, listingSources))
    for (const f of figuresIn(t.text))
      warnings.push(new PpgError("FigureUnsourced", { figure: f.figure, kind: f.kind }, t.at(f.index)));
  return warnings;
}

const normalize = (s: string) => s.toLowerCase().replace(/\./g, "").replace(/\s+/g, "");

/** A fact with a value and mentions, as the contradiction check reads it. */
interface FigureFact {
  id: string;
  value: string;
  kinds: Set<FigureKind>;
  mention: RegExp;
}

function figureFacts(manifest: Manifest, mentionPattern: (m: string[]) => RegExp): FigureFact[] {
  return Object.entries(manifest.facts ?? {}).flatMap(([id, fact]: [string, Fact]) => {
    if (!fact.value || !fact.mentions?.length) return [];
    const kinds = new Set(figuresIn(fact.value).map((f) => f.kind));
    // A value with no figure ('free') stands for a price.
    if (kinds.size === 0) kinds.add("money amount");
    return [{ id, value: fact.value, kinds, mention: mentionPattern(fact.mentions) }];
  });
}

// Sentences end at . ! or ? before a capital, a quote or a mark: 'a.m. to' stays one sentence.
const SENTENCE = /[\s\S]*?(?:[.!?]+(?=\s+[\p{Lu}"“*([])|$)/gu;

/**
 * The errors of `{{fact:ID}}` references and of figures written beside a fact's subject.
 * `routeTexts`: titles and descriptions (located in site.yaml), read for contradictions only.
 */
export function checkFactValues(
  manifest: Manifest,
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
  routeTexts: ProseText[],
  mentionPattern: (m: string[]) => RegExp,
): PpgError[] {
  const facts = manifest.facts ?? {};
  const errors: PpgError[] = [];
  for (const file of markdown.values()) {
    if (!file.body.includes("{{fact:")) continue;
    file.body.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(FACT_VALUE_REF)) {
        const id = m[1] ?? "";
        const at = { location: { file: file.file, line: file.bodyLine + i + 1, column: m.index + 1 } };
        if (!Object.hasOwn(facts, id)) errors.push(new PpgError("FactUnknown", { id }, at));
        else if (!facts[id]?.value) errors.push(new PpgError("FactValueMissing", { id }, at));
      }
    });
  }
  const withValues = figureFacts(manifest, mentionPattern);
  if (withValues.length === 0) return errors;
  for (const t of [...proseTexts(markdown, listings, listingSources), ...routeTexts]) {
    const figures = figuresIn(t.text);
    if (figures.length === 0) continue;
    for (const s of t.text.matchAll(SENTENCE)) {
      const start = s.index;
      const end = start + s[0].length;
      for (const fact of withValues) {
        if (!fact.mention.test(s[0])) continue;
        for (const f of figures) {
          if (f.index < start || f.index >= end || !fact.kinds.has(f.kind)) continue;
          if (normalize(fact.value).includes(normalize(f.figure))) continue;
          errors.push(
            new PpgError("FigureContradictsFact", { figure: f.figure, id: fact.id, value: fact.value }, t.at(f.index)),
          );
        }
      }
    }
  }
  return errors;
}

export type { ProseText };

import type MarkdownIt from "markdown-it";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import type { Fact, Manifest } from "../manifest/types.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import { FACT_MARKER, invalidMarker, mayHoldMarker, misplacedMarker, scanMarkers } from "./fact-markers.ts";
import { type Figure, type FigureKind, figuresIn, mayHoldFigure, SENTENCE, TRAVEL } from "./figures.ts";
import { withoutAccents } from "./legs.ts";
import type { ListingsFile } from "./listings.ts";
import type { MarkdownFile } from "./front-matter.ts";
import { bodyProblems } from "./kept-markdown.ts";

/**
 * A figure a visitor acts on (a fee, a fare, opening hours, a travel time) is written once, as a
 * fact's `value` in site.yaml, and prose inserts it with `{{fact:ID}}`: every page then shows the
 * same figure, with its date and what it rests on. Once a headline "$2" stood above the page's own
 * dated note that a visitor had paid RD$400, because each was typed where it was read.
 *
 * - In Markdown prose, a marker (fact-markers.ts) becomes a mark (`<!--ppg-fact:ID-->`) that the
 *   render stage replaces with the value; a marker anywhere else in the Markdown (a heading, alt
 *   text, a title, code, raw HTML) is kept for a located FactMarkerMisplaced. This module knows
 *   the syntax, never the site's facts.
 * - figureWarnings(): a money amount, a time of day or a travel time that prose writes by hand is
 *   FigureUnsourced (a warning; an error under --strict).
 * - checkFactValues(): a near-miss of a marker (FactMarkerInvalid), a marker naming no fact
 *   (FactUnknown) or one with no value (FactValueMissing); a sentence naming a fact's subject
 *   with another figure of its kind (FigureContradictsFact).
 * Every figure is read by the one recognizer, figures.ts.
 */
/** How every fact mark starts: a page without it has none to place. */
export const FACT_MARK = "<!--ppg-fact:";
/** The mark a marker renders to, inline: an HTML comment, so a page rendered without facts shows nothing. */
export const FACT_VALUE_MARK = new RegExp(`${FACT_MARK}([a-z0-9-]*)-->`, "g");

/** A marker the Markdown holds where it is not expanded: the marker, the body lines it may be on, and where it is. */
export type MisplacedMarker = [marker: string, from: number, to: number, where: string];

/**
 * The markdown-it hook: each marker in a text token of prose becomes a `ppg_fact` token, which
 * renders as its mark. Run after the inline rules have joined adjacent text (`{` ends a text run).
 * Markers anywhere else are listed in `env.misplacedMarkers` for the render stage to report.
 */
export function factValueTokens(md: MarkdownIt): void {
  md.core.ruler.push("ppg_fact_values", (state) => {
    // markdown-it decodes character references in prose: `&#123;&#123;fact:x&#125;&#125;` is a marker there too.
    if (!mayHoldMarker(state.src)) return;
    const misplaced: MisplacedMarker[] = [];
    const note = (text: string | null | undefined, lines: [number, number] | null, where: string) => {
      if (!text || !mayHoldMarker(text)) return;
      // Code is shown as written; anywhere else a reader sees the text with its references decoded.
      const found =
        where === "code"
          ? [...text.matchAll(FACT_MARKER)].map((m) => m[0])
          : scanMarkers(text).markers.map((m) => m.text);
      for (const marker of found) misplaced.push([marker, (lines?.[0] ?? 0) + 1, lines?.[1] ?? 0, where]);
    };
    state.tokens.forEach((block, i) => {
      if (block.type === "fence" || block.type === "code_block") return note(block.content, block.map, "code");
      if (block.type === "html_block") return note(block.content, block.map, "raw HTML");
      if (block.type !== "inline" || !block.children || !mayHoldMarker(block.content)) return;
      const heading = state.tokens[i - 1]?.type === "heading_open";
      // A value links its source: inside a link's text it would nest one link in another.
      let inLink = 0;
      block.children = block.children.flatMap((token) => {
        if (token.type === "link_open") inLink++;
        if (token.type === "link_close") inLink--;
        if (token.type === "text" && heading) note(token.content, block.map, "a heading");
        else if (token.type === "text" && inLink > 0) note(token.content, block.map, "a link's text");
        else if (token.type === "code_inline") note(token.content, block.map, "code");
        else if (token.type === "html_inline") note(token.content, block.map, "raw HTML");
        else if (token.type === "image") {
          note(token.content, block.map, "an image's alt text");
          note(token.attrGet("title"), block.map, "an image's title");
          note(decoded(token.attrGet("src")), block.map, "an image's path");
        } else if (token.type === "link_open") {
          note(token.attrGet("title"), block.map, "a link's title");
          note(decoded(token.attrGet("href")), block.map, "a link's target");
        }
        if (token.type !== "text" || heading || inLink > 0 || !token.content.includes("{{fact:")) return [token];
        const parts: (typeof token)[] = [];
        let last = 0;
        for (const m of token.content.matchAll(FACT_MARKER)) {
          if (m.index > last) parts.push(textToken(state, token.content.slice(last, m.index)));
          const fact = new state.Token("ppg_fact", "", 0);
          fact.content = m[1] ?? "";
          parts.push(fact);
          last = m.index + m[0].length;
        }
        if (last < token.content.length) parts.push(textToken(state, token.content.slice(last)));
        return parts;
      });
    });
    if (misplaced.length) (state.env as { misplacedMarkers?: MisplacedMarker[] }).misplacedMarkers = misplaced;
  });
  md.renderer.rules.ppg_fact = (tokens, idx) =>
    `<!--ppg-fact:${expected(tokens[idx], "the fact token markdown-it renders").content}-->`;
}

/** A URL as written: markdown-it percent-encodes the braces of a marker in a link's target. */
function decoded(url: string | null): string | null {
  try {
    return url && decodeURI(url);
  } catch {
    return url;
  }
}

function textToken(state: { Token: new (type: string, tag: string, nesting: -1 | 0 | 1) => MdToken }, text: string) {
  const token = new state.Token("text", "", 0);
  token.content = text;
  return token;
}
type MdToken = ReturnType<MarkdownIt["parse"]>[number];

/** What a reader reads of a Markdown line: markers, link targets and directives blanked, so columns stay. */
function proseOf(line: string): string {
  if (/^\s*::/.test(line)) return "";
  return line
    .replace(FACT_MARKER, (m) => " ".repeat(m.length))
    .replace(/\]\([^)]*\)/g, (m) => `]${" ".repeat(m.length - 1)}`);
}

/** Markdown bodies (line by line, located at the figure) and listing texts, as the two checks read them. */
interface ProseText {
  text: string;
  at: (offset: number) => { location: PpgError["location"]; path?: string };
}

/** A Markdown body's lines of prose, each located at its line in the file. */
function bodyProse(file: MarkdownFile, body: string, mayHold: (line: string) => boolean = () => true): ProseText[] {
  const texts: ProseText[] = [];
  let fenced = false;
  body.split("\n").forEach((line, i) => {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    // proseOf only blanks parts of a line: a line that cannot hold a figure cannot after it.
    if (fenced || !mayHold(line)) return;
    const text = proseOf(line);
    if (text.trim())
      texts.push({
        text,
        at: (offset) => ({ location: { file: file.file, line: file.bodyLine + i + 1, column: offset + 1 } }),
      });
  });
  return texts;
}

/** The names and descriptions of listings, each located at its value. */
function listingProse(listings: Map<string, ListingsFile>, listingSources: Map<string, YamlSource>): ProseText[] {
  const texts: ProseText[] = [];
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

/** The kinds of figure that must come from a fact, and the test that passes over a line holding none of them. */
const HAND_WRITTEN: readonly FigureKind[] = ["money amount", "time of day", "duration", "distance"];
/** The kinds a reader plans a journey with only in a clause about getting somewhere. */
const TRAVEL_KINDS: ReadonlySet<FigureKind> = new Set(["duration", "distance"]);
const mayBeHandWritten = mayHoldFigure(HAND_WRITTEN);

/** Clauses of a text: a travel word counts for the durations of its own clause only ('1.5 hours' is not split). */
const CLAUSE = /(?:[^,;:()\u2013\u2014.!?]|[.!?](?![\s"”)]|$))+/g;

/**
 * The figures of a prose text that must come from a fact: amounts, times of day, and travel times
 * and distances (a duration or a length in a clause about getting somewhere: "a 15-minute drive",
 * "25 km east of the city"; a recipe's simmer, "sit in the park for half an hour, walk…" or "2 km
 * of golden sand" is not one).
 */
function handWritten(text: string): Figure[] {
  const found = figuresIn(text, HAND_WRITTEN);
  if (!found.some((f) => TRAVEL_KINDS.has(f.kind))) return found;
  const travel = new Set<number>();
  for (const c of text.matchAll(CLAUSE)) {
    if (!TRAVEL.test(c[0])) continue;
    for (const f of found) if (f.index >= c.index && f.index < c.index + c[0].length) travel.add(f.index);
  }
  return found.filter((f) => !TRAVEL_KINDS.has(f.kind) || travel.has(f.index));
}

/**
 * Every figure prose writes by hand: FigureUnsourced warnings, at the figure. A body's are kept with it
 * (content/kept-markdown.ts): they are read from the body alone.
 */
export function figureWarnings(
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
): PpgError[] {
  return [
    ...[...markdown.values()].flatMap((file) =>
      bodyProblems(file, "figures", "", (body) => unsourced(bodyProse(file, body, mayBeHandWritten))),
    ),
    ...unsourced(listingProse(listings, listingSources)),
  ];
}

function unsourced(texts: ProseText[]): PpgError[] {
  const warnings: PpgError[] = [];
  for (const t of texts)
    for (const f of handWritten(t.text))
      warnings.push(
        new PpgError(
          "FigureUnsourced",
          {
            figure: f.figure,
            kind: f.kind === "duration" ? "travel time" : (f.kind as "money amount" | "time of day" | "distance"),
          },
          t.at(f.index),
        ),
      );
  return warnings;
}

/** A fact with a value and mentions, as the contradiction check reads it. */
interface FigureFact {
  id: string;
  value: string;
  /** The figures of its value and of its other figures: any of them may be named by hand. */
  figures: Figure[];
  texts: string[];
  kinds: Set<FigureKind>;
  /** Whether a sentence names the fact: one of its mentions, or both of the places it is `between`. */
  mention: { test(sentence: string): boolean };
}

/** A place as prose names it, with or without its accents ('Sosúa', 'Sosua'). */
const placeNames = (place: string) => [place, withoutAccents(place)];

function figureFacts(manifest: Manifest, mentionPattern: (m: string[]) => RegExp): FigureFact[] {
  return Object.entries(manifest.facts ?? {}).flatMap(([id, fact]: [string, Fact]) => {
    const mentions = fact.mentions?.length ? mentionPattern(fact.mentions) : undefined;
    const places = (fact.between ?? []).map((p) => mentionPattern(placeNames(p)));
    if (!fact.value || (!mentions && places.length === 0)) return [];
    const texts = [fact.value, ...(fact.earlier ?? []).map((e) => e.value)];
    const kinds = new Set(figuresIn(fact.value).map((f) => f.kind));
    // A value with no figure ('free') stands for a price.
    if (kinds.size === 0) kinds.add("money amount");
    const figures = texts.flatMap((t) => figuresIn(t));
    const mention = {
      test: (s: string) => mentions?.test(s) === true || (places.length > 0 && places.every((p) => p.test(s))),
    };
    return [{ id, value: fact.value, figures, texts, kinds, mention }];
  });
}

const normalize = (s: string) => s.toLowerCase().replace(/\./g, "").replace(/\s+/g, "");

/** Whether a figure written by hand is one of a fact's figures, however it is spelled. */
function isFigureOf(f: Figure, fact: FigureFact): boolean {
  if (f.kind === "date") return fact.texts.some((t) => normalize(t).includes(normalize(f.figure)));
  return fact.figures.some(
    (g) =>
      g.kind === f.kind &&
      (f.kind !== "money amount" || f.currency === g.currency || f.currency === "$" || g.currency === "$") &&
      f.values.every((v) => g.values.includes(v)),
  );
}

/**
 * The errors of markers and of figures written beside a fact's subject. `routeTexts`: titles and
 * descriptions (located in site.yaml), read for contradictions only. A body's are kept with it
 * (content/kept-markdown.ts) while site.yaml's facts are those `facts` digests.
 */
export function checkFactValues(
  manifest: Manifest,
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
  routeTexts: ProseText[],
  mentionPattern: (m: string[]) => RegExp,
  facts: string,
): PpgError[] {
  const files = [...markdown.values()];
  const errors = files.flatMap((file) =>
    bodyProblems(file, "fact markers", facts, (body) => markerProblems(manifest, file, body)),
  );
  const withValues = figureFacts(manifest, mentionPattern);
  if (withValues.length === 0) return errors;
  for (const file of files)
    errors.push(
      ...bodyProblems(file, "fact figures", facts, (body) => contradictions(bodyProse(file, body), withValues)),
    );
  errors.push(...contradictions([...listingProse(listings, listingSources), ...routeTexts], withValues));
  return errors;
}

/** A body's near-misses of a marker, markers in a directive, and markers naming no fact or one with no value. */
function markerProblems(manifest: Manifest, file: MarkdownFile, body: string): PpgError[] {
  const facts = manifest.facts ?? {};
  const errors: PpgError[] = [];
  if (!/[{}&]/.test(body)) return errors;
  body.split("\n").forEach((line, i) => {
    const scan = scanMarkers(line);
    const at = (index: number) => ({ file: file.file, line: file.bodyLine + i + 1, column: index + 1 });
    for (const bad of scan.invalid) errors.push(invalidMarker(bad.text, at(bad.index)));
    // A directive's argument (a video's title) is shown as written: a marker there is not expanded.
    if (/^\s*::/.test(line)) {
      for (const m of scan.markers) errors.push(misplacedMarker(m.text, "a directive", at(m.index)));
      return;
    }
    for (const m of scan.markers) {
      if (!Object.hasOwn(facts, m.id))
        errors.push(new PpgError("FactUnknown", { id: m.id }, { location: at(m.index) }));
      else if (!facts[m.id]?.value)
        errors.push(new PpgError("FactValueMissing", { id: m.id }, { location: at(m.index) }));
    }
  });
  return errors;
}

/** Figures of `texts` in a sentence naming a fact's subject that are none of that fact's figures. */
function contradictions(texts: ProseText[], withValues: FigureFact[]): PpgError[] {
  const errors: PpgError[] = [];
  for (const t of texts) {
    const figures = figuresIn(t.text);
    if (figures.length === 0) continue;
    for (const s of t.text.matchAll(SENTENCE)) {
      const start = s.index;
      const end = start + s[0].length;
      const named = withValues.filter((fact) => fact.mention.test(s[0]));
      if (named.length === 0) continue;
      for (const f of figures) {
        if (f.index < start || f.index >= end) continue;
        // The facts of this figure's kind the sentence names: the figure must be one of theirs.
        const ofKind = named.filter((fact) => fact.kinds.has(f.kind));
        const [fact] = ofKind;
        if (!fact || ofKind.some((other) => isFigureOf(f, other))) continue;
        errors.push(
          new PpgError("FigureContradictsFact", { figure: f.figure, id: fact.id, value: fact.value }, t.at(f.index)),
        );
      }
    }
  }
  return errors;
}

export type { ProseText };

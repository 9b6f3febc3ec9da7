import { digestJson } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { checkedOnce, type ParsedYaml } from "../manifest/parsed-yaml.ts";
import type { Manifest } from "../manifest/types.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { directiveLines, parseDirectiveLine } from "./directives.ts";
import { checkFigureFacts, confirmedOn } from "./fact-figures.ts";
import { FACT_MARKER } from "./fact-markers.ts";
import { checkFactValues, type ProseText } from "./fact-values.ts";
import type { ListingsFile } from "./listings.ts";
import type { MarkdownFile } from "./front-matter.ts";
import { bodyAnswer, bodyProblems } from "./kept-markdown.ts";
import { checkLegs } from "./legs.ts";
import { checkYamlTexts } from "./yaml-texts.ts";

/**
 * Facts that change (a closure, an opening, a fare) are stated once, under `facts:` in site.yaml,
 * and every page that talks about one shows it: the Markdown with a `::fact ID` line, a home
 * slide or a listing with `facts: [ID]`. Once the cable car was closed on four pages and
 * offered as a ride on nine others, because each page said it in its own words.
 *
 * The check reads every text a reader meets (Markdown bodies, slide, video and route texts,
 * listing names and descriptions) for a fact's `mentions`:
 * - FactNotShown: a Markdown page, slide or listing mentions the subject but does not show the fact;
 * - FactContradicted: while a fact is closed, a sentence mentions it with an invitation ('ride',
 *   'take', 'open') and says nothing of the closure.
 * FactUnknown: a `::fact` line or a `facts` list names a fact that is not defined.
 */
/** Any of the `|`-separated alternatives as a whole word (no letter or digit either side), in any case. */
const wholeWords = (alternatives: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, "iu");
/** Words that invite a reader to use a place: in a sentence about a closed place, an offer. */
const OFFER = wholeWords(
  "ride|rides|riding|take|takes|taking|hop on|board|boarding|reached by|up by|runs|running|" +
    "operates|operating|open|opens|tickets?|fares?",
);
/** Words that say the place is closed, or make the offer conditional on its reopening. */
const CAVEAT = wholeWords(
  "closed|closure|closing|shut|suspended|out of service|not running|no longer|reopens?|reopened|reopening|" +
    "again|used to|until it|when it runs|when the \\p{L}+ (?:run|runs|are running|is running)",
);

interface Text {
  text: string;
  /** Where the text starts: Markdown texts are one line each, so a match's column is added to it. */
  at: { file: string; line: number; column: number } | { source: YamlSource; path: PathSegment[] };
}

export function checkFacts(
  manifest: Manifest,
  source: YamlSource,
  markdown: Map<string, MarkdownFile>,
  listings: Map<string, ListingsFile>,
  listingSources: Map<string, YamlSource>,
  parsed?: ParsedYaml,
): PpgError[] {
  const facts = manifest.facts ?? {};
  const errors: PpgError[] = [];
  const known = (id: string) => Object.hasOwn(facts, id);
  // A YAML text is located at its value, a Markdown line at the word; a YAML one also names its path
  // (routes[3].description).
  const place = (t: Text, offset = 0) =>
    "source" in t.at
      ? { location: t.at.source.locate(t.at.path), path: formatPath(t.at.path) }
      : { location: { ...t.at, column: t.at.column + offset } };
  // A figure (a value with no status) need not be shown wherever its subject is named: only a
  // sentence that gives another figure beside it is wrong (fact-values.ts).
  const mentioned = Object.entries(facts).flatMap(([id, f]) =>
    f.mentions?.length && (f.status || !f.value) ? [{ id, fact: f, re: mentionPattern(f.mentions) }] : [],
  );

  /** Texts that must show the facts they mention (`shows`), and the sentences that must not offer a closed one. */
  const read = (texts: Text[], shows: Set<string> | undefined, hint: string, into = errors) => {
    for (const { id, fact, re } of mentioned) {
      let reported = false;
      for (const t of texts) {
        const first = re.exec(t.text);
        if (!first) continue;
        if (shows && !shows.has(id) && !reported) {
          into.push(
            new PpgError(
              "FactNotShown",
              { mention: first[0], id },
              { ...place(t, first.index), hint: hint.replace("ID", id) },
            ),
          );
          reported = true;
        }
        if (fact.status === "closed") {
          for (const s of offers(t.text, re))
            into.push(
              new PpgError(
                "FactContradicted",
                { sentence: s.sentence, id, since: fact.since ?? "" },
                place(t, s.index),
              ),
            );
        }
      }
    }
  };

  // What a body's lines find depends on the body and site.yaml's facts alone: it is kept with the file.
  const context = digestJson(facts);
  for (const file of markdown.values()) {
    errors.push(
      ...bodyProblems(file, "fact mentions", context, (body) => {
        const found: PpgError[] = [];
        // Most pages name no fact: a 4,000-page site is read once more only where a fact could be.
        if (mentioned.length === 0 && !body.includes("::fact")) return found;
        const lines = body.split("\n");
        const shown = new Set<string>();
        const texts: Text[] = [];
        lines.forEach((line, i) => {
          const at = { file: file.file, line: file.bodyLine + i + 1, column: 1 };
          const directive = parseDirectiveLine(line.trim());
          if (directive?.name === "fact") {
            const id = directive.arg;
            if (known(id)) shown.add(id);
            else
              found.push(
                new PpgError("FactUnknown", { id }, { location: { ...at, column: line.indexOf("::fact") + 1 } }),
              );
            return;
          }
          for (const m of line.matchAll(FACT_MARKER)) if (known(m[1] ?? "")) shown.add(m[1] ?? "");
          // A link's target is not prose: '/mount-isabel-de-torres' must not read as a mention. Blanked, not removed,
          // so columns stay.
          const prose = line
            .replace(FACT_MARKER, (m) => " ".repeat(m.length))
            .replace(/\]\([^)]*\)/g, (m) => `]${" ".repeat(m.length - 1)}`);
          texts.push({ text: prose, at });
        });
        read(texts, shown, "Add a line `::fact ID` to this page, where readers meet the subject.", found);
        return found;
      }),
    );
  }

  manifest.routes.forEach((route, r) => {
    const at = (...path: PathSegment[]): Text["at"] => ({ source, path: ["routes", r, ...path] });
    // Titles and descriptions are shown on other pages' cards, which hold no fact: only offers count.
    read(
      [
        { text: route.title, at: at("title") },
        { text: route.description, at: at("description") },
      ],
      undefined,
      "",
    );
    // Slides and videos are fields of their own kinds' routes: what holds them is what is read.
    if (route.home) {
      route.home.slides.forEach((slide, j) => {
        for (const [k, id] of (slide.facts ?? []).entries())
          if (!known(id))
            errors.push(
              new PpgError("FactUnknown", { id }, place({ text: id, at: at("home", "slides", j, "facts", k) })),
            );
        const texts = (["title", "text", "alt"] as const).map((f) => ({
          text: slide[f],
          at: at("home", "slides", j, f),
        }));
        read(
          texts,
          new Set(slide.facts),
          "Add `facts: [ID]` to this slide: it shows the fact's status line under its text.",
        );
      });
    }
    if (route.videos) {
      // A video card sits on its page: the page's Markdown shows the fact for it.
      const page = route.content ? markdown.get(route.content) : undefined;
      const shown = new Set(page ? factLines(page) : []);
      route.videos.forEach((video, j) => {
        const texts = (["title", "summary"] as const).flatMap((f) => {
          const text = video[f];
          return text ? [{ text, at: at("videos", j, f) }] : [];
        });
        read(texts, shown, "Add a line `::fact ID` to the videos page's Markdown.");
      });
    }
  });

  const routeTexts: ProseText[] = manifest.routes.flatMap((route, r) =>
    (["title", "description"] as const).map((f) => ({
      text: route[f],
      at: () => ({ location: source.locate(["routes", r, f]), path: formatPath(["routes", r, f]) }),
    })),
  );
  errors.push(...checkFactValues(manifest, markdown, listings, listingSources, routeTexts, mentionPattern, context));
  // The fact model's rules for figures, and every text of site.yaml and the listings as a reader meets it.
  errors.push(
    ...checkFigureFacts(manifest, source),
    ...checkLegs(manifest, source),
    // Functions of a text and the code alone: a pass is kept with the text (manifest/parsed-yaml.ts).
    ...checkedOnce(parsed, source.text, "texts of site.yaml", () =>
      checkYamlTexts(source.data, source, "a field of site.yaml"),
    ),
  );
  for (const [name, yaml] of listingSources) {
    if (listings.has(name))
      errors.push(
        ...checkedOnce(parsed, yaml.text, "texts of a listing", () =>
          checkYamlTexts(yaml.data, yaml, "a field of a listing"),
        ),
      );
  }

  for (const [name, file] of listings) {
    // load.ts keeps each listings file it parsed with the YAML it parsed it from.
    const yaml = expected(listingSources.get(name), `the YAML of content/${name}`);
    file.items.forEach((item, i) => {
      for (const [k, id] of (item.facts ?? []).entries())
        if (!known(id))
          errors.push(
            new PpgError(
              "FactUnknown",
              { id },
              { location: yaml.locate(["items", i, "facts", k]), path: `items[${i}].facts[${k}]` },
            ),
          );
      const texts = (["name", "description"] as const).flatMap((f) => {
        const text = item[f];
        return text ? [{ text, at: { source: yaml, path: ["items", i, f] } }] : [];
      });
      read(
        texts,
        new Set(item.facts),
        "Add `facts: [ID]` to this listing: its card then shows the fact's status line.",
      );
    });
  }
  return errors;
}

/** The facts a body shows with a `::fact ID` line, kept with the file. */
export function factLines(file: MarkdownFile): string[] {
  return bodyAnswer(file, "fact lines", "", (body) => Array.from(directiveLines(body, "fact"), (d) => d.arg));
}

function mentionPattern(mentions: string[]): RegExp {
  const words = mentions.map((m) =>
    m
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\s+/g, "\\s+"),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

/** The sentences of `text` that mention the subject with an offer and without a caveat, and where each starts. */
function offers(text: string, mention: RegExp): { sentence: string; index: number }[] {
  const found: { sentence: string; index: number }[] = [];
  // Sentences end at . ! or ? followed by a space; "St. Felipe" would split early, which only shortens what is read.
  for (const m of text.matchAll(/[^.!?]+(?:[.!?]+|$)/g)) {
    const sentence = m[0];
    const at = mention.exec(sentence);
    if (!at || !OFFER.test(sentence) || CAVEAT.test(sentence)) continue;
    // As a reader sees it: no bold marks, and a link's blanked target closed up.
    const trimmed = sentence.replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
    found.push({ sentence: trimmed.length > 90 ? `${trimmed.slice(0, 87)}…` : trimmed, index: m.index + at.index });
  }
  return found;
}

/** When a fact was last confirmed (fact-figures.ts): kept under this name for its callers. */
export const lastConfirmed = confirmedOn;

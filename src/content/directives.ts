import { parse } from "yaml";
import type { VideoProblem } from "../core/errors-data.ts";
import { forbiddenCharacter } from "../core/text-rule.ts";
import { decodeComponentOr } from "../core/url-path.ts";
import type { Video } from "../manifest/types.ts";

/**
 * Directives are the one thing Markdown cannot say: placements of components the templates own
 * (banners, facts, videos) and blocks around Markdown (galleries). A directive is a line of its
 * own, `::name argument`. The Markdown renderer writes a placement as a mark, `<!--ppg:name arg-->`,
 * and the render stage (render/render.tsx) puts in its place the component its placer makes
 * (render/directives.tsx), so the Markdown knows nothing of React. A new directive is a line here
 * and, if it places a component, its placer in render/directives.tsx (the type below makes that
 * table name every placement).
 *
 * `syntax`: how it is written, as the hint for an unknown directive lists it.
 */
export const DIRECTIVES = {
  banner: { syntax: ["::banner"], block: undefined },
  fact: { syntax: ["::fact ID"], block: undefined },
  video: { syntax: ["::video ID Title", "::video { title, summary }"], block: undefined },
  // A block holds Markdown: `::gallery` opens it and `::/gallery` closes it.
  gallery: { syntax: ["::gallery … ::/gallery"], block: { open: '<div class="gallery">\n', close: "</div>\n" } },
} satisfies Record<string, { syntax: string[]; block: { open: string; close: string } | undefined }>;

type Directives = typeof DIRECTIVES;
/** The directives that place a component, which the render stage puts in their marks' place. */
export type Placement = {
  [K in keyof Directives]: Directives[K]["block"] extends undefined ? K : never;
}[keyof Directives];

/** A directive line as written: its name (`/gallery` for a block's end) and its argument, trimmed. */
export interface DirectiveLine {
  name: string;
  arg: string;
}

const DIRECTIVE_LINE = /^::(\/?[a-z]+)(?:[ \t]+(.*))?$/;

/** The directive a line of Markdown, without its indentation, writes; undefined for any other line. */
export function parseDirectiveLine(line: string): DirectiveLine | undefined {
  const match = DIRECTIVE_LINE.exec(line);
  return match ? { name: match[1] ?? "", arg: (match[2] ?? "").trim() } : undefined;
}

/** Each line of a Markdown body that writes the directive `name`, with the offset of its `::`. */
export function* directiveLines(body: string, name: string): Generator<DirectiveLine & { offset: number }> {
  let start = 0;
  for (const line of body.split("\n")) {
    const directive = parseDirectiveLine(line.trim());
    if (directive?.name === name) yield { ...directive, offset: start + line.indexOf("::") };
    start += line.length + 1;
  }
}

/** How to write each directive, for the hint of an unknown one. */
export function directiveHint(): string {
  const forms = Object.values(DIRECTIVES).flatMap((d) => d.syntax);
  return `Use ${forms.slice(0, -1).join(", ")}, or ${forms.at(-1)}.`;
}

/** The start of every directive mark, which no hand-written HTML may hold (content/raw-html.ts). */
export const DIRECTIVE_MARK = "<!--ppg:";

/**
 * The HTML the Markdown renderer writes for a directive line: a block's opening or closing tag,
 * else a mark holding the name and the percent-encoded argument. `first`: the line opens the body.
 */
export function directiveHtml({ name, arg }: DirectiveLine, first: boolean): string {
  const block = blockOf(name.replace(/^\//, ""));
  if (block) return name.startsWith("/") ? block.close : block.open;
  // The mark must stand on a line of its own (MARK_LINE): on a page's first line it would follow
  // the template's opening tag, so it gets a line break before it there.
  return `${first ? "\n" : ""}${DIRECTIVE_MARK}${name}${arg ? ` ${encodeURIComponent(arg)}` : ""}-->\n`;
}

function blockOf(name: string): { open: string; close: string } | undefined {
  return Object.hasOwn(DIRECTIVES, name) ? DIRECTIVES[name as keyof Directives].block : undefined;
}

/**
 * A directive's mark in a rendered page, its name and encoded argument captured. Anchored to whole
 * lines: the renderer writes each mark on a line of its own (a block), so one inside an attribute
 * or a paragraph (once: `<span title="<!--ppg:banner-->">`) is never placed.
 */
export const DIRECTIVE_MARK_LINE = /^<!--ppg:(\w+)(?: ([^>\n]*?))?-->$/gm;

/** The directive a mark (DIRECTIVE_MARK_LINE's name and argument) stands for. */
export function markedDirective(name: string, arg: string | undefined): DirectiveLine {
  return { name, arg: arg ? decodeComponentOr(arg) : "" };
}

/** The video service's ids: letters, digits, '_' and '-' (the same rule as site.yaml's videos). */
const VIDEO_ID = /^[A-Za-z0-9_-]+$/;
const VIDEO_FIELDS = ["id", "title", "summary", "poster", "search"];

export type VideoDirective = { video: Video } | { problem: VideoProblem };

/**
 * The argument of a `::video` line. Two forms:
 *
 *   ::video VIDEO_ID Title of the video
 *   ::video { title: …, summary: …, poster: /images/…, search: …, id: VIDEO_ID }
 *
 * The second is the same YAML mapping a videos page lists in site.yaml. Without an `id` the video
 * has no real id yet: the page shows a card with the title, the summary (what the video will
 * show) and a search link instead of a player, and the build's placeholder report lists it.
 */
export function parseVideoDirective(arg: string): VideoDirective {
  const text = arg.trim();
  if (!text.startsWith("{")) {
    const [id, ...title] = text.split(/\s+/);
    if (!id) return { problem: { rule: "empty" } };
    if (!VIDEO_ID.test(id)) return { problem: { rule: "badId", id } };
    return { video: { id, title: title.join(" ") } };
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    return { problem: { rule: "notYaml", problem: (err as Error).message.split("\n", 1)[0] ?? "" } };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { problem: { rule: "notMapping" } };
  const fields = data as Record<string, unknown>;
  for (const [field, value] of Object.entries(fields)) {
    if (!VIDEO_FIELDS.includes(field)) return { problem: { rule: "unknownField", field, allowed: VIDEO_FIELDS } };
    if (typeof value !== "string") return { problem: { rule: "notString", field } };
    // The rule every YAML value keeps (manifest/yaml-values.ts): an escape can make any character.
    const bad = forbiddenCharacter(value);
    if (bad) return { problem: { rule: "character", field, what: bad.what, codePoint: bad.codePoint } };
  }
  const video = fields as unknown as Video;
  if (!video.title?.trim()) return { problem: { rule: "noTitle" } };
  if (video.id !== undefined && video.id !== "" && !VIDEO_ID.test(video.id))
    return { problem: { rule: "badId", id: video.id } };
  if (!video.id && !video.summary?.trim()) return { problem: { rule: "noSummary" } };
  if (video.poster !== undefined && !video.poster.startsWith("/"))
    return { problem: { rule: "poster", poster: video.poster } };
  return { video: { ...video, id: video.id || undefined } };
}

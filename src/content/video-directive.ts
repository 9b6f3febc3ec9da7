import { parse } from "yaml";
import type { VideoProblem } from "../core/errors-data.ts";
import { forbiddenCharacter } from "../core/text-rule.ts";
import type { Video } from "../manifest/types.ts";

/** The video service's ids: letters, digits, '_' and '-' (the same rule as site.yaml's videos). */
const VIDEO_ID = /^[A-Za-z0-9_-]+$/;
const FIELDS = ["id", "title", "summary", "poster", "search"];

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
    return { problem: { rule: "notYaml", problem: (err as Error).message.split("\n")[0]! } };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { problem: { rule: "notMapping" } };
  const fields = data as Record<string, unknown>;
  for (const [field, value] of Object.entries(fields)) {
    if (!FIELDS.includes(field)) return { problem: { rule: "unknownField", field, allowed: FIELDS } };
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

import { parse } from "yaml";
import { forbiddenCharacter } from "../core/text-rule.ts";
import type { Video } from "../manifest/types.ts";

/** The video service's ids: letters, digits, '_' and '-' (the same rule as site.yaml's videos). */
const VIDEO_ID = /^[A-Za-z0-9_-]+$/;
const FIELDS = new Set(["id", "title", "summary", "poster", "search"]);

export type VideoDirective = { video: Video } | { error: string; hint: string };

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
    if (!id) return { error: "'::video' needs a video id and a title, or a { title, summary } mapping", hint: HINT };
    if (!VIDEO_ID.test(id)) return { error: `'${id}' is not a video id (letters, digits, '_' and '-')`, hint: HINT };
    return { video: { id, title: title.join(" ") } };
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    return { error: `the '::video' mapping is not valid YAML: ${(err as Error).message.split("\n")[0]}`, hint: HINT };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { error: "the '::video' argument must be a { key: value } mapping", hint: HINT };
  const fields = data as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (!FIELDS.has(key)) return { error: `'::video' has no field '${key}'`, hint: `Use ${[...FIELDS].join(", ")}.` };
    if (typeof value !== "string") return { error: `'::video' field '${key}' must be a string`, hint: "Quote the value." };
    // The rule every YAML value keeps (manifest/yaml-values.ts): an escape can make any character.
    const bad = forbiddenCharacter(value);
    if (bad) return { error: `'::video' field '${key}' holds ${bad.what} (${bad.codePoint}), which no page can carry`, hint: "Remove it, or write the character itself." };
  }
  const video = fields as unknown as Video;
  if (!video.title?.trim()) return { error: "'::video' needs a title", hint: HINT };
  if (video.id !== undefined && video.id !== "" && !VIDEO_ID.test(video.id)) return { error: `'${video.id}' is not a video id (letters, digits, '_' and '-')`, hint: HINT };
  if (!video.id && !video.summary?.trim()) {
    return { error: "a '::video' without an id needs a summary", hint: "Say in `summary` what the video will show: readers see it until a real id is set." };
  }
  if (video.poster !== undefined && !video.poster.startsWith("/")) return { error: `'::video' poster '${video.poster}' must be a path under public/, starting with '/'`, hint: HINT };
  return { video: { ...video, id: video.id || undefined } };
}

const HINT = "Write '::video VIDEO_ID Title', or '::video { title: …, summary: … }' while the video has no real id (see docs/content-format.md).";

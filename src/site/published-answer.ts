import { digestJson } from "../core/digest.ts";
import { answerOnce, type KeptAs, type ParsedYaml } from "../manifest/parsed-yaml.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import type { Schedule } from "./schedule.ts";

/** What a load's scans of the site's YAML texts are kept with (publishedAnswer). */
export interface Answering {
  parsed?: ParsedYaml;
  /** The site as read: its site.yaml text is what an answer is kept by. */
  read: { source: YamlSource };
  schedule: Schedule;
}

/** A site's means of answering, when it has them all (a loaded site does; one made by hand may not). */
export function answeringOf(site: Partial<Answering>): Answering | undefined {
  const { parsed, read, schedule } = site;
  return read && schedule ? { read, schedule, ...(parsed && { parsed }) } : undefined;
}

/**
 * What `run` answers of the published site.yaml (ParsedYaml.answer), kept with the text of site.yaml while the
 * same routes are unpublished and `context` is the same: the published manifest is a function of that text, the
 * routes unpublished on the clock's day and whether they are shown (dev mode) alone, so the next day is no change.
 * A scan reads the site as site.yaml alone says it (a listings file is a text of its own, kept by its own key);
 * anything else it reads goes into `context`. Without a site to answer for (dev mode's check of a reload's names)
 * or a store, `run` is run.
 */
export function publishedAnswer<T, K = T>(
  answering: Answering | undefined,
  check: string,
  context: string,
  run: () => T,
  as?: KeptAs<T, K>,
): T {
  if (!answering) return run();
  const { parsed, read, schedule } = answering;
  const published = [schedule.drafts, schedule.unpublished, context];
  return answerOnce(parsed, read.source.text, check, digestJson(published), run, as);
}

import { errorsOf, isUserError, PpgError, PpgErrorList, type SourceLocation } from "../core/errors.ts";
import { readSiteFile } from "../core/site-folder.ts";
import { locate } from "../core/source-text.ts";
import { formatPath, type PathSegment } from "../manifest/yaml-path.ts";
import type { ContentIndex } from "../content/load.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";

/** What a picture is located in: the site folder, site.yaml and the listings files, as loaded. */
type NamedIn = { root: string; source: YamlSource; content: Pick<ContentIndex, "listingSources" | "markdown"> };

/**
 * The pictures sharp could not read (ImageUnreadable, raised by the image pipelines, which know
 * only the picture's path) located where the site names each one, so the editor is sent to the
 * line to fix: a route's or home slide's image in site.yaml, a listing's picture in its file, an
 * image in Markdown (once: such a picture crashed the build with exit 70). Anything else
 * passes as it is.
 */
export function locateImageErrors(err: unknown, site: NamedIn): unknown {
  if (!isUserError(err)) return err;
  const errors = errorsOf(err).map((e) => {
    if (e.code !== "ImageUnreadable" || e.location) return e;
    const params = e.data as { path: string; reason: string };
    const where = whereNamed(params.path, site);
    return where ? new PpgError("ImageUnreadable", params, where) : e;
  });
  return errors.length === 1 ? errors[0] : new PpgErrorList(errors);
}

/** The first place a picture is named: site.yaml, then the listings files, then the Markdown. */
function whereNamed(src: string, site: NamedIn): { location: SourceLocation; path?: string } | undefined {
  const names = (text: string) => text.includes(src) || text.includes(encodeURI(src));
  for (const source of [site.source, ...site.content.listingSources.values()]) {
    const at = firstString(source.data, [], names);
    if (at) return { location: source.locate(at), path: formatPath(at) };
  }
  for (const { file } of site.content.markdown.values()) {
    let text: string;
    try {
      text = readSiteFile(site.root, file).toString("utf8");
    } catch {
      continue;
    }
    const at = [src, encodeURI(src)].map((name) => text.indexOf(name)).find((i) => i >= 0);
    if (at !== undefined) return { location: locate(text, at, file) };
  }
  return undefined;
}

function firstString(value: unknown, path: PathSegment[], test: (text: string) => boolean): PathSegment[] | undefined {
  if (typeof value === "string") return test(value) ? path : undefined;
  const entries: [PathSegment, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [key, v] of entries) {
    const found = firstString(v, [...path, key], test);
    if (found) return found;
  }
  return undefined;
}

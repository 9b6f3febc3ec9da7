import { decodeHTML } from "entities";
import { imageHtml } from "../assets/images.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
import { placeImages, renderMarkdown, type RenderedMarkdown } from "../content/markdown.ts";
import { rawHtmlProblems } from "../content/raw-html.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { misplacedMarkerErrors } from "./fact-text.ts";
import { checkMarkdownLinks } from "./markdown-links.ts";
import type { SourceId } from "./model.ts";
import { ARTICLE_IMAGE_SIZES, type SiteContext } from "./page-model.ts";

/**
 * A page's Markdown body as the page shows it: its images placed at the article's width, its links
 * checked (markdown-links.ts). Raw HTML that could run scripts and nesting the parser dropped are
 * pushed to `errors` with the Markdown file's line.
 */
export function renderBody(ctx: SiteContext, file: MarkdownFile, errors: PpgError[]): RenderedMarkdown {
  const rendered = renderMarkdown(file.body);
  const md = {
    ...rendered,
    html: placeImages(rendered, (src, alt) =>
      imageHtml(ctx.images.attributes(src, alt, { sizes: ARTICLE_IMAGE_SIZES })),
    ),
  };
  md.html = checkMarkdownLinks(ctx, file, md, errors);
  if (md.tooDeep !== undefined)
    errors.push(
      new PpgError(
        "MarkdownTooDeep",
        { file: file.file },
        { location: { file: file.file, line: md.tooDeep + file.bodyLine, column: 1 } },
      ),
    );
  if (md.misplacedMarkers) errors.push(...misplacedMarkerErrors(file, md.misplacedMarkers));
  if (md.rawHtml.length > 0) {
    const lines = file.body.split("\n");
    for (const [html, line] of md.rawHtml) {
      for (const problem of rawHtmlProblems(html)) {
        errors.push(
          new PpgError(
            "RawHtmlUnsafe",
            { what: problem.what },
            { location: rawHtmlLocation(file, lines, html, line, problem.offset) },
          ),
        );
      }
    }
  }
  return md;
}

/**
 * The ids the Markdown gives elements of the page, each where it is written: a heading's `{#id}`
 * and an `id` attribute in raw HTML. A page's ids must be unique (render.tsx checks the whole page).
 */
export function markdownIds(file: MarkdownFile, md: RenderedMarkdown): SourceId[] {
  const ids: SourceId[] = [];
  const lines = file.body.split("\n");
  for (const h of md.headings) {
    if (h.id === undefined) continue;
    const text = lines[h.line - 1] ?? "";
    ids.push({
      id: h.id,
      location: {
        file: file.file,
        line: h.line + file.bodyLine,
        column: Math.max(1, text.lastIndexOf(`{#${h.id}}`) + 1),
      },
    });
  }
  for (const [html, line] of md.rawHtml) {
    for (const m of html.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi)) {
      ids.push({
        id: decodeHTML(m[1] ?? m[2] ?? m[3] ?? ""),
        location: rawHtmlLocation(file, lines, html, line, m.index + 1),
      });
    }
  }
  return ids;
}

/** Where `offset` of a raw HTML fragment starting on body line `line` is in the Markdown file. */
function rawHtmlLocation(
  file: MarkdownFile,
  lines: string[],
  html: string,
  line: number,
  offset: number,
): SourceLocation {
  const lineText = lines[line - 1] ?? "";
  const start = Math.max(0, lineText.indexOf(html.split("\n", 1)[0] ?? ""));
  const before = html.slice(0, offset).split("\n");
  const column = before.length === 1 ? start + offset + 1 : (before.at(-1) ?? "").length + 1;
  return { file: file.file, line: line + file.bodyLine + before.length - 1, column };
}

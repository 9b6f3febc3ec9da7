import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { directiveHint, parseVideoDirective, type DirectiveLine, type Placement } from "../content/directives.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { decodeUriPath } from "../core/url-path.ts";
import type { RouteEntry } from "../manifest/types.ts";
import type { Templates } from "./model.ts";
import { factView, type SiteContext } from "./page-model.ts";

/** What a placer is given: the page, its directive's argument and where to report a mistake. */
interface Placing {
  ctx: SiteContext;
  templates: Templates;
  route: RouteEntry;
  arg: string;
  /** How many banners the page has placed so far. */
  banners: { placed: number };
  errors: PpgError[];
}

/** The HTML each placement of content/directives.ts stands for on the page. */
const PLACERS: Record<Placement, (p: Placing) => string> = {
  banner: ({ ctx, templates, route, banners, errors }) => {
    const all = ctx.manifest.site.banners ?? [];
    if (all.length === 0) {
      // At the directive's line: every problem in a page's prose is located in its Markdown.
      const md = route.content ? ctx.content.markdown.get(route.content) : undefined;
      const at = md?.body.split("\n").findIndex((line) => /^::banner\b/.test(line.trim())) ?? -1;
      const location = md && at >= 0 ? { file: md.file, line: at + 1 + md.bodyLine, column: 1 } : undefined;
      errors.push(new PpgError("BannersMissing", { file: `content/${route.content}` }, location ? { location } : {}));
      return "";
    }
    // Pages with several banners cycle through them, so a reader does not see one banner three times in a row.
    const banner = expected(all[banners.placed++ % all.length], "a banner, with at least one defined");
    return renderToStaticMarkup(createElement(templates.AffiliateBanner, { banner }));
  },
  video: ({ ctx, templates, route, arg, errors }) => {
    const parsed = parseVideoDirective(arg);
    if ("problem" in parsed) {
      errors.push(
        new PpgError("VideoInvalid", parsed.problem, { location: directiveLocation(ctx, route, `::video`, arg) }),
      );
      return "";
    }
    const { video } = parsed;
    if (video.poster !== undefined && !ctx.images.has(video.poster)) {
      const malformed = decodeUriPath(video.poster) === undefined;
      errors.push(
        new PpgError(
          malformed ? "UrlMalformed" : "AssetMissing",
          { what: "'::video' poster", path: video.poster },
          { location: directiveLocation(ctx, route, "::video", arg) },
        ),
      );
      return "";
    }
    // The directive's own poster, else the page's hero image.
    const poster = video.poster ?? route.image?.src;
    return renderToStaticMarkup(
      createElement(templates.VideoEmbed, {
        ...video,
        title: video.title || route.title,
        poster: poster ? ctx.images.attributes(poster, "") : undefined,
      }),
    );
  },
  fact: ({ ctx, templates, arg }) => {
    const fact = factView(ctx, arg);
    // An unknown id was reported when the content was loaded (FactUnknown); a render thread is not told again.
    return fact ? renderToStaticMarkup(createElement(templates.FactNotice, { fact })) : "";
  },
};

/**
 * What each directive of a page places (a banner, a video, a fact's box), by its line: the render
 * stage (render.tsx) puts it in the place of the directive's mark. Banners take turns on the page.
 */
export function directivePlacer(
  ctx: SiteContext,
  templates: Templates,
  route: RouteEntry,
  errors: PpgError[],
): (directive: DirectiveLine) => string {
  const banners = { placed: 0 };
  return ({ name, arg }) => {
    if (isPlacement(name)) return PLACERS[name]({ ctx, templates, route, arg, banners, errors });
    errors.push(
      new PpgError(
        "DirectiveUnknown",
        { file: `content/${route.content}`, name },
        { location: directiveLocation(ctx, route, `::${name}`, arg), hint: directiveHint() },
      ),
    );
    return "";
  };
}

function isPlacement(name: string): name is Placement {
  return Object.hasOwn(PLACERS, name);
}

/** Where a directive line is in its Markdown file: the first line holding both its name and argument. */
function directiveLocation(ctx: SiteContext, route: RouteEntry, name: string, arg: string): SourceLocation {
  const md = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const file = md?.file ?? `content/${route.content}`;
  const lines = md?.body.split("\n") ?? [];
  const at = lines.findIndex((l) => l.trimStart().startsWith(name) && l.includes(arg));
  if (at < 0 || !md) return { file, line: 1, column: 1 };
  return { file, line: at + 1 + md.bodyLine, column: (lines[at] ?? "").indexOf(name) + 1 };
}

/**
 * What each `{{fact:ID}}` of a page shows, by its id: the fact's value, the first on a page with
 * its date and earlier figures, later ones the value alone. The render stage (render.tsx) puts it
 * in the place of the fact's mark.
 */
export function factPlacer(ctx: SiteContext, templates: Templates): (id: string) => string {
  const seen = new Set<string>();
  return (id) => {
    const fact = factView(ctx, id);
    // An unknown id, or a fact with no value, was reported when the content was loaded.
    if (!fact?.value) return "";
    const first = !seen.has(id);
    seen.add(id);
    return renderToStaticMarkup(createElement(templates.FactValue, { fact, first }));
  };
}

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  directiveHint,
  parseVideoDirective,
  spliceDirectives,
  type DirectiveLine,
  type Placement,
} from "../content/directives.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { decodeUriPath } from "../core/url-path.ts";
import { FACT_VALUE_MARK } from "../content/fact-values.ts";
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

/** A rendered page with each directive's component in place of its mark. */
export function placeDirectives(
  ctx: SiteContext,
  templates: Templates,
  route: RouteEntry,
  html: string,
  errors: PpgError[],
): string {
  const banners = { placed: 0 };
  return spliceDirectives(html, ({ name, arg }: DirectiveLine) => {
    if (isPlacement(name)) return PLACERS[name]({ ctx, templates, route, arg, banners, errors });
    errors.push(
      new PpgError(
        "DirectiveUnknown",
        { file: `content/${route.content}`, name },
        { location: directiveLocation(ctx, route, `::${name}`, arg), hint: directiveHint() },
      ),
    );
    return "";
  });
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
 * A rendered page with each `{{fact:ID}}` mark replaced by the fact's value: the first on a page
 * carries its date and earlier figures, later ones the value alone.
 */
export function placeFactValues(ctx: SiteContext, templates: Templates, html: string): string {
  if (!html.includes("<!--ppg-fact:")) return html;
  const seen = new Set<string>();
  return html.replace(FACT_VALUE_MARK, (_m, id: string) => {
    const fact = factView(ctx, id);
    // An unknown id, or a fact with no value, was reported when the content was loaded.
    if (!fact?.value) return "";
    const first = !seen.has(id);
    seen.add(id);
    return renderToStaticMarkup(createElement(templates.FactValue, { fact, first }));
  });
}

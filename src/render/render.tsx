import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { decodeComponentOr, decodeUriPath } from "../core/url-path.ts";
import type { SharedPart } from "../links/extract.ts";
import { duplicateIdErrors } from "./unique-ids.ts";
import { DIRECTIVE_PLACEHOLDER } from "../content/markdown.ts";
import { parseVideoDirective } from "../content/video-directive.ts";
import type { RouteEntry, SiteSettings } from "../manifest/types.ts";
import type { AliasModel, NotFoundModel, PageModel, Templates } from "./model.ts";
import { defaultShareImage } from "../assets/share-images.ts";
import { buildPageModel, cardFor, factView, ogImageFor, type SiteContext } from "./page-model.ts";
import { absoluteUrl } from "./structured-data.ts";
import { structuredDataErrors } from "./structured-data-check.ts";

export type { Templates } from "./model.ts";

export interface RenderedPage {
  /** The route path, or the alias path for a redirect page. */
  route: string;
  /** Output file relative to the output folder, e.g. `sosua-resorts.html` (see outputFileFor). */
  file: string;
  html: string;
  kind: RouteEntry["kind"] | "alias" | "404";
  /** Parts of `html` that many pages share (the header and footer), and where they start in it. */
  shared?: SharedPart[];
  /**
   * A route that search engines are told not to index (the search page): the site's own search index leaves it out too.
   */
  noindex?: boolean;
}

const DOCTYPE = "<!doctype html>";

export type BuildFormat = NonNullable<NonNullable<SiteSettings["build"]>["format"]>;

/**
 * The file a route is written to. `file` (the default): /x is x.html, which Cloudflare Pages,
 * Netlify and GitHub Pages serve at /x itself; x/index.html would make each of them answer /x
 * with a redirect to /x/ (https://developers.cloudflare.com/pages/configuration/serving-pages/).
 */
export function outputFileFor(path: string, format: BuildFormat = "file"): string {
  if (path === "/") return "index.html";
  return format === "directory" ? `${path.slice(1)}/index.html` : `${path.slice(1)}.html`;
}

/** Renders one route to a complete HTML document. */
export function renderRoute(
  ctx: SiteContext,
  templates: Templates,
  route: RouteEntry,
  errors: PpgError[],
): RenderedPage {
  const model = buildPageModel(ctx, route, errors);
  errors.push(...structuredDataErrors(model.head.jsonLd, route, ctx.root));
  const Page = templates.pages[model.kind] as ComponentType<{ page: PageModel }>;
  let inner: string;
  try {
    inner = renderToStaticMarkup(
      createElement(templates.Layout, { page: model }, createElement(Page, { page: model })),
    );
  } catch (err) {
    errors.push(new PpgError("TemplateFailed", { route: route.path, reason: (err as Error).message }, { cause: err }));
    inner = "";
  }
  if (inner.includes(DIRECTIVE_MARK)) {
    const placement = { banner: 0 };
    inner = inner.replace(DIRECTIVE_PLACEHOLDER, (_m, name: string, arg?: string) =>
      renderDirective(ctx, templates, route, name, arg ? decodeComponentOr(arg) : "", placement, errors),
    );
  }
  const page = fillChrome(ctx, templates, model, inner);
  errors.push(...duplicateIdErrors(page.html, route.path, model.sourceIds));
  return {
    route: route.path,
    file: outputFileFor(route.path, ctx.manifest.site.build?.format),
    kind: route.kind,
    ...(model.head.noindex && { noindex: true }),
    ...page,
  };
}

const DIRECTIVE_MARK = "<!--ppg:";
const HEADER_SLOT = '<template data-slot="header"></template>';
const FOOTER_SLOT = '<template data-slot="footer"></template>';

/**
 * Fills the layout's header and footer slots and adds the doctype. The header and footer depend
 * only on the site, on which nav link is the current page and on whether the logo loads eagerly,
 * so each variant is rendered once per build: on a 1,000-page site that is 21 renders instead of
 * 2,000. Where they landed is returned too, so the link scan can reuse their scans.
 */
function fillChrome(
  ctx: SiteContext,
  templates: Templates,
  page: LayoutPageModel,
  html: string,
): Pick<RenderedPage, "html" | "shared"> {
  const current = ctx.manifest.nav.some((m) => m.items.some((i) => i.path === page.route.path)) ? page.route.path : "";
  // The logo loads eagerly except on the home page, whose hero comes first.
  const key = `${current}\0${page.logo.loading}`;
  let made = ctx.chrome.get(key);
  if (made) {
    // Each page that shows the header reads its logo, rendered once or not.
    ctx.images.replay(made.reads);
  } else {
    const variant = { ...page, route: { ...page.route, path: current } };
    made = ctx.images.capture(() => ({
      header: renderToStaticMarkup(createElement(templates.Header, { page: variant })),
      footer: renderToStaticMarkup(createElement(templates.Footer, { page: variant })),
    }));
    ctx.chrome.set(key, made);
  }
  const chrome = made.value;
  // The header slot sits just after <body>, the footer slot just before </body>: searching from
  // each end touches a few kilobytes instead of the whole page twice.
  const header = html.indexOf(HEADER_SLOT);
  const footer = html.lastIndexOf(FOOTER_SLOT);
  if (header < 0 || footer < 0) return { html: DOCTYPE + html };
  const before = DOCTYPE + html.slice(0, header);
  const middle = html.slice(header + HEADER_SLOT.length, footer);
  const footerAt = before.length + chrome.header.length + middle.length;
  return {
    html: before + chrome.header + middle + chrome.footer + html.slice(footer + FOOTER_SLOT.length),
    shared: [
      { at: before.length, html: chrome.header },
      { at: footerAt, html: chrome.footer },
    ],
  };
}

type LayoutPageModel = PageModel | NotFoundModel;

function renderDirective(
  ctx: SiteContext,
  templates: Templates,
  route: RouteEntry,
  name: string,
  arg: string,
  placement: { banner: number },
  errors: PpgError[],
): string {
  const file = `content/${route.content}`;
  if (name === "banner") {
    const banners = ctx.manifest.site.banners ?? [];
    if (banners.length === 0) {
      // At the directive's line: every problem in a page's prose is located in its Markdown.
      const md = route.content ? ctx.content.markdown.get(route.content) : undefined;
      const at = md?.body.split("\n").findIndex((line) => /^::banner\b/.test(line.trim())) ?? -1;
      const location = md && at >= 0 ? { file: md.file, line: at + 1 + md.bodyLine, column: 1 } : undefined;
      errors.push(new PpgError("BannersMissing", { file }, location ? { location } : {}));
      return "";
    }
    // Pages with several banners cycle through them, so a reader does not see one banner three times in a row.
    const banner = banners[placement.banner++ % banners.length];
    return renderToStaticMarkup(createElement(templates.AffiliateBanner, { banner }));
  }
  if (name === "video") {
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
  }
  if (name === "fact") {
    const fact = factView(ctx, arg);
    // An unknown id was reported when the content was loaded (FactUnknown); a render thread is not told again.
    return fact ? renderToStaticMarkup(createElement(templates.FactNotice, { fact })) : "";
  }
  errors.push(
    new PpgError(
      "DirectiveUnknown",
      { file, name },
      {
        location: directiveLocation(ctx, route, `::${name}`, arg),
        hint: "Use ::banner, ::fact ID, ::video ID Title, ::video { title, summary }, or ::gallery … ::/gallery.",
      },
    ),
  );
  return "";
}

/** Where a directive line is in its Markdown file: the first line holding both its name and argument. */
function directiveLocation(ctx: SiteContext, route: RouteEntry, name: string, arg: string): SourceLocation {
  const md = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const file = md?.file ?? `content/${route.content}`;
  const lines = md?.body.split("\n") ?? [];
  const at = lines.findIndex((l) => l.trimStart().startsWith(name) && l.includes(arg));
  if (at < 0 || !md) return { file, line: 1, column: 1 };
  return { file, line: at + 1 + md.bodyLine, column: lines[at]!.indexOf(name) + 1 };
}

export function renderAlias(ctx: SiteContext, templates: Templates, from: string, to: string): RenderedPage {
  const target = ctx.routes.get(to)!;
  const model: AliasModel = {
    site: ctx.manifest.site,
    from,
    to,
    title: target.title,
    canonical: absoluteUrl(ctx.manifest.site, to),
  };
  return {
    route: from,
    file: outputFileFor(from, ctx.manifest.site.build?.format),
    html: DOCTYPE + renderToStaticMarkup(createElement(templates.Alias, { page: model })),
    kind: "alias",
  };
}

export function renderNotFound(ctx: SiteContext, templates: Templates): RenderedPage {
  const { site } = ctx.manifest;
  const route = {
    path: "/404",
    kind: "search" as const,
    title: "Page not found",
    description: `This page could not be found on ${site.name}.`,
  };
  const logo = ctx.images.attributes(site.logo.src, site.logo.alt, { priority: true });
  // The cross-reference check has made sure every suggestion names a route or alias.
  const suggestions = (site.notFound?.suggestions ?? []).map((p) => cardFor(ctx, p));
  const model: NotFoundModel = {
    site,
    nav: ctx.manifest.nav,
    search: ctx.search,
    route,
    assets: ctx.assetsFor("404"),
    logo,
    year: ctx.year,
    head: {
      title: route.title,
      description: route.description,
      canonical: `${site.url}/404`,
      ogType: "website",
      ogImage: ogImageFor(ctx, defaultShareImage(ctx.manifest)),
      jsonLd: [],
      noindex: true,
    },
    suggestions,
  };
  const inner = renderToStaticMarkup(
    createElement(templates.Layout, { page: model }, createElement(templates.NotFound, { page: model })),
  );
  return { route: "/404", file: "404.html", kind: "404", ...fillChrome(ctx, templates, model, inner) };
}

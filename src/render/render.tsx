import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PpgError } from "../core/errors.ts";
import { NOT_FOUND_PAGE } from "../core/not-found-page.ts";
import type { SharedPart } from "../links/extract.ts";
import { placeDirectives } from "./directives.tsx";
import { duplicateIdErrors } from "./unique-ids.ts";
import type { RouteEntry, SiteSettings } from "../manifest/types.ts";
import type { AliasModel, NotFoundModel, PageModel, Templates } from "./model.ts";
import { buildPageModel } from "./kinds/index.ts";
import { notFoundPage } from "./kinds/not-found.ts";
import type { SiteContext } from "./page-model.ts";
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
  const page = fillChrome(ctx, templates, model, placeDirectives(ctx, templates, route, inner, errors));
  errors.push(...duplicateIdErrors(page.html, route.path, model.sourceIds));
  return {
    route: route.path,
    file: outputFileFor(route.path, ctx.manifest.site.build?.format),
    kind: route.kind,
    ...(model.head.noindex && { noindex: true }),
    ...page,
  };
}

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
  const model = notFoundPage(ctx);
  const inner = renderToStaticMarkup(
    createElement(templates.Layout, { page: model }, createElement(templates.NotFound, { page: model })),
  );
  return {
    route: model.route.path,
    file: NOT_FOUND_PAGE.file,
    kind: model.kind,
    ...fillChrome(ctx, templates, model, inner),
  };
}

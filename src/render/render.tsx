import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { defaultShareImage } from "../assets/share-images.ts";
import { DIRECTIVE_MARK, DIRECTIVE_MARK_LINE, markedDirective, type DirectiveLine } from "../content/directives.ts";
import { FACT_MARK, FACT_VALUE_MARK } from "../content/fact-values.ts";
import { PpgError } from "../core/errors.ts";
import { absoluteUrl } from "../core/output-names.ts";
import type { RouteEntry } from "../manifest/types.ts";
import { chromeOf, DOCTYPE, placeChrome } from "./chrome.ts";
import { directivePlacer, factPlacer } from "./directives.tsx";
import { notFoundPage } from "./kinds/not-found.ts";
import { markdownIds, renderBody } from "./markdown-body.ts";
import type { AliasModel, Chrome, LayoutModel, PageBase, RenderedPage, RouteKindTraits, Templates } from "./model.ts";
import { cardFor, ogImageFor, type AnyPageModel, type PageInput, type SiteContext } from "./page-model.ts";
import { structuredDataProblems } from "./structured-data-check.ts";

/**
 * One page to one HTML document. A route's page: its Markdown body, rendered and checked
 * (markdown-body.ts); its model, made by its kind's record (kinds/index.ts); the kind's template;
 * its header and footer, rendered once a build (chrome.ts), placed by the layout; the directives
 * and facts placed. A redirect page for an alias, and the 404 page, which no route has, are made
 * here too.
 */
export type { RenderedPage, Templates } from "./model.ts";

/** How a kind of route renders: its model, and its component in templates/index.ts. */
export interface RouteRendering {
  // Each kind's model takes its own routes: the registry pairs them.
  model: (input: PageInput<never>) => AnyPageModel;
  template: string;
}

/** Where rendering a page reports its source's mistakes, and what it only warns about. */
export interface PageProblems {
  errors: PpgError[];
  /** A recommended structured-data property left out, and the like. */
  warnings?: PpgError[];
}

/** Renders the route at `path` to a complete HTML document, as its kind's record says. */
export function renderRoute(
  kind: RouteRendering & Pick<RouteKindTraits, "indexed" | "heroFirst" | "scripts">,
  ctx: SiteContext,
  templates: Templates,
  path: string,
  { errors, warnings }: PageProblems,
): RenderedPage {
  // The key stage makes a job for each route it read, so the route is there.
  const route = ctx.routes.get(path);
  if (!route) throw new Error(`ppguide bug: no route ${path} to render`);
  const model = buildPageModel(ctx, route, kind, errors);
  const index = ctx.routeIndex.get(route.path) ?? -1;
  const structured = structuredDataProblems(model.head.jsonLd, { entry: route, index });
  errors.push(...structured.errors);
  warnings?.push(...structured.warnings);
  const Page = (templates.pages[kind.template] ?? missing(kind.template)) as ComponentType<{ page: AnyPageModel }>;
  const { inner, chrome } = inLayout(ctx, templates, model, Page, errors);
  const html = DOCTYPE + placeMarks(inner, directivePlacer(ctx, templates, route, errors), factPlacer(ctx, templates));
  return {
    route: route.path,
    ...(model.sourceIds && { sourceIds: model.sourceIds }),
    html,
    ...(chrome && placed(html, chrome, model)),
  };
}

/** The header and footer as the page holds them (chrome.ts placeChrome). */
function placed(html: string, chrome: Chrome, model: LayoutModel): Pick<RenderedPage, "shared" | "chrome"> {
  const { shared, place } = placeChrome(html, chrome, eager(model));
  return { shared, ...(place && { chrome: place }) };
}

const eager = (model: LayoutModel) => model.logo.loading === "eager";

/** A page component templates/index.ts does not have, failing as a template would. */
function missing(name: string): ComponentType {
  return () => {
    throw new Error(`templates/index.ts has no page component '${name}'`);
  };
}

/**
 * The page's template inside the layout, with the header and footer the layout places (chrome.ts).
 * A template that throws, the header's and footer's included, is TemplateFailed on this page, and
 * the page is left empty.
 */
function inLayout<M extends LayoutModel>(
  ctx: SiteContext,
  templates: Templates,
  model: M,
  Page: ComponentType<{ page: M }>,
  errors: PpgError[],
): { inner: string; chrome?: Chrome } {
  try {
    const chrome = chromeOf(ctx, templates, model.route.path, eager(model));
    const inner = renderToStaticMarkup(
      createElement(templates.Layout, { page: model, chrome }, createElement(Page, { page: model })),
    );
    return { inner, chrome };
  } catch (err) {
    errors.push(
      new PpgError("TemplateFailed", { route: model.route.path, reason: (err as Error).message }, { cause: err }),
    );
    return { inner: "" };
  }
}

/**
 * The page with each mark the Markdown renderer wrote replaced by what it stands for: a directive's
 * component (content/directives.ts) and a fact's value (content/fact-values.ts).
 */
function placeMarks(html: string, directive: (line: DirectiveLine) => string, fact: (id: string) => string): string {
  const placed = html.includes(DIRECTIVE_MARK)
    ? html.replace(DIRECTIVE_MARK_LINE, (_m, name: string, arg?: string) => directive(markedDirective(name, arg)))
    : html;
  return placed.includes(FACT_MARK) ? placed.replace(FACT_VALUE_MARK, (_m, id: string) => fact(id)) : placed;
}

/** The page standing in for an alias where the host cannot redirect it: a refresh to its target. */
export function renderAlias(ctx: SiteContext, templates: Templates, from: string): RenderedPage {
  // The cross-reference check made sure every alias leads to a route.
  const to = ctx.aliases.get(from) ?? from;
  const model: AliasModel = {
    site: ctx.manifest.site,
    from,
    to,
    title: ctx.routes.get(to)?.title ?? to,
    canonical: absoluteUrl(ctx.manifest.site, to),
  };
  return { route: from, html: DOCTYPE + renderToStaticMarkup(createElement(templates.Alias, { page: model })) };
}

export function renderNotFound(
  ctx: SiteContext,
  templates: Templates,
  _path: string,
  { errors }: PageProblems,
): RenderedPage {
  const model = notFoundPage(ctx);
  const { inner, chrome } = inLayout(ctx, templates, model, templates.NotFound, errors);
  const html = DOCTYPE + inner;
  return { route: model.route.path, html, ...(chrome && placed(html, chrome, model)) };
}

/**
 * Builds the model of one page. Problems in the page's Markdown (links to unknown routes,
 * missing images) are pushed to `errors` with the Markdown file's line.
 */
export function buildPageModel(
  ctx: SiteContext,
  route: RouteEntry,
  kind: RouteRendering & Pick<RouteKindTraits, "indexed" | "heroFirst" | "scripts">,
  errors: PpgError[],
): AnyPageModel {
  const { site } = ctx.manifest;
  const file = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const md = file ? renderBody(ctx, file, errors) : undefined;
  const sourceIds = file && md ? markdownIds(file, md) : undefined;
  const base: PageBase = {
    site,
    search: ctx.search,
    route,
    assets: ctx.assetsFor(kind.scripts),
    logo: ctx.images.attributes(site.logo.src, site.logo.alt, { priority: !kind.heroFirst }),
    // Set by the schedule under `drafts: "show"` only: a build never renders such a page.
    unpublished: (route as { unpublished?: PageBase["unpublished"] }).unpublished,
    ...(sourceIds?.length && { sourceIds }),
    head: {
      title: route.title,
      description: route.description,
      canonical: absoluteUrl(site, route.path),
      ogType: "website",
      ogImage: ogImageFor(ctx, route.image ?? defaultShareImage(ctx.manifest)),
      jsonLd: [],
      ...(!kind.indexed && { noindex: true }),
    },
  };
  const related = (route.related ?? []).map((p) => cardFor(ctx, p));
  const input = { ctx, route, base, md, html: md?.html ?? "", fm: file?.frontMatter ?? {}, related, errors };
  return kind.model(input as never);
}

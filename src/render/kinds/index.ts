/**
 * The page kinds, as the render stage takes them: one module per kind of route, each making its
 * page's model from what every page has (buildPageModel). A new kind is a module here and a line
 * in KINDS, beside its component in templates/index.ts. The 404 page, which no route has, is
 * not-found.ts.
 */
import { defaultShareImage } from "../../assets/share-images.ts";
import type { PpgError } from "../../core/errors.ts";
import type { RouteEntry, RouteKind } from "../../manifest/types.ts";
import type { PageBase, PageModel } from "../model.ts";
import { markdownIds, renderBody } from "../page-body.ts";
import { cardFor, ogImageFor, type PageInput, type SiteContext } from "../page-model.ts";
import { absoluteUrl } from "../structured-data.ts";
import { articlePage } from "./article.ts";
import { authorPage } from "./author.ts";
import { directoryPage } from "./directory.ts";
import { homePage } from "./home.ts";
import { indexPage } from "./index-grid.ts";
import { searchPage } from "./search.ts";
import { videosPage } from "./videos.ts";

// Spelled out rather than PageKind<K>: one function may serve two kinds (article and recipe).
const KINDS: { [K in RouteKind]: (input: PageInput<Extract<RouteEntry, { kind: K }>>) => PageModel } = {
  home: homePage,
  article: articlePage,
  recipe: articlePage,
  directory: directoryPage,
  resorts: directoryPage,
  index: indexPage,
  videos: videosPage,
  search: searchPage,
  author: authorPage,
};

/**
 * Builds the model of one page. Problems in the page's Markdown (links to unknown routes,
 * missing images) are pushed to `errors` with the Markdown file's line.
 */
export function buildPageModel(ctx: SiteContext, route: RouteEntry, errors: PpgError[]): PageModel {
  const { site } = ctx.manifest;
  const file = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const md = file ? renderBody(ctx, file, errors) : undefined;
  const sourceIds = file && md ? markdownIds(file, md) : undefined;
  const base: PageBase = {
    site,
    nav: ctx.manifest.nav,
    search: ctx.search,
    route,
    assets: ctx.assetsFor(route.kind),
    logo: ctx.images.attributes(site.logo.src, site.logo.alt, { priority: route.kind !== "home" }),
    year: ctx.year,
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
    },
  };
  const related = (route.related ?? []).map((p) => cardFor(ctx, p));
  // Each kind's function takes its own routes: KINDS pairs them.
  const kind = KINDS[route.kind] as (input: PageInput) => PageModel;
  return kind({ ctx, route, base, md, html: md?.html ?? "", fm: file?.frontMatter ?? {}, related, errors });
}

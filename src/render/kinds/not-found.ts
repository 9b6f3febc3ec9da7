import { defaultShareImage } from "../../assets/share-images.ts";
import { NOT_FOUND_PAGE } from "../../core/output-names.ts";
import type { NotFoundModel } from "../model.ts";
import { cardFor, ogImageFor, type SiteContext } from "../page-model.ts";

/**
 * The 404 page, a kind no route of site.yaml has: the page hosts serve for a path the site lacks,
 * with the search box and the cards of `site.notFound.suggestions`. Never indexed.
 */
export function notFoundPage(ctx: SiteContext): NotFoundModel {
  const { site } = ctx.manifest;
  const route = {
    path: NOT_FOUND_PAGE.route,
    title: "Page not found",
    description: `This page could not be found on ${site.name}.`,
  };
  const logo = ctx.images.attributes(site.logo.src, site.logo.alt, { priority: true });
  // The cross-reference check has made sure every suggestion names a route or alias.
  const suggestions = (site.notFound?.suggestions ?? []).map((p) => cardFor(ctx, p));
  return {
    site,
    search: ctx.search,
    route,
    assets: ctx.assetsFor([]),
    logo,
    head: {
      title: route.title,
      description: route.description,
      canonical: `${site.url}${NOT_FOUND_PAGE.route}`,
      ogType: "website",
      ogImage: ogImageFor(ctx, defaultShareImage(ctx.manifest)),
      jsonLd: [],
      noindex: true,
    },
    suggestions,
  };
}

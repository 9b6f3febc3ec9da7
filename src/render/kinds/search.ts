import type { SearchItem } from "../model.ts";
import type { PageKind, SiteContext } from "../page-model.ts";

/** The search page: the search box's list and every other page a reader may look for. */
export const searchPage: PageKind<"search"> = ({ ctx, base, html, related }) => {
  return { ...base, kind: "search", html, related, pages: searchPageItems(ctx) };
};

/**
 * What the /search page lists: the search box's list (which the spec fixes), then every other page
 * of a kind listed on it (articles, recipes and index pages), so a page left out of the box can
 * still be found on /search.
 */
function searchPageItems(ctx: SiteContext): SearchItem[] {
  const listed = new Set(ctx.search.map((item) => ctx.aliases.get(item.path) ?? item.path));
  const more = ctx.manifest.routes
    .filter((r) => ctx.kinds[r.kind].onSearchPage && !listed.has(r.path))
    .map((r) => ({ title: r.title, path: r.path }));
  return [...ctx.search, ...more];
}

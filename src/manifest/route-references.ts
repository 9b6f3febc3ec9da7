import type { Manifest, RouteEntry } from "./types.ts";
import type { PathSegment } from "./yaml-path.ts";

/** What names the route, as the error for an unknown one says it. */
export type ReferenceKind =
  | "nav link"
  | "footer link"
  | "search item"
  | "404 suggestion"
  | "related card"
  | "index card"
  | "slide link"
  | "card"
  | "thumbnail";

/** One place where site.yaml names a route or alias. */
export interface RouteReference {
  path: string;
  /** Where in site.yaml, for the error's file:line:col. */
  at: PathSegment[];
  what: ReferenceKind;
  /** The route whose page shows this path's card or link; absent for what every page or the 404 page shows. */
  shownOn?: string;
}

/**
 * Every path site.yaml names, in document order. The cross-reference check makes sure each names
 * a route or alias, and dev mode re-renders the pages that show a route whose entry changed:
 * a new field that names routes is added here, once, and both follow.
 */
export function routeReferences(manifest: Manifest): RouteReference[] {
  const refs: RouteReference[] = [];
  (manifest.site.footerLinks ?? []).forEach((link, i) =>
    refs.push({ path: link.path, at: ["site", "footerLinks", i, "path"], what: "footer link" }),
  );
  manifest.site.notFound?.suggestions.forEach((path, i) =>
    refs.push({ path, at: ["site", "notFound", "suggestions", i], what: "404 suggestion" }),
  );
  manifest.nav.forEach((menu, m) =>
    menu.items.forEach((item, i) =>
      refs.push({ path: item.path, at: ["nav", m, "items", i, "path"], what: "nav link" }),
    ),
  );
  (manifest.search ?? []).forEach((path, i) => refs.push({ path, at: ["search", i], what: "search item" }));
  manifest.routes.forEach((route, r) => refs.push(...pageReferences(route, r)));
  return refs;
}

/** The paths one route's page shows as cards or links; `index` is its place in `routes`. */
function pageReferences(route: RouteEntry, index: number): RouteReference[] {
  const refs: RouteReference[] = [];
  const at = (...rest: PathSegment[]): PathSegment[] => ["routes", index, ...rest];
  const add = (path: string, where: PathSegment[], what: ReferenceKind) =>
    refs.push({ path, at: where, what, shownOn: route.path });
  route.related?.forEach((path, i) => add(path, at("related", i), "related card"));
  route.cards?.forEach((path, i) => add(path, at("cards", i), "index card"));
  const home = route.home;
  if (home) {
    home.slides.forEach((s, i) => add(s.path, at("home", "slides", i, "path"), "slide link"));
    home.culture.forEach((p, i) => add(p, at("home", "culture", i), "card"));
    home.cuisine.forEach((p, i) => add(p, at("home", "cuisine", i), "card"));
    home.thumbnails.forEach((t, i) => add(t.path, at("home", "thumbnails", i, "path"), "thumbnail"));
  }
  return refs;
}

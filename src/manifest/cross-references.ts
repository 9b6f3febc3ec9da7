import { PpgError } from "../core/errors.ts";
import type { Manifest } from "./types.ts";
import type { PathSegment, YamlSource } from "./yaml-source.ts";
import { formatPath } from "./yaml-source.ts";

/**
 * The checks a JSON Schema cannot express: unique paths, and every path the manifest mentions
 * naming a route or alias that exists.
 */
export function checkCrossReferences(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const fail = (code: PpgError["code"], path: PathSegment[], message: string, hint: string) =>
    errors.push(new PpgError(code, message, { location: source.locate(path), path: formatPath(path), hint }));

  const firstSeen = new Map<string, number>();
  manifest.routes.forEach((route, i) => {
    const earlier = firstSeen.get(route.path);
    if (earlier !== undefined) {
      fail("RouteDuplicate", ["routes", i, "path"], `duplicate route path '${route.path}' (also routes[${earlier}])`, "Each path may be declared once: remove or rename one of them.");
    } else firstSeen.set(route.path, i);
  });

  const aliasTargets = new Map<string, string>();
  (manifest.aliases ?? []).forEach((alias, i) => {
    if (firstSeen.has(alias.from)) {
      fail("AliasIsRoute", ["aliases", i, "from"], `alias '${alias.from}' is also a route`, "An alias must be a path that has no page of its own.");
    }
    if (!firstSeen.has(alias.to)) {
      fail("RouteNotFound", ["aliases", i, "to"], `alias target '${alias.to}' is not a route`, suggest(alias.to, firstSeen.keys()));
    }
    aliasTargets.set(alias.from, alias.to);
  });

  const known = (path: string) => firstSeen.has(path) || aliasTargets.has(path);
  const expectRoute = (path: string, at: PathSegment[], what: string) => {
    if (!known(path)) fail("RouteNotFound", at, `${what} '${path}' is not a route or alias`, suggest(path, firstSeen.keys()));
  };

  manifest.nav.forEach((menu, m) => menu.items.forEach((item, i) => expectRoute(item.path, ["nav", m, "items", i, "path"], "nav link")));
  (manifest.search ?? []).forEach((path, i) => expectRoute(path, ["search", i], "search item"));
  (manifest.site.footerLinks ?? []).forEach((link, i) => expectRoute(link.path, ["site", "footerLinks", i, "path"], "footer link"));

  manifest.routes.forEach((route, r) => {
    route.related?.forEach((path, i) => {
      const at = ["routes", r, "related", i];
      if (path === route.path || aliasTargets.get(path) === route.path) {
        fail("RelatedSelf", at, `related card '${path}' is the page itself`, "Name three other pages.");
      } else expectRoute(path, at, "related card");
    });
    route.cards?.forEach((path, i) => expectRoute(path, ["routes", r, "cards", i], "index card"));
    if (route.author && !(route.author in manifest.authors)) {
      fail("AuthorNotFound", ["routes", r, "author"], `unknown author '${route.author}'`, `Use one of: ${Object.keys(manifest.authors).join(", ")}.`);
    }
    if (route.dates && !(route.dates.created <= route.dates.published && route.dates.published <= route.dates.modified)) {
      fail("DatesOutOfOrder", ["routes", r, "dates"], "dates are out of order", "created must be on or before published, and published on or before modified.");
    }
    const home = route.home;
    if (home) {
      home.slides.forEach((s, i) => expectRoute(s.path, ["routes", r, "home", "slides", i, "path"], "slide link"));
      home.culture.forEach((p, i) => expectRoute(p, ["routes", r, "home", "culture", i], "card"));
      home.cuisine.forEach((p, i) => expectRoute(p, ["routes", r, "home", "cuisine", i], "card"));
      home.thumbnails.forEach((t, i) => expectRoute(t.path, ["routes", r, "home", "thumbnails", i, "path"], "thumbnail"));
    }
  });
  return errors;
}

/** A hint that names the closest existing route, when one is close enough to be a typo. */
export function suggest(path: string, candidates: Iterable<string>): string {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = editDistance(path.toLowerCase(), c.toLowerCase());
    if (d < bestScore) [best, bestScore] = [c, d];
  }
  if (best && bestScore <= Math.max(3, Math.floor(path.length / 5))) return `Did you mean '${best}'?`;
  return "Add the route to site.yaml, add an alias, or fix the path.";
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

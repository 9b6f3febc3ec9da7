import { PpgError, type ErrorCode } from "../core/errors.ts";
import type { ErrorParams } from "../core/errors-data.ts";
import { closestPath } from "../core/closest-path.ts";
import { decodeUriPath, parsedUrl } from "../core/url-path.ts";
import { ROUTE_PATH } from "./schema.ts";
import { routeReferences } from "./route-references.ts";
import type { Manifest } from "./types.ts";
import type { PathSegment, YamlSource } from "./yaml-path.ts";
import { formatPath } from "./yaml-path.ts";

/**
 * The checks a JSON Schema cannot express: unique paths, and every path the manifest mentions
 * (routeReferences) naming a route or alias that exists.
 */
export function checkCrossReferences(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  // `hint` only where the call knows better than the catalogue (a near match, the authors defined).
  const fail = <C extends ErrorCode>(code: C, path: PathSegment[], params: ErrorParams<C>, hint?: string) =>
    errors.push(new PpgError(code, params, { location: source.locate(path), path: formatPath(path), hint }));

  const origin = siteOrigin(manifest.site.url);
  if (origin !== manifest.site.url)
    fail("SiteUrlInvalid", ["site", "url"], { url: manifest.site.url, ...(origin !== undefined && { origin }) });

  // Every path site.yaml names, in its one form: a path written otherwise is reported once, here,
  // not again as naming no route.
  const uncanonical = new Set<string>();
  const named: [string, PathSegment[], string][] = [
    ...manifest.routes.map((r, i): [string, PathSegment[], string] => [r.path, ["routes", i, "path"], "route"]),
    ...(manifest.aliases ?? []).flatMap((a, i): [string, PathSegment[], string][] => [
      [a.from, ["aliases", i, "from"], "alias"],
      [a.to, ["aliases", i, "to"], "alias target"],
    ]),
    ...routeReferences(manifest).map((ref): [string, PathSegment[], string] => [ref.path, ref.at, ref.what]),
  ];
  for (const [path, at, what] of named) {
    const problem = canonicalPathProblem(path);
    if (problem) {
      uncanonical.add(path);
      fail("RoutePathNotCanonical", at, { what, path, ...problem });
    }
  }

  const firstSeen = new Map<string, number>();
  manifest.routes.forEach((route, i) => {
    const earlier = firstSeen.get(route.path);
    if (earlier !== undefined) {
      fail("RouteDuplicate", ["routes", i, "path"], { path: route.path, first: earlier });
    } else firstSeen.set(route.path, i);
  });

  // Every route's path, once, for "did you mean" (indexed the first time a path is not found).
  let routePaths: string[] | undefined;
  const routes = () => (routePaths ??= [...firstSeen.keys()]);
  const aliasTargets = new Map<string, string>();
  (manifest.aliases ?? []).forEach((alias, i) => {
    if (firstSeen.has(alias.from)) {
      fail("AliasIsRoute", ["aliases", i, "from"], { from: alias.from });
    }
    if (!firstSeen.has(alias.to) && !uncanonical.has(alias.to)) {
      fail(
        "RouteNotFound",
        ["aliases", i, "to"],
        { what: "alias target", path: alias.to },
        suggest(alias.to, routes()),
      );
    }
    aliasTargets.set(alias.from, alias.to);
  });

  const known = (path: string) => firstSeen.has(path) || aliasTargets.has(path);
  const expectRoute = (path: string, at: PathSegment[], what: string) => {
    if (!known(path) && !uncanonical.has(path)) fail("RouteNotFound", at, { what, path }, suggest(path, routes()));
  };

  for (const ref of routeReferences(manifest)) {
    if (ref.what === "related card" && (ref.path === ref.shownOn || aliasTargets.get(ref.path) === ref.shownOn)) {
      fail("RelatedSelf", ref.at, { path: ref.path });
    } else expectRoute(ref.path, ref.at, ref.what);
  }

  manifest.routes.forEach((route, r) => {
    if (route.author && !Object.hasOwn(manifest.authors, route.author)) {
      fail(
        "AuthorNotFound",
        ["routes", r, "author"],
        { author: route.author },
        `Use one of: ${Object.keys(manifest.authors).join(", ")}.`,
      );
    }
    if (
      route.dates &&
      !(route.dates.created <= route.dates.published && route.dates.published <= route.dates.modified)
    ) {
      fail("DatesOutOfOrder", ["routes", r, "dates"], {
        created: String(route.dates.created),
        published: String(route.dates.published),
        modified: String(route.dates.modified),
      });
    }
    route.dates?.revised?.forEach((day, d) => {
      const { published, modified } = route.dates ?? { published: day, modified: day };
      if (!(published <= day && day < modified))
        fail("RevisedOutOfRange", ["routes", r, "dates", "revised", d], { day, published, modified });
    });
    if (route.expires && route.dates && route.expires < route.dates.published) {
      fail("ExpiresBeforePublished", ["routes", r, "expires"], {
        expires: route.expires,
        published: route.dates.published,
      });
    }
  });

  const menus = manifest.nav.map((m) => m.label);
  (manifest.site.offline?.packs ?? []).forEach((pack, p) =>
    pack.menus?.forEach((menu, m) => {
      if (!menus.includes(menu))
        fail("OfflinePackMenuUnknown", ["site", "offline", "packs", p, "menus", m], { menu, menus });
    }),
  );
  return errors;
}

/**
 * The origin `url` serializes to by the WHATWG URL Standard, which is what site.url must be
 * written as: an http(s) scheme, a host in lower case (punycode), a port only when it is not the
 * scheme's default, nothing after it. A query or fragment once ended up inside every canonical
 * URL (`https://x.example?x=1/beaches`). A path is refused too: pages link each other
 * by root-relative paths, so a site served under one would link out of it.
 */
export function siteOrigin(url: string): string | undefined {
  const parsed = parsedUrl(url);
  return parsed?.protocol === "http:" || parsed?.protocol === "https:" ? parsed.origin : undefined;
}

/**
 * Why a route path is not in its one canonical form, or undefined: written with the characters
 * themselves, never percent-escaped (`/café`, not `/caf%C3%A9`: hosts decode a request's path to
 * find the file, so both would name one page under two spellings, and a generated link to the
 * escaped one was broken), in Unicode NFC (the form keyboards type: a decomposed é
 * would be another file name). An escaped '.' or '/' (`/%2e%2e`) would name another path
 * altogether: browsers resolve `/%2e%2e` to `/`, getting round the rule against dot segments. A
 * last segment `index` is another spelling of its folder to every host.
 */
export function canonicalPathProblem(
  path: string,
): { why: "escape" | "dot segment" | "malformed" | "not NFC" | "index"; canonical?: string } | undefined {
  // Hosts answer /a/index (and /index) with a redirect to /a/ (their folder index): a page there
  // would never be served at its own URL, and /index would be written over the home page.
  if (/(^|\/)index$/i.test(path)) return { why: "index" };
  if (path.includes("%")) {
    const segments = path.split("/").slice(1).map(decodeComponentOr);
    if (segments.some((s) => s === undefined)) return { why: "malformed" };
    if (segments.some((s) => s === "." || s === ".." || s!.includes("/"))) return { why: "dot segment" };
    const canonical = `/${segments.join("/")}`.normalize("NFC");
    return ROUTE_PATH().test(canonical) ? { why: "escape", canonical } : { why: "escape" };
  }
  const nfc = path.normalize("NFC");
  return nfc === path ? undefined : { why: "not NFC", canonical: nfc };
}

function decodeComponentOr(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * A hint that names the route a path most likely meant, by the words it names or as a typo (the
 * "did you mean" of every path, core/closest-path.ts; `candidates` is indexed the first time it is
 * given, so pass the same collection for every path checked).
 */
export function suggest(path: string, candidates: Iterable<string>): string {
  const near = closestPath(path, candidates);
  return near !== undefined ? `Did you mean '${near}'?` : "Add the route to site.yaml, add an alias, or fix the path.";
}

/** A file name may be 255 bytes on every common filesystem; a page is `segment/index.html` or `segment.html`. */
const MAX_SEGMENT_BYTES = 250;

/**
 * A route or alias path whose segment is too long to be a file name (ENAMETOOLONG), reported at
 * the site.yaml line, not as a write error in the output folder. Which file each path
 * may take is output/claims.ts's to say.
 */
export function checkOutputNames(manifest: Manifest, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  const check = (path: string, at: PathSegment[], what: string) => {
    const long = path
      .split("/")
      .slice(1)
      .find((s) => Buffer.byteLength(decodeUriPath(s) ?? s) > MAX_SEGMENT_BYTES);
    // Located only when wrong: locating parses the manifest again with positions (0.5 s for 4,000 routes).
    if (long !== undefined)
      errors.push(
        new PpgError(
          "PathTooLong",
          { what, path, bytes: Buffer.byteLength(long), max: MAX_SEGMENT_BYTES },
          { location: source.locate(at), path: formatPath(at) },
        ),
      );
  };
  manifest.routes.forEach((route, i) => check(route.path, ["routes", i, "path"], "route"));
  (manifest.aliases ?? []).forEach((alias, i) => check(alias.from, ["aliases", i, "from"], "alias"));
  return errors;
}

import { dayAfter } from "../core/dates.ts";
import { PpgError } from "../core/errors.ts";
import { decodeUriPath } from "../core/url-path.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
import { bodyAnswer } from "../content/kept-markdown.ts";
import type { ContentIndex } from "../content/load.ts";
import { renderMarkdown } from "../content/markdown.ts";
import { routeReferences, type ReferenceKind } from "../manifest/route-references.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";

/**
 * Drafts and schedules: which routes a build publishes on a given day. One pure function of the
 * manifest, the content and the clock, applied once where the site is loaded, so that no later
 * stage (pages, menus, cards, sitemap, feed, search index, author pages) ever sees a page that is
 * not published: it is simply not in the manifest they are given.
 *
 * A route is unpublished while it has `draft: true`, before its `dates.published` day, and after
 * its `expires` day (Hugo's draft, publishDate and expiryDate, https://gohugo.io/methods/page/draft/).
 * Days are compared as YYYY-MM-DD strings, on the clock's day.
 */
export type UnpublishedStatus = "draft" | "scheduled" | "expired";

/** `drafts: "show"` (dev mode) keeps every route and marks the unpublished ones for a banner. */
export interface ScheduleOptions {
  /** Today, as YYYY-MM-DD (resolveClock). */
  clock: string;
  drafts: "hide" | "show";
}

export interface Unpublished {
  path: string;
  status: UnpublishedStatus;
  /** The day it is published (scheduled) or the day it expired. */
  date?: string;
}

/** The route as the page model sees it under `drafts: "show"`: the banner to show, if any. */
export type ScheduledRoute = RouteEntry & { unpublished?: Unpublished };

export interface Schedule {
  clock: string;
  drafts: ScheduleOptions["drafts"];
  /** The routes left out (hide) or shown with a banner (show). */
  unpublished: Unpublished[];
  /** The next day the output of a build will differ if nothing else changes, and why. */
  next?: { date: string; why: string };
}

export interface Scheduled {
  manifest: Manifest;
  /** site.yaml, located through the published manifest's own indices. */
  source: YamlSource;
  content: ContentIndex;
  schedule: Schedule;
  /** Published pages naming unpublished ones: LinkToUnpublished, each at its place. */
  errors: PpgError[];
}

/**
 * Lists of pages simply lose an unpublished one; a place that must show that very page (a related
 * card, a slide, a footer or 404 link, a link in prose) is an error, as a link to no route is.
 */
const LISTS: ReadonlySet<ReferenceKind> = new Set(["nav link", "search item", "index card", "card", "thumbnail"]);

export function applySchedule(
  manifest: Manifest,
  source: YamlSource,
  content: ContentIndex,
  opts: ScheduleOptions,
): Scheduled {
  const { clock } = opts;
  const status = new Map<string, Unpublished>();
  for (const route of manifest.routes) {
    const found = unpublishedOn(route, clock);
    if (found) status.set(route.path, found);
  }
  const schedule: Schedule = {
    clock,
    drafts: opts.drafts,
    unpublished: [...status.values()],
    next: nextChange(manifest, clock),
  };
  if (opts.drafts === "show")
    return { manifest: markUnpublished(manifest, clock), source, content, schedule, errors: [] };
  if (status.size === 0) return { manifest, source, content, schedule, errors: [] };

  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  const hiddenAs = (path: string) => status.get(aliases.get(path) ?? path);
  const errors: PpgError[] = [];
  const dropped = new Set<string>();
  for (const ref of routeReferences(manifest)) {
    const target = hiddenAs(ref.path);
    if (!target || (ref.shownOn && status.has(ref.shownOn))) continue;
    if (LISTS.has(ref.what)) dropped.add(JSON.stringify(ref.at));
    else
      errors.push(linkError(ref.what, ref.path, target, { location: source.locate(ref.at), path: formatPath(ref.at) }));
  }
  errors.push(...proseLinks(manifest, content, status, hiddenAs));

  // Each list that lost items keeps the old index of every item it kept, so that an error found
  // later at `routes[3]` of the published manifest is reported at the line of site.yaml's entry.
  const remap = new Map<string, number[]>();
  const keep = <T>(items: T[], at: PathSegment[], gone: (item: T, i: number) => boolean): T[] => {
    const kept: number[] = [];
    const left: T[] = [];
    items.forEach((item, i) => {
      if (gone(item, i)) return;
      kept.push(i);
      left.push(item);
    });
    if (kept.length === items.length) return items;
    remap.set(JSON.stringify(at), kept);
    return left;
  };
  const isDropped = (...at: PathSegment[]) => dropped.has(JSON.stringify(at));
  // Each route with its index in site.yaml, where its lists' items are located.
  const all = manifest.routes.map((route, r) => ({ route, r }));
  const routes = keep(all, ["routes"], ({ route }) => status.has(route.path)).map(({ route, r }, v): RouteEntry => {
    let out = route;
    if (route.cards)
      out = {
        ...out,
        cards: keep(route.cards, ["routes", v, "cards"], (_, i) => isDropped("routes", r, "cards", i)),
      } as RouteEntry;
    if (route.home) {
      const { home } = route;
      out = {
        ...out,
        home: {
          ...home,
          culture: keep(home.culture, ["routes", v, "home", "culture"], (_, i) =>
            isDropped("routes", r, "home", "culture", i),
          ),
          cuisine: keep(home.cuisine, ["routes", v, "home", "cuisine"], (_, i) =>
            isDropped("routes", r, "home", "cuisine", i),
          ),
          thumbnails: keep(home.thumbnails, ["routes", v, "home", "thumbnails"], (_, i) =>
            isDropped("routes", r, "home", "thumbnails", i, "path"),
          ),
        },
      } as RouteEntry;
    }
    return out;
  });
  const menus = manifest.nav.map((menu, m) => ({
    menu,
    m,
    items: menu.items.filter((_, i) => !isDropped("nav", m, "items", i, "path")),
  }));
  const nav = keep(menus, ["nav"], ({ items }) => items.length === 0).map(({ menu, m, items }, v) =>
    items.length === menu.items.length
      ? menu
      : { ...menu, items: keep(menu.items, ["nav", v, "items"], (_, i) => isDropped("nav", m, "items", i, "path")) },
  );
  const published: Manifest = { ...manifest, routes, nav };
  if (manifest.search) published.search = keep(manifest.search, ["search"], (_, i) => isDropped("search", i));
  // An alias of an unpublished page would redirect to nothing: it goes with its page.
  if (manifest.aliases) published.aliases = keep(manifest.aliases, ["aliases"], (a) => status.has(a.to));

  const named = new Set(routes.flatMap((r) => [r.content, r.listings]).filter((n): n is string => Boolean(n)));
  const shown = <V>(files: Map<string, V>) => new Map([...files].filter(([name]) => named.has(name)));
  return {
    manifest: published,
    source: remapped(source, remap, published),
    content: {
      ...content,
      markdown: shown(content.markdown),
      listings: shown(content.listings),
      listingSources: shown(content.listingSources),
    },
    schedule,
    errors,
  };
}

/** Dev mode's manifest: every route kept, the unpublished ones carrying what their banner says. */
export function markUnpublished(manifest: Manifest, clock: string): Manifest {
  let marked = false;
  const routes = manifest.routes.map((route): ScheduledRoute => {
    const unpublished = unpublishedOn(route, clock);
    if (!unpublished) return route;
    marked = true;
    return { ...route, unpublished };
  });
  return marked ? { ...manifest, routes } : manifest;
}

function unpublishedOn(route: RouteEntry, clock: string): Unpublished | undefined {
  if (route.draft) return { path: route.path, status: "draft" };
  const published = route.dates?.published;
  if (published && published > clock) return { path: route.path, status: "scheduled", date: published };
  if (route.expires && route.expires < clock) return { path: route.path, status: "expired", date: route.expires };
  return undefined;
}

/**
 * The first day after the clock's on which a page is published or expires, or the year in every
 * footer turns: the day a scheduled build has something new to publish.
 */
function nextChange(manifest: Manifest, clock: string): Schedule["next"] {
  const year = Number(clock.slice(0, 4));
  let next = { date: `${year + 1}-01-01`, why: "the footer's year changes" };
  const sooner = (date: string, why: string) => {
    if (date > clock && date < next.date) next = { date, why };
  };
  for (const route of manifest.routes) {
    if (route.draft) continue;
    const published = route.dates?.published;
    if (published) sooner(published, `${route.path} is published`);
    if (route.expires) sooner(dayAfter(route.expires), `${route.path} expires`);
  }
  return next;
}

/** Links in the Markdown of published pages to unpublished ones, at their line and column. */
function proseLinks(
  manifest: Manifest,
  content: ContentIndex,
  status: Map<string, Unpublished>,
  hiddenAs: (path: string) => Unpublished | undefined,
): PpgError[] {
  const errors: PpgError[] = [];
  const seen = new Set<string>();
  for (const route of manifest.routes) {
    if (!route.content || status.has(route.path) || seen.has(route.content)) continue;
    seen.add(route.content);
    const file = content.markdown.get(route.content);
    if (!file) continue;
    for (const { path, line, column } of pathsLinked(file)) {
      const hidden = hiddenAs(path);
      if (hidden) errors.push(linkError("link", path, hidden, { location: { file: file.file, line, column } }));
    }
  }
  return errors;
}

/** The site's paths a Markdown body links to, each at its line and column in the file; kept with the file. */
function pathsLinked(file: MarkdownFile): { path: string; line: number; column: number }[] {
  return bodyAnswer(file, "paths linked", "", (body) => {
    const lines = body.split("\n");
    return renderMarkdown(body).references.flatMap((ref) => {
      if (ref.kind !== "link") return [];
      const target = decodeUriPath(ref.href);
      if (!target?.startsWith("/") || target.startsWith("//")) return [];
      const column = (lines[ref.line - 1] ?? "").indexOf(`](${ref.href.split("#")[0]}`) + 3;
      return [{ path: target.split(/[?#]/)[0] || "/", line: ref.line + file.bodyLine, column: Math.max(column, 1) }];
    });
  });
}

function linkError(
  what: string,
  path: string,
  target: Unpublished,
  at: ConstructorParameters<typeof PpgError>[2],
): PpgError {
  return new PpgError(
    "LinkToUnpublished",
    target.date ? { what, path, status: target.status, date: target.date } : { what, path, status: target.status },
    at,
  );
}

/** site.yaml located through the published manifest's indices (see `remap` in applySchedule). */
function remapped(source: YamlSource, remap: Map<string, number[]>, published: Manifest): YamlSource {
  if (remap.size === 0) return source;
  return {
    file: source.file,
    // The data its paths are paths of. Once the whole manifest's: a walk of it (the images every
    // route names) found a draft's hero image at routes[3], which this source then located at
    // the published routes[3], the next route's entry in site.yaml.
    data: published,
    locate(path, opts) {
      const shown: PathSegment[] = [];
      const original = path.map((seg) => {
        const kept = typeof seg === "number" ? remap.get(JSON.stringify(shown)) : undefined;
        shown.push(seg);
        return kept ? (kept[seg as number] ?? seg) : seg;
      });
      return source.locate(original, opts);
    },
  };
}

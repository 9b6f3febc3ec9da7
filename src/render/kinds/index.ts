/**
 * The page-kind registry: one record per kind of page, and the one place that knows what a kind
 * is. A route's kind (site.yaml's `kind`) names its record, which says how its page is made (its
 * model, in this folder, and its component in templates/index.ts) and what every other stage may
 * ask of it: whether it is indexed, what it reads, whether it is in the feed, listed on the search
 * and author pages, drawn in the structured-data image ratios, what scripts it loads and what its
 * front matter must hold. Two kinds of page have no route: an alias a host cannot redirect, served
 * as a page, and the 404 page. No other module names a kind; each asks here.
 *
 * A new kind, step by step (test/engine/page-kinds.test.ts adds one so):
 * 1. its name in site.yaml's schema (schema/site.schema.json, the `kind` enum and the kind's own
 *    fields), then `npm run gen:types`;
 * 2. its model, a module in this folder;
 * 3. its template, a component in templates/pages/, named in templates/index.ts;
 * 4. its record below;
 * 5. a field of its own that names routes (a list of cards, a link) added to
 *    manifest/route-references.ts, so a mistyped route there is an error at its line, not a crash.
 */
import { aliasPages } from "../../manifest/host-limits.ts";
import type { Manifest, RouteKind } from "../../manifest/types.ts";
import { NOT_FOUND_PAGE, pageFile } from "../../core/output-names.ts";
import type { RouteKindTraits } from "../model.ts";
import type { AnyPageModel, PageKind, SiteContext } from "../page-model.ts";
import {
  renderAlias,
  renderNotFound,
  renderRoute,
  type PageProblems,
  type RenderedPage,
  type RouteRendering,
  type Templates,
} from "../render.tsx";
import { articlePage } from "./article.ts";
import { authorPage } from "./author.ts";
import { directoryPage } from "./directory.ts";
import { homePage } from "./home.ts";
import { indexPage } from "./index-grid.ts";
import { searchPage } from "./search.ts";
import { videosPage } from "./videos.ts";

/** What the pipeline asks of any kind of page. */
export interface PageKindRecord {
  /** Renders the page at `path` (a route's, an alias's, the 404 page's). */
  render(ctx: SiteContext, templates: Templates, path: string, problems: PageProblems): RenderedPage;
  /** In the site's search index and sitemap, and open to search engines. */
  indexed: boolean;
  /** A page that only sends the reader on to another: not counted among the site's pages. */
  redirect: boolean;
  /**
   * The pages of a kind no route has, by path, each with its file when the path does not name it
   * (the kinds of routes have site.yaml's routes).
   */
  pages?: (manifest: Manifest) => { route: string; file?: string }[];
}

/** A kind a route can have: the traits every stage may ask of it, how it renders. */
export interface RouteKindRecord extends PageKindRecord, RouteKindTraits, RouteRendering {}

const TRAVEL = { term: "travel", label: "Travel and culture" };
const RECIPES = { term: "recipes", label: "Recipes" };

/** A route kind's record: what it says, over the defaults of a plain indexed page. */
function route<K extends RouteKind>(
  record: { model: PageKind<K, AnyPageModel>; template: string } & Partial<RouteKindTraits>,
): RouteKindRecord {
  const traits = {
    indexed: true,
    listings: false,
    schemaImages: false,
    onSearchPage: false,
    authorProfile: false,
    heroFirst: false,
    offlineShell: false,
    scripts: [],
    redirect: false,
    ...record,
  };
  // Bound, not wrapped: the record decides the model and the template, and render.tsx does the rest.
  return { ...traits, render: renderRoute.bind(undefined, traits) };
}

export const ROUTE_KINDS: { readonly [K in RouteKind]: RouteKindRecord } = {
  home: route({ model: homePage, template: "Home", heroFirst: true, scripts: ["home"] }),
  article: route({
    model: articlePage,
    template: "Article",
    feed: TRAVEL,
    schemaImages: true,
    onSearchPage: true,
    byAuthor: "articles",
    newPage: { as: "article", folder: "travel" },
  }),
  recipe: route({
    model: articlePage,
    template: "Recipe",
    feed: RECIPES,
    schemaImages: true,
    onSearchPage: true,
    byAuthor: "recipes",
    frontMatter: { required: ["recipe"], note: "A recipe page also needs its recipe: block." },
    newPage: { as: "recipe", folder: "recipes" },
  }),
  directory: route({
    model: directoryPage,
    template: "Directory",
    listings: true,
    newPage: { as: "listing", folder: "directories" },
  }),
  resorts: route({ model: directoryPage, template: "Directory", listings: true }),
  index: route({ model: indexPage, template: "IndexGrid", onSearchPage: true }),
  videos: route({ model: videosPage, template: "Videos" }),
  search: route({
    model: searchPage,
    template: "Search",
    indexed: false,
    offlineShell: true,
    scripts: ["search-page"],
  }),
  author: route({ model: authorPage, template: "Author", authorProfile: true }),
};

/** The kinds of page no route has. */
const ROUTELESS: { readonly [K in "alias" | "404"]: PageKindRecord & Required<Pick<PageKindRecord, "pages">> } = {
  /** An alias the host cannot redirect (GitHub Pages, or past a host's limits): a page that refreshes to its target. */
  alias: {
    render: renderAlias,
    indexed: false,
    redirect: true,
    pages: (manifest) => [...aliasPages(manifest)].map((route) => ({ route })),
  },
  /** The page hosts serve for any path the site lacks. */
  "404": {
    render: renderNotFound,
    indexed: false,
    redirect: false,
    // At the root in either format: every host looks for 404.html there.
    pages: () => [{ route: NOT_FOUND_PAGE.route, file: NOT_FOUND_PAGE.file }],
  },
};

export type PageKindName = RouteKind | keyof typeof ROUTELESS;

const PAGE_KINDS: { readonly [K in PageKindName]: PageKindRecord } = { ...ROUTE_KINDS, ...ROUTELESS };

/** A kind's record. */
export function kindOf(name: PageKindName): PageKindRecord {
  return PAGE_KINDS[name];
}

/** A page of the site: its path, its kind, and the file it is written to (the one place a page's file is named). */
export interface SitePage {
  route: string;
  kind: PageKindName;
  file: string;
}

/** Every page the site has, in a fixed order: each route's, then each kind no route has. */
export function sitePages(manifest: Manifest): SitePage[] {
  const format = manifest.site.build?.format;
  const pages = manifest.routes.map((r): SitePage => ({ route: r.path, kind: r.kind, file: pageFile(r.path, format) }));
  // In this order, whatever order an object's keys take ("404" would come first, as a number).
  for (const kind of ["alias", "404"] as const)
    for (const { route, file } of ROUTELESS[kind].pages(manifest))
      pages.push({ route, kind, file: file ?? pageFile(route, format) });
  return pages;
}

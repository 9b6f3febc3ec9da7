import type { ComponentType, ReactNode } from "react";
import type { ImageAttributes } from "../assets/images.ts";
import type { Source } from "../content/front-matter.ts";
import type { Heading } from "../content/markdown.ts";
import type { ExchangeRate, FigureModel } from "../content/fact-figures.ts";
import type { Author, Banner, NavMenu, RouteEntry, SiteSettings } from "../manifest/types.ts";
import type { SourceLocation } from "../core/errors.ts";
import type { SharedPart } from "../links/extract.ts";
import type { JsonLd } from "./structured-data.ts";

/** One page rendered: a complete HTML document. */
export interface RenderedPage {
  /** The route path, or the alias path for a redirect page. */
  route: string;
  html: string;
  /** Parts of `html` that many pages share (the header and footer), and where they start in it. */
  shared?: SharedPart[];
  /** The ids its Markdown gives, where each is written: checked unique with the page's scan (render-pages.ts). */
  sourceIds?: SourceId[];
  /** Where its header and footer are, for a later build to replace them (chrome.ts). */
  chrome?: ChromePlace;
}

/**
 * Where a page's header and footer contents sit in its HTML (each one's offset and length, in the string's
 * characters), and whether its logo loads eagerly: what a later build needs to put new ones in their place.
 */
export interface ChromePlace {
  header: [at: number, length: number];
  footer: [at: number, length: number];
  eager: boolean;
}

/**
 * A fact that can change (site.yaml's `facts`), as a `::fact` box, a slide or a card shows it.
 * `confirmed`: the newest date among the sources that state what it shows.
 */
export interface FactView {
  id: string;
  subject: string;
  status?: "open" | "closed";
  since?: string;
  text: string;
  sources: Source[];
  confirmed?: string;
  /** A figure's value as `{{fact:ID}}` inserts it, when it was stated, whether it is this guide's own. */
  value?: string;
  date?: string;
  guide?: boolean;
  /** The other figures, as site.yaml gives them. */
  earlier: { value: string; date: string; guide?: boolean; source?: string }[];
  /**
   * A figure's display: the one to plan on, the announced, suspended or disputed ones, this guide's
   * own unconfirmed ones, the older ones (fact-figures.ts).
   */
  figure?: FigureModel;
  /** The exchange rates its approximate amounts were converted at, newest first: the box names each. */
  rates: ExchangeRate[];
}

/** What every template receives: the data of one page, already resolved and checked. */
export interface CardModel {
  path: string;
  title: string;
  description: string;
  image?: ImageAttributes;
}

export interface SearchItem {
  title: string;
  path: string;
  /** The page's front-matter keywords: the search box matches them too. */
  keywords?: string[];
}

export interface HeadModel {
  title: string;
  description: string;
  canonical: string;
  ogType: "article" | "website";
  /** The social preview image: a raster 1200×630 copy of the page image where one was made. */
  ogImage?: { url: string; width?: number; height?: number; type?: string; alt: string };
  jsonLd: JsonLd[];
  noindex?: boolean;
  refresh?: string;
}

export interface PageBase {
  site: SiteSettings;
  search: SearchItem[];
  route: RouteEntry;
  head: HeadModel;
  /** Hashed URLs of the stylesheet and the scripts this page loads. */
  assets: { css: string; scripts: string[] };
  logo: ImageAttributes;
  /** Dev mode only: the page is not published on the clock's day (site/schedule.ts), shown with a banner. */
  unpublished?: { status: "draft" | "scheduled" | "expired"; date?: string };
  /** The ids the page's Markdown gives its elements, where each is written (render.tsx: a page's ids are unique). */
  sourceIds?: SourceId[];
}

/** An id the sources give an element of a page, and where it is written. */
export interface SourceId {
  id: string;
  location: SourceLocation;
}

export interface ArticleBody {
  hero?: ImageAttributes & { caption?: string };
  /** `page`: the author's page, where the site has one. */
  author: Author & { page?: string; avatarImage: ImageAttributes };
  dates: NonNullable<RouteEntry["dates"]>;
  section?: string;
  html: string;
  toc: Heading[];
  /** The front matter's `sources:`, listed at the end of the article. */
  sources: Source[];
  related: CardModel[];
  /** The index page that lists this page (recipes link back to the cuisine index). */
  parent?: CardModel;
}

export interface AliasModel {
  site: SiteSettings;
  from: string;
  to: string;
  title: string;
  canonical: string;
}

/** The 404 page: a kind of its own, which no route of site.yaml has (its path is core/output-names.ts's). */
export interface NotFoundModel extends Omit<PageBase, "route"> {
  route: Pick<RouteEntry, "path" | "title" | "description">;
  suggestions: CardModel[];
}

/**
 * What every stage may ask of a kind of page a route can have: one record per kind in the registry
 * (kinds/index.ts), which adds how the kind renders. Data only, so a page model can read the other
 * kinds' (which to list on an author's page) through its SiteContext without importing the registry.
 */
export interface RouteKindTraits {
  /** In the site's search index and sitemap, and open to search engines (false: noindex). */
  indexed: boolean;
  /** Reads a listings file of content/ (its route's `listings`), which is part of its key. */
  listings: boolean;
  /** An entry of the Atom feed (output/feed.ts), under this category, when it is dated. */
  feed?: { term: string; label: string };
  /** Its image is drawn in the three ratios structured data asks for (assets/share-images.ts). */
  schemaImages: boolean;
  /** Listed on the search page after the search box's own list (kinds/search.ts). */
  onSearchPage: boolean;
  /** Listed on its author's page, in this list (kinds/author.ts). */
  byAuthor?: "articles" | "recipes";
  /** Presents the author its route names: that author's bylines link to it. */
  authorProfile: boolean;
  /** Its hero comes first, so the header's logo may load lazily. */
  heroFirst: boolean;
  /** Kept with every offline pack of menus, so a reader offline can still use it (the search page). */
  offlineShell: boolean;
  /** The scripts it loads besides every page's (entry names of src/client/entries/). */
  scripts: readonly string[];
  /** What its Markdown's front matter must hold besides the common fields, and why (editor schemas). */
  frontMatter?: { required: string[]; note: string };
  /**
   * `ppguide new AS SLUG` makes a page of this kind, its Markdown in `folder` of content/ when the site
   * has none of the kind yet (site/new-page.ts; its stub follows the traits above: a listings file,
   * a recipe block).
   */
  newPage?: { as: string; folder: string };
}

/** What the layout reads of any page. */
export type LayoutModel = Pick<PageBase, "site" | "search" | "assets" | "logo" | "unpublished"> & {
  head: HeadModel;
  route: { path: string };
};

/**
 * What the header and footer read, and all they may: the site, its menus, its search list and the clock's year,
 * which nav link is the current page's (`route.path`, "" when none is) and the logo. The menus and the year reach no
 * other part of a page, so a page whose header or footer alone changed is given the new ones in place of the old
 * (engine/page-keys.ts, `chrome`) instead of being rendered again.
 */
export type ChromeModel = Pick<PageBase, "site" | "search" | "logo"> & {
  nav: NavMenu[];
  year: number;
  route: { path: string };
};

/** The contents of a page's header and footer, as HTML: rendered once a build per variant (chrome.ts). */
export interface Chrome {
  header: string;
  footer: string;
}

/**
 * What the render stage needs of a site's templates (templates/index.ts implements it): the
 * layout with its header and footer, one component per page kind, and the parts directives place.
 * Declared here, below the templates, so that rendering never imports them: they are given.
 */
export interface Templates {
  Layout: ComponentType<{ page: LayoutModel; chrome: Chrome; children?: ReactNode }>;
  Header: ComponentType<{ page: ChromeModel }>;
  Footer: ComponentType<{ page: ChromeModel }>;
  /**
   * The page components, by the names the kinds' records give (kinds/index.ts `template`). Each takes
   * its own kind's model: checked where templates/index.ts declares them.
   */
  pages: Record<string, ComponentType<{ page: never }>>;
  AffiliateBanner: ComponentType<{ banner: Banner }>;
  FactNotice: ComponentType<{ fact: FactView }>;
  /** `{{fact:ID}}` in prose: the value, and on its `first` insertion on a page its date and earlier figures. */
  FactValue: ComponentType<{ fact: FactView; first: boolean }>;
  VideoEmbed: ComponentType<{
    id?: string;
    title: string;
    summary?: string;
    search?: string;
    poster?: ImageAttributes;
  }>;
  Alias: ComponentType<{ page: AliasModel }>;
  NotFound: ComponentType<{ page: NotFoundModel }>;
}

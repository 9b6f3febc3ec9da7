import type { ComponentType, ReactNode } from "react";
import type { ImageAttributes } from "../assets/images.ts";
import type { RecipeData, Source } from "../content/front-matter.ts";
import type { Heading } from "../content/markdown.ts";
import type { FigureModel } from "../content/fact-figures.ts";
import type { Listing } from "../content/listings.ts";
import type { PhoneLink } from "../content/phones.ts";
import type { Author, Banner, HomeData, NavMenu, RouteEntry, SiteSettings, Video } from "../manifest/types.ts";
import type { SourceLocation } from "../core/errors.ts";
import type { JsonLd } from "./structured-data.ts";

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
  /** A figure's display: the one to plan on, this guide's own unconfirmed ones, the older ones (fact-figures.ts). */
  figure?: FigureModel;
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
  nav: NavMenu[];
  search: SearchItem[];
  route: RouteEntry;
  head: HeadModel;
  /** Hashed URLs of the stylesheet and the scripts this page loads. */
  assets: { css: string; scripts: string[] };
  logo: ImageAttributes;
  year: number;
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

export type PageModel =
  | (PageBase & { kind: "article" } & ArticleBody)
  | (PageBase & { kind: "recipe"; recipe: RecipeData } & ArticleBody)
  | DirectoryPage
  | (PageBase & {
      kind: "index";
      html: string;
      cards: CardModel[];
      columns: number;
      related: CardModel[];
      sources: Source[];
    })
  | (PageBase & {
      kind: "videos";
      html: string;
      videos: (Omit<Video, "poster"> & { poster?: ImageAttributes })[];
      related: CardModel[];
    })
  | (PageBase & { kind: "search"; html: string; related: CardModel[]; pages: SearchItem[]; indexShards: string[] })
  | (PageBase & {
      kind: "author";
      html: string;
      author: Author & { page: string; avatarImage: ImageAttributes };
      articles: CardModel[];
      recipes: CardModel[];
    })
  | (PageBase & {
      kind: "home";
      home: HomeData;
      slides: (HomeData["slides"][number] & { imageAttrs: ImageAttributes; factViews: FactView[] })[];
      culture: CardModel[];
      cuisine: CardModel[];
      thumbnails: CardModel[];
      banners: Banner[];
    });

export type DirectoryPage = PageBase & {
  kind: "directory" | "resorts";
  html: string;
  /** `anchor`: the card's id, which the search index's result for the listing links to. */
  listings: (Listing & {
    imageAttrs: ImageAttributes;
    websiteLabel?: string;
    phoneLink?: PhoneLink;
    checked?: { text: string; datetime?: string };
    town: string;
    mapUrl: string;
    anchor: string;
    factViews: FactView[];
  })[];
  columns: number;
  related: CardModel[];
};

export type PageOf<K extends PageModel["kind"]> = K extends "directory" | "resorts"
  ? DirectoryPage
  : Extract<PageModel, { kind: K }>;

export interface AliasModel {
  site: SiteSettings;
  from: string;
  to: string;
  title: string;
  canonical: string;
}

/** The 404 page: a kind of its own, which no route of site.yaml has (its path is core/not-found-page.ts's). */
export interface NotFoundModel extends Omit<PageBase, "route"> {
  kind: "404";
  route: Pick<RouteEntry, "path" | "title" | "description">;
  suggestions: CardModel[];
}

/** What the layout, header and footer read of any page. */
export type LayoutModel = Pick<PageBase, "site" | "nav" | "search" | "assets" | "logo" | "year" | "unpublished"> & {
  head: HeadModel;
  route: { path: string };
};

/**
 * What the render stage needs of a site's templates (templates/index.ts implements it): the
 * layout with its header and footer, one component per page kind, and the parts directives place.
 * Declared here, below the templates, so that rendering never imports them: they are given.
 */
export interface Templates {
  Layout: ComponentType<{ page: LayoutModel; children?: ReactNode }>;
  Header: ComponentType<{ page: LayoutModel }>;
  Footer: ComponentType<{ page: LayoutModel }>;
  // Each page component takes its own kind's model: checked where templates/index.ts declares them.
  pages: Record<PageModel["kind"], ComponentType<{ page: never }>>;
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

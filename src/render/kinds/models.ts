/**
 * The model of each kind of page the site's own templates render: what templates/pages/ receive,
 * by kind. A kind added elsewhere declares its own beside its model (render/page-model.ts AnyPageModel).
 */
import type { ImageAttributes } from "../../assets/images.ts";
import type { RecipeData, Source } from "../../content/front-matter.ts";
import type { Listing } from "../../content/listings.ts";
import type { PhoneLink } from "../../content/phones.ts";
import type { Author, Banner, HomeData, Video } from "../../manifest/types.ts";
import type { ArticleBody, CardModel, FactView, PageBase, SearchItem } from "../model.ts";

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
  | (PageBase & { kind: "search"; html: string; related: CardModel[]; pages: SearchItem[] })
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

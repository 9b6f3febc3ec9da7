import type { RecipeData } from "../content/front-matter.ts";
import type { Listing } from "../content/listings.ts";
import { phoneLink } from "../content/phones.ts";
import type { Author, RouteEntry, SiteSettings } from "../manifest/types.ts";
import { absoluteUrl } from "../core/output-names.ts";

/**
 * JSON-LD objects, built from the same data the page shows. See https://schema.org and Google's structured data
 * guidelines.
 */
export type JsonLd = Record<string, unknown>;

function publisher(site: SiteSettings): JsonLd {
  return {
    "@type": "Organization",
    name: site.name,
    url: `${site.url}/`,
    logo: {
      "@type": "ImageObject",
      url: absoluteUrl(site, site.logo.png),
      width: site.logo.width,
      height: site.logo.height,
    },
  };
}

function person(site: SiteSettings, author: Author, page?: string): JsonLd {
  return {
    "@type": "Person",
    name: author.name,
    // The author's page: Google reads `url` to tell writers of the same name apart.
    url: page && absoluteUrl(site, page),
    jobTitle: author.role,
    email: `mailto:${author.email}`,
    image: absoluteUrl(site, author.avatar),
    worksFor: { "@type": "Organization", name: site.name },
  };
}

/**
 * An author's page: a ProfilePage about the Person.
 * https://developers.google.com/search/docs/appearance/structured-data/profile-page
 */
export function profilePage(site: SiteSettings, route: RouteEntry, author: Author): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    name: route.title,
    url: absoluteUrl(site, route.path),
    inLanguage: site.language,
    mainEntity: person(site, author, route.path),
  };
}

/** `@handle` of a Twitter/X profile URL; undefined for the network's home page or anything else. */
export function twitterHandle(url: string | undefined): string | undefined {
  const match = url && /^https?:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/?$/.exec(url);
  return match ? `@${match[1]}` : undefined;
}

export interface ArticleFacts {
  site: SiteSettings;
  route: RouteEntry;
  author: Author;
  /** The author's page, where the site has one. */
  authorPage?: string;
  section?: string;
  genre?: string;
  about?: string;
  keywords?: string[];
  imageSize?: { width: number; height: number };
  /**
   * Raster copies of the page image in 16:9, 4:3 and 1:1 (site-relative URLs), which Google asks
   * for in Article and Recipe results; they replace the SVG, which it does not index.
   */
  images?: { url: string; width: number; height: number }[];
  /** Plain-text opening of the body, for articleBody. */
  summary: string;
}

export function blogPosting(f: ArticleFacts): JsonLd {
  const { site, route } = f;
  const url = absoluteUrl(site, route.path);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: route.title,
    description: route.description,
    image: f.images?.length
      ? imageObjects(f)
      : route.image && {
          "@type": "ImageObject",
          url: absoluteUrl(site, route.image.src),
          width: f.imageSize?.width,
          height: f.imageSize?.height,
          caption: route.image.caption ?? route.image.alt,
        },
    author: person(site, f.author, f.authorPage),
    publisher: publisher(site),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    dateCreated: route.dates?.created,
    datePublished: route.dates?.published,
    dateModified: route.dates?.modified,
    inLanguage: site.language,
    isAccessibleForFree: true,
    articleSection: f.section,
    genre: f.genre,
    about: f.about && { "@type": "Thing", name: f.about },
    keywords: f.keywords?.join(", "),
    articleBody: f.summary,
  };
}

function imageObjects({ site, route, images = [] }: ArticleFacts): JsonLd[] {
  const caption = route.image?.caption ?? route.image?.alt;
  return images.map((i) => ({
    "@type": "ImageObject",
    url: absoluteUrl(site, i.url),
    width: i.width,
    height: i.height,
    caption,
  }));
}

/** ISO 8601 duration, as recipe rich results require: 65 → PT1H5M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m || !h ? `${m}M` : ""}`;
}

export function recipe(f: ArticleFacts & { recipe: RecipeData }): JsonLd {
  const { site, route, recipe: r } = f;
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: route.title,
    description: route.description,
    image: f.images?.length ? imageObjects(f) : route.image ? [absoluteUrl(site, route.image.src)] : undefined,
    author: person(site, f.author, f.authorPage),
    datePublished: route.dates?.published,
    dateModified: route.dates?.modified,
    prepTime: r.prepMinutes !== undefined ? isoDuration(r.prepMinutes) : undefined,
    totalTime: r.totalMinutes !== undefined ? isoDuration(r.totalMinutes) : undefined,
    recipeYield: r.yield ? [String(r.servings), r.yield] : String(r.servings),
    recipeCategory: r.category,
    recipeCuisine: "Dominican",
    keywords: f.keywords?.join(", "),
    recipeIngredient: r.ingredients,
    recipeInstructions: r.instructions.map((text, i) => ({
      "@type": "HowToStep",
      position: i + 1,
      text,
      url: `${absoluteUrl(site, route.path)}#step-${i + 1}`,
    })),
    nutrition:
      r.calories != null
        ? { "@type": "NutritionInformation", calories: `${r.calories} calories`, servingSize: "1 serving" }
        : undefined,
    // `calories: null`: the editor found no source that gives them, and says so; nothing to warn about.
    ...(r.calories === null && { [UNSOURCED]: ["nutrition"] }),
  };
}

/**
 * The recommended properties a node leaves out because no source gives them, as its content says
 * (a recipe's `calories: null`): the structured data check does not warn about them. A symbol, so
 * the JSON-LD written to the page never holds it.
 */
export const UNSOURCED = Symbol("recommended properties no source gives");

/** Splits 'Puerto Plata 57000' or 'Sosúa, Puerto Plata' into schema.org PostalAddress parts. */
export function postalAddress(item: Pick<Listing, "address1" | "address2">): JsonLd {
  const withCode = /^(.*?),?\s+(\d{5})$/.exec(item.address2.trim());
  const [locality, region] = (withCode ? (withCode[1] ?? "") : item.address2).split(",").map((s) => s.trim());
  return {
    "@type": "PostalAddress",
    streetAddress: item.address1 || undefined,
    addressLocality: locality,
    addressRegion: region || (locality === "Puerto Plata" ? undefined : "Puerto Plata"),
    postalCode: withCode?.[2],
    addressCountry: "DO",
  };
}

export function collectionPage(site: SiteSettings, route: RouteEntry, items: JsonLd[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: route.title,
    description: route.description,
    url: absoluteUrl(site, route.path),
    inLanguage: site.language,
    isAccessibleForFree: true,
    publisher: publisher(site),
    // An empty ItemList tells search engines nothing (a videos page before its videos are chosen).
    mainEntity: items.length
      ? {
          "@type": "ItemList",
          numberOfItems: items.length,
          itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, item })),
        }
      : undefined,
  };
}

/** schema.org types that are a Service: it has no address or telephone, so they go on its provider. */
const SERVICE_TYPES = new Set([
  "Service",
  "TaxiService",
  "BroadcastService",
  "CableOrSatelliteService",
  "FinancialProduct",
  "FoodService",
  "GovernmentService",
  "WebAPI",
]);

export function listingItem(site: SiteSettings, itemType: string, item: Listing): JsonLd {
  // With its country code, as Google asks of a LocalBusiness's telephone.
  const place = { address: postalAddress(item), telephone: phoneLink(item.phone)?.international };
  const common = {
    "@type": itemType,
    name: item.name,
    description: item.description,
    image: absoluteUrl(site, item.image),
    url: item.link || undefined,
  };
  if (SERVICE_TYPES.has(itemType)) {
    return {
      ...common,
      areaServed: { "@type": "City", name: place.address.addressLocality },
      provider: { "@type": "LocalBusiness", name: item.name, ...place },
    };
  }
  return {
    ...common,
    ...place,
    starRating:
      item.rating !== undefined
        ? { "@type": "Rating", ratingValue: item.rating, bestRating: 5, worstRating: 1 }
        : undefined,
  };
}

/**
 * A video with a real id. Google requires name, thumbnailUrl and uploadDate of a VideoObject
 * (https://developers.google.com/search/docs/appearance/structured-data/video): the poster is the
 * thumbnail, else the service's own still; the upload date only ever comes from site.yaml.
 */
export function videoObject(
  site: SiteSettings,
  v: { id: string; title: string; summary?: string; poster?: string; uploaded?: string },
): JsonLd {
  return {
    "@type": "VideoObject",
    name: v.title,
    description: v.summary,
    thumbnailUrl: v.poster ? absoluteUrl(site, v.poster) : `https://i.ytimg.com/vi/${v.id}/hqdefault.jpg`,
    uploadDate: v.uploaded,
    embedUrl: `https://www.youtube-nocookie.com/embed/${v.id}`,
  };
}

export function website(site: SiteSettings): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    url: `${site.url}/`,
    inLanguage: site.language,
    publisher: publisher(site),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.url}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** JSON for a <script> element: `<` escaped so no string in it can close the element. */
export function serializeJsonLd(data: JsonLd): string {
  const json = JSON.stringify(data);
  return json.includes("<") ? json.replace(/</g, "\\u003c") : json;
}

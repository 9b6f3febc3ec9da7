/**
 * What every page's model is made from: the site context a render thread keeps for a build, the
 * cards and facts pages share, and the contract of a page kind (kinds/, one module per kind).
 */
import type { ImageService } from "../assets/images.ts";
import type { FrontMatter } from "../content/front-matter.ts";
import type { ContentIndex } from "../content/load.ts";
import type { RenderedMarkdown } from "../content/markdown.ts";
import type { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import type { Manifest, RouteEntry, RouteKind } from "../manifest/types.ts";
import { factViewOf } from "./fact-text.ts";
import type { CardModel, FactView, HeadModel, PageBase, RouteKindTraits, SearchItem } from "./model.ts";
import type { PageModel } from "./kinds/models.ts";
import { absoluteUrl } from "../core/output-names.ts";

/** Article text is about 760 px wide (.container-narrow): its images never need more. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 800px) 760px, 100vw";

export interface SiteContext {
  manifest: Manifest;
  content: ContentIndex;
  images: ImageService;
  /** What the registry says of each kind a route can have (kinds/index.ts), for pages that list other pages. */
  kinds: Readonly<Record<RouteKind, RouteKindTraits>>;
  /** The stylesheet and the scripts a page loads besides every page's (its kind's `scripts`). */
  assetsFor: (scripts: readonly string[]) => PageBase["assets"];
  routes: Map<string, RouteEntry>;
  /** Each route's index in the manifest's routes: where a problem the page finds is in site.yaml. */
  routeIndex: Map<string, number>;
  aliases: Map<string, string>;
  search: SearchItem[];
  year: number;
  /** For each page listed by an index, the first index that lists it. */
  parents: Map<string, string>;
  /** Rendered header and footer, by the nav path they mark as current ('' for none), with the images they read. */
  chrome: Map<string, { value: { header: string; footer: string }; reads: string[] }>;
  /** Cards made so far, by path (cardFor), with the images they read. */
  cards: Map<string, { value: CardModel; reads: string[] }>;
  /** Each author's page (a route of kind `author`), by author id: bylines link it. */
  authorPages: Map<string, string>;
}

export function createSiteContext(
  manifest: Manifest,
  content: ContentIndex,
  images: ImageService,
  kinds: SiteContext["kinds"],
  assetsFor: SiteContext["assetsFor"],
  build: Pick<SiteContext, "year">,
): SiteContext {
  const routes = new Map(manifest.routes.map((r) => [r.path, r]));
  const routeIndex = new Map(manifest.routes.map((r, i) => [r.path, i]));
  const aliases = new Map((manifest.aliases ?? []).map((a) => [a.from, a.to]));
  // Menus, cards and lists may name an alias; the page links its target, which answers 200 where
  // the alias costs a redirect.
  const target = (path: string) => aliases.get(path) ?? path;
  if (aliases.size) {
    const { site, nav } = manifest;
    manifest = {
      ...manifest,
      nav: nav.map((menu) => ({ ...menu, items: menu.items.map((item) => ({ ...item, path: target(item.path) })) })),
      site: site.footerLinks
        ? { ...site, footerLinks: site.footerLinks.map((link) => ({ ...link, path: target(link.path) })) }
        : site,
    };
  }
  const search = (manifest.search ?? []).map((alias) => {
    const path = target(alias);
    // The manifest's cross-references refused a search item that is not a route or an alias of one.
    const route = expected(routes.get(path), `the route of search item ${alias}`);
    // Keywords let the search box find a page by a dish it covers ('mangu' → Top 8 Dominican Dishes).
    const keywords = route.content ? content.markdown.get(route.content)?.frontMatter.keywords : undefined;
    return keywords?.length ? { title: route.title, path, keywords } : { title: route.title, path };
  });
  const parents = new Map<string, string>();
  for (const r of manifest.routes) for (const p of r.cards ?? []) if (!parents.has(p)) parents.set(p, r.path);
  const authorPages = new Map(
    manifest.routes.flatMap((r) => (kinds[r.kind].authorProfile && r.author ? [[r.author, r.path] as const] : [])),
  );
  return {
    manifest,
    content,
    images,
    kinds,
    assetsFor,
    routes,
    routeIndex,
    aliases,
    search,
    parents,
    chrome: new Map(),
    cards: new Map(),
    authorPages,
    ...build,
  };
}

/**
 * A card for any route or alias path: the target's short title, description and image. Made once
 * per path and build (every article shows three related cards and its index's): templates only
 * read it.
 */
export function cardFor(ctx: SiteContext, path: string): CardModel {
  const made = ctx.cards.get(path);
  if (made) {
    // Each page that shows the card reads its image, made once or not.
    ctx.images.replay(made.reads);
    return made.value;
  }
  // The manifest's cross-references refused a card for a path that is not a route or an alias of one.
  const route = expected(ctx.routes.get(ctx.aliases.get(path) ?? path), `the route of a card for ${path}`);
  const card = ctx.images.capture(
    (): CardModel => ({
      path: route.path,
      title: route.cardTitle ?? route.title,
      description: route.description,
      image: route.image
        ? ctx.images.attributes(route.image.src, route.image.alt, {
            sizes: "(min-width: 992px) 380px, (min-width: 576px) 50vw, 100vw",
          })
        : undefined,
    }),
  );
  ctx.cards.set(path, card);
  return card.value;
}

/** A fact of site.yaml as templates show it; undefined for an id the load stage has reported (FactUnknown). */
export function factView(ctx: SiteContext, id: string): FactView | undefined {
  return factViewOf(ctx.manifest, id);
}

/** The raster 1200×630 copy of the page image where one was made; else the image itself. */
export function ogImageFor(ctx: SiteContext, image: NonNullable<RouteEntry["image"]>): HeadModel["ogImage"] {
  const { site } = ctx.manifest;
  const raster = ctx.images.ogImage(image.src);
  return raster
    ? {
        url: absoluteUrl(site, raster.url),
        width: raster.width,
        height: raster.height,
        type: raster.type,
        alt: image.alt,
      }
    : { url: absoluteUrl(site, image.src), alt: image.alt };
}

/** What a page kind (kinds/) makes its page's model from. */
export interface PageInput<R extends RouteEntry = RouteEntry> {
  ctx: SiteContext;
  route: R;
  /** What every page has; the kind completes its head (JSON-LD, noindex, ogType). */
  base: PageBase;
  /** The route's Markdown, rendered and checked (render.tsx); `html` is its HTML, or '' without one. */
  md?: RenderedMarkdown;
  html: string;
  fm: FrontMatter;
  /** The route's related cards. */
  related: CardModel[];
  /** Where the kind reports a mistake in the route's sources. */
  errors: PpgError[];
}

/** A page kind's model: the model of a page of a route of kind K (its record in kinds/index.ts names it). */
export type PageKind<K extends RouteKind, M extends AnyPageModel = PageModel> = (
  input: PageInput<Extract<RouteEntry, { kind: K }>>,
) => M;

/** Any kind's page model: what every page has, and its kind (PageModel is the union of the site's own kinds). */
export type AnyPageModel = PageBase & { kind: string };

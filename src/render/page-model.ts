import { locateHref } from "../content/locate-href.ts";
import { decodeHTML } from "entities";
import { imageHtml, type ImageService } from "../assets/images.ts";
import { defaultShareImage } from "../assets/share-images.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { CONTENT_DIR, type ContentIndex, type MarkdownFile } from "../content/load.ts";
import { checkedLabel, listingAnchor, listingTown, mapSearchUrl, websiteLabel } from "../content/listings.ts";
import { phoneLink } from "../content/phones.ts";
import { rawHtmlProblems } from "../content/raw-html.ts";
import { decodeUriPath } from "../core/url-path.ts";
import { placeImages, renderMarkdown, type RenderedMarkdown } from "../content/markdown.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { lastConfirmed } from "../content/facts.ts";
import type {
  ArticleBody,
  CardModel,
  FactView,
  HeadModel,
  PageBase,
  PageModel,
  SearchItem,
  SourceId,
} from "./model.ts";
import {
  absoluteUrl,
  blogPosting,
  collectionPage,
  listingItem,
  profilePage,
  recipe as recipeJsonLd,
  videoObject,
  website,
  type JsonLd,
} from "./structured-data.ts";
import { withOrigin } from "./structured-data-check.ts";

/** Article text is about 760 px wide (.container-narrow): its images never need more. */
const ARTICLE_IMAGE_SIZES = "(min-width: 800px) 760px, 100vw";

export interface SiteContext {
  manifest: Manifest;
  content: ContentIndex;
  images: ImageService;
  /** The stylesheet and the scripts a page of this kind loads. */
  assetsFor: (kind: string) => PageBase["assets"];
  routes: Map<string, RouteEntry>;
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
  /** The search index's shards after the first, which the search page merges (output/search-index.ts). */
  indexShards: string[];
  /** The site folder, to locate a page's structured-data problems in its files (structured-data-check.ts). */
  root?: string;
}

export function createSiteContext(
  manifest: Manifest,
  content: ContentIndex,
  images: ImageService,
  assetsFor: SiteContext["assetsFor"],
): SiteContext {
  const routes = new Map(manifest.routes.map((r) => [r.path, r]));
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
    const route = routes.get(path)!;
    // Keywords let the search box find a page by a dish it covers ('mangu' → Top 8 Dominican Dishes).
    const keywords = route.content ? content.markdown.get(route.content)?.frontMatter.keywords : undefined;
    return keywords?.length ? { title: route.title, path, keywords } : { title: route.title, path };
  });
  const parents = new Map<string, string>();
  for (const r of manifest.routes)
    if (r.kind === "index") for (const p of r.cards ?? []) if (!parents.has(p)) parents.set(p, r.path);
  const authorPages = new Map(
    manifest.routes.flatMap((r) => (r.kind === "author" ? [[r.author, r.path] as const] : [])),
  );
  return {
    manifest,
    content,
    images,
    assetsFor,
    routes,
    aliases,
    search,
    parents,
    year: new Date().getFullYear(),
    chrome: new Map(),
    cards: new Map(),
    authorPages,
    indexShards: [],
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
  const route = ctx.routes.get(ctx.aliases.get(path) ?? path)!;
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

/**
 * Builds the model of one page. Problems in the page's Markdown (links to unknown routes,
 * missing images) are pushed to `errors` with the Markdown file's line.
 */
export function buildPageModel(ctx: SiteContext, route: RouteEntry, errors: PpgError[]): PageModel {
  const { site } = ctx.manifest;
  const file = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const md = file ? renderBody(ctx, file, errors) : undefined;
  const sourceIds = file && md ? markdownIds(file, md) : undefined;
  const fm = file?.frontMatter ?? {};
  const base: PageBase = {
    site,
    nav: ctx.manifest.nav,
    search: ctx.search,
    route,
    assets: ctx.assetsFor(route.kind),
    logo: ctx.images.attributes(site.logo.src, site.logo.alt, { priority: route.kind !== "home" }),
    year: ctx.year,
    // Set by the schedule under `drafts: "show"` only: a build never renders such a page.
    unpublished: (route as { unpublished?: PageBase["unpublished"] }).unpublished,
    ...(sourceIds?.length && { sourceIds }),
    head: {
      title: route.title,
      description: route.description,
      canonical: absoluteUrl(site, route.path),
      ogType: route.kind === "article" || route.kind === "recipe" ? "article" : "website",
      ogImage: ogImageFor(ctx, route.image ?? defaultShareImage(ctx.manifest)),
      jsonLd: [],
    },
  };
  const related = (route.related ?? []).map((p) => cardFor(ctx, p));
  const html = md?.html ?? "";

  switch (route.kind) {
    case "article":
    case "recipe": {
      const author = ctx.manifest.authors[route.author];
      const hero = route.image && {
        ...ctx.images.attributes(route.image.src, route.image.alt, { priority: true, sizes: ARTICLE_IMAGE_SIZES }),
        caption: route.image.caption,
      };
      const facts = {
        site,
        route,
        author,
        authorPage: ctx.authorPages.get(route.author),
        section: fm.section,
        genre: fm.genre,
        about: fm.about,
        keywords: fm.keywords,
        imageSize: hero?.width && hero.height ? { width: hero.width, height: hero.height } : undefined,
        images: route.image ? ctx.images.schemaImages(route.image.src) : undefined,
        summary: summarize(html),
      };
      const body: ArticleBody = {
        hero,
        author: {
          ...author,
          page: ctx.authorPages.get(route.author),
          avatarImage: ctx.images.attributes(author.avatar, "", {}),
        },
        dates: route.dates,
        section: fm.section,
        html,
        toc: fm.toc ? (md?.headings ?? []).filter((h) => h.level === 2 && h.id) : [],
        sources: fm.sources ?? [],
        related,
        parent: parentIndex(ctx, route.path),
      };
      base.head.jsonLd.push(blogPosting(facts));
      if (route.kind === "recipe") {
        if (!fm.recipe) {
          errors.push(
            new PpgError(
              "RecipeMissing",
              {},
              { location: { file: `${CONTENT_DIR}/${route.content}`, line: 1, column: 1 } },
            ),
          );
          return Object.assign(base, { kind: "article" as const }, body);
        }
        base.head.jsonLd.push(recipeJsonLd({ ...facts, recipe: fm.recipe }));
        return Object.assign(base, { kind: "recipe" as const, recipe: fm.recipe }, body);
      }
      // Object.assign, not spreads: two spreads into a new object were 19 µs a page.
      return Object.assign(base, { kind: "article" as const }, body);
    }
    case "directory":
    case "resorts": {
      const listings = ctx.content.listings.get(route.listings)!;
      const items = listings.items.map((item, i) => ({
        ...item,
        // The first card on a directory is usually above the fold on phones.
        imageAttrs: ctx.images.attributes(item.image, item.alt, {
          priority: i === 0,
          sizes: "(min-width: 992px) 380px, (min-width: 576px) 50vw, 100vw",
        }),
        websiteLabel: websiteLabel(item),
        phoneLink: phoneLink(item.phone),
        checked: checkedLabel(item),
        town: listingTown(item),
        mapUrl: mapSearchUrl(item),
        anchor: listingAnchor(item.id),
        factViews: (item.facts ?? []).flatMap((id) => factView(ctx, id) ?? []),
      }));
      base.head.jsonLd.push(
        collectionPage(
          site,
          route,
          listings.items.map((item, i) => withOrigin(listingItem(site, listings.itemType, item), { listing: i })),
        ),
      );
      return { ...base, kind: route.kind, html, listings: items, columns: route.columns ?? 2, related };
    }
    case "index": {
      const cards = route.cards.map((p) => cardFor(ctx, p));
      base.head.jsonLd.push(collectionPage(site, route, cards.map(cardJsonLd(ctx))));
      return { ...base, kind: "index", html, cards, columns: route.columns ?? 3, related, sources: fm.sources ?? [] };
    }
    case "videos": {
      const videos = route.videos.map((v) => ({
        ...v,
        poster: v.poster ? ctx.images.attributes(v.poster, "", {}) : undefined,
      }));
      // Only videos with a real id are VideoObjects: a card saying what a video will show is not one.
      const real = route.videos.flatMap((v, i) =>
        v.id ? [withOrigin(videoObject(site, v as typeof v & { id: string }), { video: i })] : [],
      );
      base.head.jsonLd.push(collectionPage(site, route, real));
      return { ...base, kind: "videos", html, videos, related };
    }
    case "search":
      base.head.noindex = isNoindex(route);
      return { ...base, kind: "search", html, related, pages: searchPageItems(ctx), indexShards: ctx.indexShards };
    case "author": {
      const author = ctx.manifest.authors[route.author];
      base.head.jsonLd.push(profilePage(site, route, author));
      // Newest first, as the feed lists them.
      const byAuthor = ctx.manifest.routes
        .filter((r) => (r.kind === "article" || r.kind === "recipe") && r.author === route.author)
        .sort((a, b) => (b.dates?.published ?? "").localeCompare(a.dates?.published ?? ""));
      return {
        ...base,
        kind: "author",
        html,
        author: {
          ...author,
          page: route.path,
          avatarImage: ctx.images.attributes(author.avatar, author.name, { priority: true }),
        },
        articles: byAuthor.filter((r) => r.kind === "article").map((r) => cardFor(ctx, r.path)),
        recipes: byAuthor.filter((r) => r.kind === "recipe").map((r) => cardFor(ctx, r.path)),
      };
    }
    case "home": {
      const home = route.home;
      base.head.jsonLd.push(website(site));
      return {
        ...base,
        kind: "home",
        home,
        slides: home.slides.map((s, i) => ({
          ...s,
          imageAttrs: ctx.images.attributes(s.image, s.alt, { priority: i === 0, sizes: "100vw" }),
          factViews: (s.facts ?? []).flatMap((id) => factView(ctx, id) ?? []),
        })),
        culture: home.culture.map((p) => cardFor(ctx, p)),
        cuisine: home.cuisine.map((p) => cardFor(ctx, p)),
        thumbnails: home.thumbnails.map((t) => ({ ...cardFor(ctx, t.path), title: t.label })),
        banners: (site.banners ?? []).slice(0, 2),
      };
    }
  }
}

/** A fact of site.yaml as templates show it; undefined for an id the load stage has reported (FactUnknown). */
export function factView(ctx: SiteContext, id: string): FactView | undefined {
  const fact = ctx.manifest.facts?.[id];
  if (!fact) return undefined;
  return {
    id,
    subject: fact.subject,
    status: fact.status,
    since: fact.since,
    text: fact.text,
    sources: fact.sources,
    confirmed: lastConfirmed(fact),
  };
}

/** Whether search engines (and the site's own index) are told to leave the route out: the search page only. */
export function isNoindex(route: Pick<RouteEntry, "kind">): boolean {
  return route.kind === "search";
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

/**
 * What the /search page lists: the search box's list (which the spec fixes), then every other
 * article, recipe and index page, so a page left out of the box can still be found on /search.
 */
export function searchPageItems(ctx: SiteContext): SearchItem[] {
  const listed = new Set(ctx.search.map((item) => ctx.aliases.get(item.path) ?? item.path));
  const more = ctx.manifest.routes
    .filter((r) => (r.kind === "article" || r.kind === "recipe" || r.kind === "index") && !listed.has(r.path))
    .map((r) => ({ title: r.title, path: r.path }));
  return [...ctx.search, ...more];
}

function parentIndex(ctx: SiteContext, path: string): CardModel | undefined {
  const index = ctx.parents.get(path);
  return index ? cardFor(ctx, index) : undefined;
}

function cardJsonLd(ctx: SiteContext) {
  return (card: CardModel): JsonLd => ({
    "@type": "WebPage",
    name: card.title,
    url: absoluteUrl(ctx.manifest.site, card.path),
  });
}

function renderBody(ctx: SiteContext, file: MarkdownFile, errors: PpgError[]): RenderedMarkdown {
  const rendered = renderMarkdown(file.body);
  const md = {
    ...rendered,
    html: placeImages(rendered, (src, alt) =>
      imageHtml(ctx.images.attributes(src, alt, { sizes: ARTICLE_IMAGE_SIZES })),
    ),
  };
  for (const ref of md.references) {
    const at = locateHref(file.body, ref.href, ref.line);
    const line = (at?.line ?? ref.line) + file.bodyLine;
    const lineText = file.body.split("\n")[(at?.line ?? ref.line) - 1] ?? "";
    const col = at?.column ?? 1;
    const target = decodeUriPath(ref.href);
    if (target === undefined) {
      // markdown-it has already escaped the stray '%' (`%A` → `%25A`): quote and place what was written.
      const at = lineText.indexOf(`](${ref.href.split("%")[0]}`) + 2;
      const written = at >= 2 ? /^[^\s)]*/.exec(lineText.slice(at))![0] : ref.href;
      errors.push(
        new PpgError(
          "UrlMalformed",
          { what: ref.kind === "image" ? "image" : "link", path: written },
          { location: { file: file.file, line, column: Math.max(at + 1, 1) } },
        ),
      );
      continue;
    }
    // What browsers follow is the WHATWG URL Standard: an address it cannot parse is a dead link,
    // reported where it was written, never published.
    if (!URL.canParse(ref.href, "https://site.invalid/")) {
      const at = lineText.indexOf(`](${ref.href.split(/[%[\]]/)[0]}`) + 2;
      const written = at >= 2 ? /^<[^>]*>|^[^\s)]*/.exec(lineText.slice(at))![0] : ref.href;
      errors.push(
        new PpgError(
          "UrlInvalid",
          { what: ref.kind, url: written },
          { location: { file: file.file, line, column: Math.max(at + 1, 1) } },
        ),
      );
      continue;
    }
    if (!target.startsWith("/") || target.startsWith("//")) continue;
    const path = target.split(/[?#]/)[0] || "/";
    const alias = ref.kind === "image" ? undefined : ctx.aliases.get(path);
    if (alias) {
      // Linked by its target: the alias would answer with a redirect first.
      md.html = md.html.replaceAll(
        `href="${ref.href}"`,
        `href="${encodeURI(alias)}${ref.href.slice(ref.href.split(/[?#]/)[0]!.length)}"`,
      );
      continue;
    }
    const known = ref.kind === "image" ? ctx.images.has(path) : ctx.routes.has(path) || ctx.images.has(path);
    if (known) continue;
    const location = { file: file.file, line, column: Math.max(col, 1) };
    errors.push(
      ref.kind === "image"
        ? new PpgError("AssetMissing", { what: "image", path: target }, { location })
        : new PpgError("RouteNotFound", { what: "link", path: target }, { location }),
    );
  }
  if (md.tooDeep !== undefined)
    errors.push(
      new PpgError(
        "MarkdownTooDeep",
        { file: file.file },
        { location: { file: file.file, line: md.tooDeep + file.bodyLine, column: 1 } },
      ),
    );
  if (md.rawHtml.length > 0) {
    const lines = file.body.split("\n");
    for (const [html, line] of md.rawHtml) {
      for (const problem of rawHtmlProblems(html)) {
        errors.push(
          new PpgError(
            "RawHtmlUnsafe",
            { what: problem.what },
            { location: rawHtmlLocation(file, lines, html, line, problem.offset) },
          ),
        );
      }
    }
  }
  return md;
}

/**
 * The ids the Markdown gives elements of the page, each where it is written: a heading's `{#id}`
 * and an `id` attribute in raw HTML. A page's ids must be unique (render.tsx checks the whole page).
 */
function markdownIds(file: MarkdownFile, md: RenderedMarkdown): SourceId[] {
  const ids: SourceId[] = [];
  const lines = file.body.split("\n");
  for (const h of md.headings) {
    if (h.id === undefined) continue;
    const text = lines[h.line - 1] ?? "";
    ids.push({
      id: h.id,
      location: {
        file: file.file,
        line: h.line + file.bodyLine,
        column: Math.max(1, text.lastIndexOf(`{#${h.id}}`) + 1),
      },
    });
  }
  for (const [html, line] of md.rawHtml) {
    for (const m of html.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi)) {
      ids.push({
        id: decodeHTML(m[1] ?? m[2] ?? m[3] ?? ""),
        location: rawHtmlLocation(file, lines, html, line, m.index + 1),
      });
    }
  }
  return ids;
}

/** Where `offset` of a raw HTML fragment starting on body line `line` is in the Markdown file. */
function rawHtmlLocation(
  file: MarkdownFile,
  lines: string[],
  html: string,
  line: number,
  offset: number,
): SourceLocation {
  const lineText = lines[line - 1] ?? "";
  const start = Math.max(0, lineText.indexOf(html.split("\n")[0]!));
  const before = html.slice(0, offset).split("\n");
  const column = before.length === 1 ? start + offset + 1 : before.at(-1)!.length + 1;
  return { file: file.file, line: line + file.bodyLine + before.length - 1, column };
}

/** The opening paragraphs as plain text, for articleBody: whole words, about 300 characters. */
function summarize(html: string): string {
  let text = "";
  // indexOf rather than a regular expression over the page: only the first paragraphs are read.
  for (let at = html.indexOf("<p>"); at !== -1 && text.length <= 300; at = html.indexOf("<p>", at)) {
    const end = html.indexOf("</p>", at);
    if (end === -1) break;
    text += `${html.slice(at + 3, end).replace(/<[^>]+>/g, "")} `;
    at = end;
  }
  text = decodeHTML(text.replace(/\s+/g, " ").trim());
  if (text.length <= 300) return text;
  // Whitespace is single spaces by now: cut before the last, partial word (a regular expression
  // anchored at the end was 10 µs a page).
  const cut = text.lastIndexOf(" ", 299);
  return `${cut > 0 ? text.slice(0, cut) : text.slice(0, 300)}…`;
}

import { decodeHTML } from "entities";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { imageHtml } from "../assets/images.ts";
import { defaultShareImage } from "../assets/share-images.ts";
import type { MarkdownFile } from "../content/load.ts";
import { placeImages, renderMarkdown, type RenderedMarkdown } from "../content/markdown.ts";
import { rawHtmlProblems } from "../content/raw-html.ts";
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { NOT_FOUND_PAGE } from "../core/not-found-page.ts";
import type { SharedPart } from "../links/extract.ts";
import type { RouteEntry, RouteKind, SiteSettings } from "../manifest/types.ts";
import { placeDirectives, placeFactValues } from "./directives.tsx";
import { misplacedMarkerErrors } from "./fact-text.ts";
import { articlePage } from "./kinds/article.ts";
import { authorPage } from "./kinds/author.ts";
import { directoryPage } from "./kinds/directory.ts";
import { homePage } from "./kinds/home.ts";
import { indexPage } from "./kinds/index-grid.ts";
import { notFoundPage } from "./kinds/not-found.ts";
import { searchPage } from "./kinds/search.ts";
import { videosPage } from "./kinds/videos.ts";
import { checkMarkdownLinks } from "./markdown-links.ts";
import type { AliasModel, NotFoundModel, PageBase, PageModel, SourceId, Templates } from "./model.ts";
import { ARTICLE_IMAGE_SIZES, cardFor, ogImageFor, type PageInput, type SiteContext } from "./page-model.ts";
import { absoluteUrl } from "./structured-data.ts";
import { structuredDataProblems } from "./structured-data-check.ts";

/**
 * One route to one HTML document: the page's Markdown body, rendered and checked; its model, made
 * by its kind's module (KINDS: a new kind is a module in kinds/ and a line there, beside its
 * component in templates/index.ts; the 404 page, which no route has, is kinds/not-found.ts); the
 * template; the directives and facts placed; the header and footer filled in.
 */
export type { Templates } from "./model.ts";

export interface RenderedPage {
  /** The route path, or the alias path for a redirect page. */
  route: string;
  /** Output file relative to the output folder, e.g. `sosua-resorts.html` (see outputFileFor). */
  file: string;
  html: string;
  kind: RouteEntry["kind"] | "alias" | "404";
  /** Parts of `html` that many pages share (the header and footer), and where they start in it. */
  shared?: SharedPart[];
  /**
   * A route that search engines are told not to index (the search page): the site's own search index leaves it out too.
   */
  noindex?: boolean;
  /** The ids its Markdown gives, where each is written: checked unique with the page's scan (render-pages.ts). */
  sourceIds?: SourceId[];
}

const DOCTYPE = "<!doctype html>";

export type BuildFormat = NonNullable<NonNullable<SiteSettings["build"]>["format"]>;

/**
 * The file a route is written to. `file` (the default): /x is x.html, which Cloudflare Pages,
 * Netlify and GitHub Pages serve at /x itself; x/index.html would make each of them answer /x
 * with a redirect to /x/ (https://developers.cloudflare.com/pages/configuration/serving-pages/).
 */
export function outputFileFor(path: string, format: BuildFormat = "file"): string {
  if (path === "/") return "index.html";
  return format === "directory" ? `${path.slice(1)}/index.html` : `${path.slice(1)}.html`;
}

/** Renders one route to a complete HTML document. */
export function renderRoute(
  ctx: SiteContext,
  templates: Templates,
  route: RouteEntry,
  errors: PpgError[],
  /** Filled with what the page warns about (a recommended structured-data property left out). */
  warnings?: PpgError[],
): RenderedPage {
  const model = buildPageModel(ctx, route, errors);
  const structured = structuredDataProblems(model.head.jsonLd, route, ctx.root);
  errors.push(...structured.errors);
  warnings?.push(...structured.warnings);
  const Page = templates.pages[model.kind] as ComponentType<{ page: PageModel }>;
  let inner: string;
  try {
    inner = renderToStaticMarkup(
      createElement(templates.Layout, { page: model }, createElement(Page, { page: model })),
    );
  } catch (err) {
    errors.push(new PpgError("TemplateFailed", { route: route.path, reason: (err as Error).message }, { cause: err }));
    inner = "";
  }
  const page = fillChrome(
    ctx,
    templates,
    model,
    placeFactValues(ctx, templates, placeDirectives(ctx, templates, route, inner, errors)),
  );
  return {
    route: route.path,
    file: outputFileFor(route.path, ctx.manifest.site.build?.format),
    kind: route.kind,
    ...(model.head.noindex && { noindex: true }),
    ...(model.sourceIds && { sourceIds: model.sourceIds }),
    ...page,
  };
}

const HEADER_SLOT = '<template data-slot="header"></template>';
const FOOTER_SLOT = '<template data-slot="footer"></template>';

/**
 * Fills the layout's header and footer slots and adds the doctype. The header and footer depend
 * only on the site, on which nav link is the current page and on whether the logo loads eagerly,
 * so each variant is rendered once per build: on a 1,000-page site that is 21 renders instead of
 * 2,000. Where they landed is returned too, so the link scan can reuse their scans.
 */
function fillChrome(
  ctx: SiteContext,
  templates: Templates,
  page: LayoutPageModel,
  html: string,
): Pick<RenderedPage, "html" | "shared"> {
  const current = ctx.manifest.nav.some((m) => m.items.some((i) => i.path === page.route.path)) ? page.route.path : "";
  // The logo loads eagerly except on the home page, whose hero comes first.
  const key = `${current}\0${page.logo.loading}`;
  let made = ctx.chrome.get(key);
  if (made) {
    // Each page that shows the header reads its logo, rendered once or not.
    ctx.images.replay(made.reads);
  } else {
    const variant = { ...page, route: { ...page.route, path: current } };
    made = ctx.images.capture(() => ({
      header: renderToStaticMarkup(createElement(templates.Header, { page: variant })),
      footer: renderToStaticMarkup(createElement(templates.Footer, { page: variant })),
    }));
    ctx.chrome.set(key, made);
  }
  const chrome = made.value;
  // The header slot sits just after <body>, the footer slot just before </body>: searching from
  // each end touches a few kilobytes instead of the whole page twice.
  const header = html.indexOf(HEADER_SLOT);
  const footer = html.lastIndexOf(FOOTER_SLOT);
  if (header < 0 || footer < 0) return { html: DOCTYPE + html };
  const before = DOCTYPE + html.slice(0, header);
  const middle = html.slice(header + HEADER_SLOT.length, footer);
  const footerAt = before.length + chrome.header.length + middle.length;
  return {
    html: before + chrome.header + middle + chrome.footer + html.slice(footer + FOOTER_SLOT.length),
    shared: [
      { at: before.length, html: chrome.header },
      { at: footerAt, html: chrome.footer },
    ],
  };
}

type LayoutPageModel = PageModel | NotFoundModel;

export function renderAlias(ctx: SiteContext, templates: Templates, from: string, to: string): RenderedPage {
  const target = ctx.routes.get(to)!;
  const model: AliasModel = {
    site: ctx.manifest.site,
    from,
    to,
    title: target.title,
    canonical: absoluteUrl(ctx.manifest.site, to),
  };
  return {
    route: from,
    file: outputFileFor(from, ctx.manifest.site.build?.format),
    html: DOCTYPE + renderToStaticMarkup(createElement(templates.Alias, { page: model })),
    kind: "alias",
  };
}

export function renderNotFound(ctx: SiteContext, templates: Templates): RenderedPage {
  const model = notFoundPage(ctx);
  const inner = renderToStaticMarkup(
    createElement(templates.Layout, { page: model }, createElement(templates.NotFound, { page: model })),
  );
  return {
    route: model.route.path,
    file: NOT_FOUND_PAGE.file,
    kind: model.kind,
    ...fillChrome(ctx, templates, model, inner),
  };
}

// The page's model, by its kind.

// Spelled out rather than PageKind<K>: one function may serve two kinds (article and recipe).
const KINDS: { [K in RouteKind]: (input: PageInput<Extract<RouteEntry, { kind: K }>>) => PageModel } = {
  home: homePage,
  article: articlePage,
  recipe: articlePage,
  directory: directoryPage,
  resorts: directoryPage,
  index: indexPage,
  videos: videosPage,
  search: searchPage,
  author: authorPage,
};

/**
 * Builds the model of one page. Problems in the page's Markdown (links to unknown routes,
 * missing images) are pushed to `errors` with the Markdown file's line.
 */
export function buildPageModel(ctx: SiteContext, route: RouteEntry, errors: PpgError[]): PageModel {
  const { site } = ctx.manifest;
  const file = route.content ? ctx.content.markdown.get(route.content) : undefined;
  const md = file ? renderBody(ctx, file, errors) : undefined;
  const sourceIds = file && md ? markdownIds(file, md) : undefined;
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
      ogType: "website",
      ogImage: ogImageFor(ctx, route.image ?? defaultShareImage(ctx.manifest)),
      jsonLd: [],
    },
  };
  const related = (route.related ?? []).map((p) => cardFor(ctx, p));
  // Each kind's function takes its own routes: KINDS pairs them.
  const kind = KINDS[route.kind] as (input: PageInput) => PageModel;
  return kind({ ctx, route, base, md, html: md?.html ?? "", fm: file?.frontMatter ?? {}, related, errors });
}

// The page's Markdown body.

/**
 * A page's Markdown body as the page shows it: its images placed at the article's width, its links
 * checked (markdown-links.ts). Raw HTML that could run scripts and nesting the parser dropped are
 * pushed to `errors` with the Markdown file's line.
 */
export function renderBody(ctx: SiteContext, file: MarkdownFile, errors: PpgError[]): RenderedMarkdown {
  const rendered = renderMarkdown(file.body);
  const md = {
    ...rendered,
    html: placeImages(rendered, (src, alt) =>
      imageHtml(ctx.images.attributes(src, alt, { sizes: ARTICLE_IMAGE_SIZES })),
    ),
  };
  md.html = checkMarkdownLinks(ctx, file, md, errors);
  if (md.tooDeep !== undefined)
    errors.push(
      new PpgError(
        "MarkdownTooDeep",
        { file: file.file },
        { location: { file: file.file, line: md.tooDeep + file.bodyLine, column: 1 } },
      ),
    );
  if (md.misplacedMarkers) errors.push(...misplacedMarkerErrors(file, md.misplacedMarkers));
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
export function markdownIds(file: MarkdownFile, md: RenderedMarkdown): SourceId[] {
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
  const start = Math.max(0, lineText.indexOf(html.split("\n", 1)[0] ?? ""));
  const before = html.slice(0, offset).split("\n");
  const column = before.length === 1 ? start + offset + 1 : (before.at(-1) ?? "").length + 1;
  return { file: file.file, line: line + file.bodyLine + before.length - 1, column };
}

import { decodeHTML, escapeUTF8 } from "entities";
import { FACT_VALUE_MARK } from "../../content/fact-values.ts";
import { CONTENT_DIR } from "../../content/load.ts";
import { PpgError } from "../../core/errors.ts";
import { expected } from "../../core/invariant.ts";
import type { Manifest } from "../../manifest/types.ts";
import type { ArticleBody, CardModel } from "../model.ts";
import { ARTICLE_IMAGE_SIZES, cardFor, type PageKind, type SiteContext } from "../page-model.ts";
import { withApproximateSources } from "../fact-text.ts";
import { blogPosting, recipe as recipeJsonLd } from "../structured-data.ts";

/** An article, or a recipe: an article with its `recipe:` front matter (a recipe without one is an article). */
export const articlePage: PageKind<"article" | "recipe"> = ({ ctx, route, base, md, html, fm, related, errors }) => {
  const { site } = ctx.manifest;
  // The manifest's cross-references refused an author it does not define.
  const author = expected(ctx.manifest.authors[route.author], `author ${route.author} of ${route.path}`);
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
    summary: summarize(ctx.manifest, html),
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
    sources: withApproximateSources(ctx.manifest, fm.sources ?? []),
    related,
    parent: parentIndex(ctx, route.path),
  };
  base.head.ogType = "article";
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
};

/** The index page that lists this page, as a card. */
function parentIndex(ctx: SiteContext, path: string): CardModel | undefined {
  const index = ctx.parents.get(path);
  return index ? cardFor(ctx, index) : undefined;
}

/**
 * The opening paragraphs as plain text, for articleBody: whole words, about 300 characters. Each
 * fact's value alone stands in for its mark: "Entry is {{fact:park-fee}} today." keeps its "RD$100".
 */
function summarize(manifest: Pick<Manifest, "facts">, html: string): string {
  let text = "";
  // indexOf rather than a regular expression over the page: only the first paragraphs are read.
  for (let at = html.indexOf("<p>"); at !== -1 && text.length <= 300; at = html.indexOf("<p>", at)) {
    const end = html.indexOf("</p>", at);
    if (end === -1) break;
    const paragraph = html
      .slice(at + 3, end)
      .replace(FACT_VALUE_MARK, (_m, id: string) => escapeUTF8(manifest.facts?.[id]?.value ?? ""));
    text += `${paragraph.replace(/<[^>]+>/g, "")} `;
    at = end;
  }
  text = decodeHTML(text.replace(/\s+/g, " ").trim());
  if (text.length <= 300) return text;
  // Whitespace is single spaces by now: cut before the last, partial word (a regular expression
  // anchored at the end was 10 µs a page).
  const cut = text.lastIndexOf(" ", 299);
  return `${cut > 0 ? text.slice(0, cut) : text.slice(0, 300)}…`;
}

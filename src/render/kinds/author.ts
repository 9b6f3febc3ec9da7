import { cardFor, type PageKind } from "../page-model.ts";
import { profilePage } from "../structured-data.ts";

/** An author's page: who they are, and their articles and recipes, newest first. */
export const authorPage: PageKind<"author"> = ({ ctx, route, base, html }) => {
  const author = ctx.manifest.authors[route.author];
  base.head.jsonLd.push(profilePage(ctx.manifest.site, route, author));
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
};

import { expected } from "../../core/invariant.ts";
import { cardFor, type PageKind } from "../page-model.ts";
import { profilePage } from "../structured-data.ts";

/** An author's page: who they are, and their articles and recipes, newest first. */
export const authorPage: PageKind<"author"> = ({ ctx, route, base, html }) => {
  // The manifest's cross-references refused an author it does not define.
  const author = expected(ctx.manifest.authors[route.author], `author ${route.author} of ${route.path}`);
  base.head.jsonLd.push(profilePage(ctx.manifest.site, route, author));
  // Newest first, as the feed lists them.
  const byAuthor = ctx.manifest.routes
    .filter((r) => ctx.kinds[r.kind].byAuthor && r.author === route.author)
    .sort((a, b) => (b.dates?.published ?? "").localeCompare(a.dates?.published ?? ""));
  const listed = (list: "articles" | "recipes") =>
    byAuthor.filter((r) => ctx.kinds[r.kind].byAuthor === list).map((r) => cardFor(ctx, r.path));
  return {
    ...base,
    kind: "author",
    html,
    author: {
      ...author,
      page: route.path,
      avatarImage: ctx.images.attributes(author.avatar, author.name, { priority: true }),
    },
    articles: listed("articles"),
    recipes: listed("recipes"),
  };
};

import type { PageOf } from "../../src/render/kinds/models.ts";
import { CardGrid } from "../components/Card.tsx";
import { Img } from "../components/Img.tsx";

/** A writer's page, linked from every byline: who they are, how to reach them, what they wrote. */
export default function Author({ page }: { page: PageOf<"author"> }) {
  const { author } = page;
  return (
    <div className="container author-page">
      <header className="author-header">
        <Img image={author.avatarImage} className="avatar avatar-large" />
        <div>
          <h1>{page.route.title}</h1>
          {author.role && <p className="author-role">{author.role}</p>}
          <p className="author-contact">
            Write to {author.name} at <a href={`mailto:${author.email}`}>{author.email}</a>
          </p>
        </div>
      </header>
      <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.articles.length > 0 && (
        <section aria-labelledby="author-articles">
          <h2 id="author-articles">Articles</h2>
          <CardGrid cards={page.articles} columns={3} showDescription />
        </section>
      )}
      {page.recipes.length > 0 && (
        <section aria-labelledby="author-recipes">
          <h2 id="author-recipes">Recipes</h2>
          <CardGrid cards={page.recipes} columns={3} showDescription />
        </section>
      )}
    </div>
  );
}

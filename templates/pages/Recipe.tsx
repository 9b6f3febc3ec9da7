import type { RecipeData } from "../../src/content/front-matter.ts";
import type { PageOf } from "../../src/render/kinds/models.ts";
import { ContactLine } from "../components/Byline.tsx";
import { RelatedCards } from "../components/Card.tsx";
import { Figure } from "../components/Img.tsx";
import { Sources } from "../components/Sources.tsx";
import { TableOfContents } from "../components/TableOfContents.tsx";
import { ArticleHeader } from "./Article.tsx";

/** 65 → '1 hr 5 mins', 40 → '40 mins'. */
export function formatMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  const hours = h ? `${h} ${h === 1 ? "hr" : "hrs"}` : "";
  const mins = m || !h ? `${m} ${m === 1 ? "min" : "mins"}` : "";
  return [hours, mins].filter(Boolean).join(" ");
}

function InfoTiles({ recipe }: { recipe: RecipeData }) {
  const tiles: [string, string][] = [];
  if (recipe.prepMinutes !== undefined) tiles.push(["Prep time", formatMinutes(recipe.prepMinutes)]);
  if (recipe.totalMinutes !== undefined) tiles.push(["Total time", formatMinutes(recipe.totalMinutes)]);
  tiles.push(["Servings", recipe.yield ?? `${recipe.servings} ${recipe.servings === 1 ? "serving" : "servings"}`]);
  if (recipe.calories != null) tiles.push(["Calories", `${recipe.calories} per serving`]);
  return (
    <dl className="info-tiles">
      {tiles.map(([label, value]) => (
        <div className="info-tile" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Recipe({ page }: { page: PageOf<"recipe"> }) {
  const { recipe } = page;
  return (
    <>
      <article className="article recipe-page container-narrow">
        <ArticleHeader page={page} />
        <p className="jump-link">
          <a href="#recipe">Jump to recipe</a>
        </p>
        {page.hero && <Figure image={page.hero} caption={page.hero.caption} className="hero-figure" />}
        <TableOfContents headings={page.toc} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        <section id="recipe" className="recipe-card" aria-labelledby="recipe-heading">
          <h2 id="recipe-heading">{page.route.cardTitle ?? page.route.title}: the recipe</h2>
          <InfoTiles recipe={recipe} />
          <h3>Ingredients</h3>
          <ul className="ingredients">
            {recipe.ingredients.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
          <h3>Instructions</h3>
          <ol className="instructions">
            {recipe.instructions.map((step, i) => (
              <li key={i} id={`step-${i + 1}`}>
                {step}
              </li>
            ))}
          </ol>
          {recipe.tips && recipe.tips.length > 0 && (
            <>
              <h3>Tips</h3>
              <ul className="tips">
                {recipe.tips.map((tip, i) => (
                  <li key={i}>{tip}</li>
                ))}
              </ul>
            </>
          )}
        </section>
        <Sources sources={page.sources} />
        <ContactLine email={page.site.email} />
        {page.parent && (
          <p className="back-link">
            <a href={page.parent.path}>More in {page.parent.title}</a>
          </p>
        )}
      </article>
      <RelatedCards cards={page.related} />
    </>
  );
}

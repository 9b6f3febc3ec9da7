import type { PageOf } from "../../src/render/kinds/models.ts";
import { Byline, ContactLine } from "../components/Byline.tsx";
import { RelatedCards } from "../components/Card.tsx";
import { Figure } from "../components/Img.tsx";
import { Sources } from "../components/Sources.tsx";
import { TableOfContents } from "../components/TableOfContents.tsx";

export function ArticleHeader({ page }: { page: PageOf<"article"> | PageOf<"recipe"> }) {
  return (
    <header className="article-header">
      {page.section && <p className="eyebrow">{page.section}</p>}
      <h1>{page.route.title}</h1>
      <Byline author={page.author} dates={page.dates} />
    </header>
  );
}

export default function Article({ page }: { page: PageOf<"article"> }) {
  return (
    <>
      <article className="article container-narrow">
        <ArticleHeader page={page} />
        {page.hero && <Figure image={page.hero} caption={page.hero.caption} className="hero-figure" />}
        <TableOfContents headings={page.toc} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        <Sources sources={page.sources} />
        <ContactLine email={page.site.email} />
      </article>
      <RelatedCards cards={page.related} />
    </>
  );
}

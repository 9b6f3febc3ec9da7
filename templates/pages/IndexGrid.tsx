import type { PageOf } from "../../src/render/kinds/models.ts";
import { CardGrid, RelatedCards } from "../components/Card.tsx";
import { Sources } from "../components/Sources.tsx";

export default function IndexGrid({ page }: { page: PageOf<"index"> }) {
  return (
    <>
      <div className="container index-page">
        <h1>{page.route.title}</h1>
        <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
        <CardGrid cards={page.cards} columns={page.columns} showDescription headingLevel={2} />
        {/* After the cards: the sources back the introduction's facts, and the cards are what a reader came for. */}
        <Sources sources={page.sources} />
      </div>
      <RelatedCards cards={page.related} />
    </>
  );
}

import type { PageOf } from "../../src/render/model.ts";
import { CardGrid, RelatedCards } from "../components/Card.tsx";

export default function IndexGrid({ page }: { page: PageOf<"index"> }) {
  return (
    <>
      <div className="container index-page">
        <h1>{page.route.title}</h1>
        <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
        <CardGrid cards={page.cards} columns={page.columns} showDescription headingLevel={2} />
      </div>
      <RelatedCards cards={page.related} />
    </>
  );
}

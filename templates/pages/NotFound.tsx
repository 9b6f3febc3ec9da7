import type { NotFoundModel } from "../../src/render/model.ts";
import { CardGrid } from "../components/Card.tsx";

export default function NotFound({ page }: { page: NotFoundModel }) {
  return (
    <div className="container not-found">
      <h1>{page.route.title}</h1>
      <p className="lead">
        The page you asked for is not here. It may have moved, or the link may have a typo. Try the search box above
        {page.suggestions.length > 0 ? ", or start from one of these:" : "."}
      </p>
      {/* site.notFound.suggestions in site.yaml; a site without them shows no empty grid. */}
      {page.suggestions.length > 0 && <CardGrid cards={page.suggestions} columns={3} headingLevel={2} />}
      <p>
        <a className="button" href="/">
          Back to the home page
        </a>
      </p>
    </div>
  );
}

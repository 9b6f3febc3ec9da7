import type { PageOf } from "../../src/render/kinds/models.ts";
import { SaveOffline } from "../components/SaveOffline.tsx";

/**
 * The target of the search form and of the home page's SearchAction. A static host cannot filter
 * by query, so the page lists every article, recipe and index (page.pages: the search box's list
 * and every page left out of it); with scripts, src/client/search-page.ts shows the full-text
 * results for ?q= in #search-hits instead, as the visitor types.
 */
export default function Search({ page }: { page: PageOf<"search"> }) {
  return (
    <div className="container-narrow search-page">
      <h1>{page.route.title}</h1>
      <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark; <search> would change the markup */}
      <form
        className="search-page-form"
        id="search-page-form"
        role="search"
        aria-label="Search the guide"
        action="/search"
        method="get"
      >
        <label htmlFor="search-page-input">Search every page and listing</label>
        <div className="search-page-row">
          <input id="search-page-input" type="search" name="q" autoComplete="off" spellCheck={false} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      <p className="search-status" id="search-status" aria-live="polite">
        All {page.pages.length} articles and recipes:
      </p>
      <ol className="search-hits" id="search-hits" hidden />
      <ul className="search-page-results" id="search-page-results">
        {page.pages.map((item) => (
          <li key={item.path}>
            <a href={item.path}>{item.title}</a>
          </li>
        ))}
      </ul>
      {page.site.offline && <SaveOffline offline={page.site.offline} />}
    </div>
  );
}

import type { PageOf } from "../../src/render/model.ts";

/**
 * The target of the search form and of the home page's SearchAction. A static host cannot filter
 * by query, so the page lists every article, recipe and index (page.pages: the search box's list
 * and every page left out of it); the search script filters the list by ?q=.
 */
export default function Search({ page }: { page: PageOf<"search"> }) {
  return (
    <div className="container-narrow search-page">
      <h1>{page.route.title}</h1>
      <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
      <p className="search-status" id="search-status" aria-live="polite">
        All {page.pages.length} articles and recipes:
      </p>
      <ul className="search-page-results" id="search-page-results">
        {page.pages.map((item) => (
          <li key={item.path}>
            <a href={item.path}>{item.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The /search page lists every article for readers without scripts. Where the full-text index
 * cannot load (a build with --no-search-index, a host missing /pagefind/), search-page.ts falls
 * back to this: only the titles matching ?q=, with the same matching as the search box.
 */
import { fold, matchItems, readSearchItems } from "./search.ts";

export function initSearchPage(): void {
  const list = document.getElementById("search-page-results");
  const status = document.getElementById("search-status");
  const query = new URLSearchParams(window.location.search).get("q")?.trim() ?? "";
  const input = document.getElementById("search-input") as HTMLInputElement | null;
  if (input && query) input.value = query;
  if (!list || !status || !query) return;
  const matches = new Set(matchItems(readSearchItems(), query).map((item) => item.path));
  const rows = Array.from(list.querySelectorAll<HTMLLIElement>("li"));
  let shown = 0;
  for (const row of rows) {
    const a = row.querySelector("a");
    const path = a ? new URL(a.href).pathname : "";
    // Titles on the page that are not in the search list still match by their own text.
    const hit = matches.has(path) || (a !== null && fold(a.textContent ?? "").includes(fold(query)));
    row.hidden = !hit;
    if (hit) shown++;
  }
  if (shown === 0) {
    for (const row of rows) row.hidden = false;
    status.textContent = `No articles match “${query}”. Here is everything in the guide:`;
  } else {
    status.textContent = `${shown} result${shown === 1 ? "" : "s"} for “${query}”:`;
  }
  document.title = `Search results for “${query}” | ${document.title.replace(/^.*\|\s*/, "")}`;
}

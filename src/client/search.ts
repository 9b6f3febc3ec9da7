/**
 * The search box in the nav: an ARIA 1.2 combobox whose listbox shows the articles matching what
 * is typed, case- and accent-insensitively, and last "Search all pages for '…'", which opens the
 * full-text search at /search?q=…. Focus stays in the input; arrows move
 * aria-activedescendant, Enter opens the active result (or submits the form to /search),
 * Escape closes the list, then clears the input.
 * Pattern: https://www.w3.org/WAI/ARIA/apg/patterns/combobox/examples/combobox-autocomplete-list/
 */

import type { SearchItem } from "../render/model.ts";

export type { SearchItem };

/** Lower case without diacritics: NFD splits 'ñ' into 'n' + U+0303, which is then dropped. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Items whose title contains the query, then items matched only by a keyword. */
export function matchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const q = fold(query.trim());
  if (!q) return [];
  const byTitle = items.filter((item) => fold(item.title).includes(q));
  const byKeyword = items.filter(
    (item) => !byTitle.includes(item) && (item.keywords ?? []).some((k) => fold(k).includes(q)),
  );
  return [...byTitle, ...byKeyword];
}

/** The full-text search page for a query (src/client/search-page.ts). */
export function searchAllUrl(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}

export function readSearchItems(): SearchItem[] {
  const data = document.getElementById("search-data");
  try {
    const items: unknown = JSON.parse(data?.textContent ?? "[]");
    return Array.isArray(items) ? (items as SearchItem[]) : [];
  } catch {
    return [];
  }
}

export function initSearch(): void {
  const input = document.getElementById("search-input") as HTMLInputElement | null;
  const list = document.getElementById("search-results");
  const status = document.getElementById("search-status-live");
  const empty = document.getElementById("search-empty");
  const form = input?.form;
  if (!input || !list || !form) return;
  const items = readSearchItems();
  let options: HTMLAnchorElement[] = [];
  let active = -1;

  const announce = (text: string) => {
    if (status) status.textContent = text;
  };

  const setActive = (index: number) => {
    options[active]?.setAttribute("aria-selected", "false");
    active = index;
    const option = options[active];
    if (option) {
      option.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };

  const close = () => {
    setActive(-1);
    list.hidden = true;
    if (empty) empty.hidden = true;
    input.setAttribute("aria-expanded", "false");
  };

  const update = () => {
    const query = input.value;
    const hasQuery = query.trim() !== "";
    const found = matchItems(items, query);
    // The titles, then the full-text search of every page and listing for the same words.
    const targets = found.map((item, i) => ({ href: item.path, id: `search-option-${i}`, text: item.title }));
    if (hasQuery)
      targets.push({
        href: searchAllUrl(query),
        id: "search-option-all",
        text: `Search all pages for “${query.trim()}”`,
      });
    options = targets.map((item) => {
      const a = document.createElement("a");
      a.href = item.href;
      a.id = item.id;
      a.setAttribute("role", "option");
      a.setAttribute("aria-selected", "false");
      // Focus stays in the input (aria-activedescendant), so results are not Tab stops.
      a.tabIndex = -1;
      a.textContent = item.text;
      return a;
    });
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.replaceChildren(
      ...options.map((a) => {
        const li = document.createElement("li");
        li.setAttribute("role", "presentation");
        li.append(a);
        return li;
      }),
    );
    const open = options.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    // The search-all option says what the note under an empty list used to.
    if (empty) empty.hidden = true;
    const n = found.length;
    announce(
      !hasQuery
        ? ""
        : n
          ? `${n} result${n === 1 ? "" : "s"} available, then search all pages.`
          : "No matching titles; search all pages is available.",
    );
  };

  input.addEventListener("input", update);
  input.addEventListener("focus", () => {
    if (input.value.trim()) update();
  });
  input.addEventListener("keydown", (event) => {
    const open = !list.hidden;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) update();
        if (options.length) setActive((active + 1) % options.length);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) update();
        if (options.length) setActive(active <= 0 ? options.length - 1 : active - 1);
        break;
      case "Home":
      case "End":
        // Inside the text, Home and End move the caret; only a selected result claims them.
        if (open && active >= 0) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : options.length - 1);
        }
        break;
      case "Enter": {
        const option = options[active];
        if (open && option) {
          event.preventDefault();
          window.location.assign(option.href);
        }
        // Otherwise the form submits to /search?q=… as it would without scripts.
        break;
      }
      case "Escape":
        if (open || (empty && !empty.hidden)) {
          event.preventDefault();
          close();
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          announce("");
        }
        break;
      case "Tab":
        close();
        break;
    }
  });
  // Closing when focus or a click leaves the form; a click on a result navigates first.
  form.addEventListener("focusout", (event) => {
    const next = (event as FocusEvent).relatedTarget;
    if (!(next instanceof Node) || !form.contains(next)) close();
  });
  document.addEventListener("click", (event) => {
    if (!form.contains(event.target as Node)) close();
  });
}

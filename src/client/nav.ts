/**
 * The main menu. Below 992 px a toggle shows and hides it (aria-expanded on the toggle,
 * .is-open on the nav for the stylesheet); the dropdowns are <details>, which already open by
 * click, tap and keyboard without scripts. The script adds: one dropdown open at a time, Escape,
 * a click outside and tabbing away close them.
 */

/** Bootstrap's lg breakpoint: the menu collapses below it. */
const COLLAPSED = "(max-width: 991.98px)";

export function initNav(): void {
  const toggle = document.querySelector<HTMLButtonElement>(".nav-toggle");
  const nav = document.getElementById("site-nav");
  const dropdowns = Array.from(document.querySelectorAll<HTMLDetailsElement>("#site-nav details.dropdown"));

  const closeDropdowns = (except?: HTMLDetailsElement) => {
    for (const d of dropdowns) if (d !== except && d.open) d.open = false;
  };

  for (const d of dropdowns) {
    d.addEventListener("toggle", () => {
      if (d.open) closeDropdowns(d);
    });
    // Tabbing out of an open menu closes it, so it never covers what the reader moves on to.
    d.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !d.contains(next)) d.open = false;
    });
  }

  if (toggle && nav) {
    const mq = window.matchMedia(COLLAPSED);
    const setOpen = (open: boolean) => {
      nav.classList.toggle("is-open", open);
      toggle.setAttribute("aria-expanded", String(open));
    };
    // The stylesheet shows the toggle below 992 px; a menu opened there closes when the window widens.
    const sync = () => {
      if (!mq.matches) setOpen(false);
    };
    sync();
    mq.addEventListener("change", sync);
    toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !mq.matches || !nav.classList.contains("is-open")) return;
      // An open dropdown closes first; the next Escape closes the menu.
      if (dropdowns.some((d) => d.open)) return;
      if (nav.contains(document.activeElement) || document.activeElement === toggle) {
        setOpen(false);
        toggle.focus();
      }
    });
  }

  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape") return;
      const open = dropdowns.find((d) => d.open);
      if (!open) return;
      // Escape inside the search box belongs to the search box.
      if ((event.target as Element | null)?.closest?.("form.search")) return;
      open.open = false;
      open.querySelector("summary")?.focus();
      event.stopImmediatePropagation();
    },
    true,
  );

  document.addEventListener("click", (event) => {
    const target = event.target as Node;
    if (!dropdowns.some((d) => d.contains(target))) closeDropdowns();
  });
}

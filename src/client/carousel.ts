/**
 * The home page's hero carousel. Without scripts the first slide shows (its .is-active class is
 * in the HTML). With them: a fade between slides every 6 s, paused while the pointer is over it
 * or focus is in it, a pause button (WCAG 2.2.2), previous/next and one button per slide. With
 * prefers-reduced-motion nothing moves on its own.
 * Pattern: https://www.w3.org/WAI/ARIA/apg/patterns/carousel/
 */

const INTERVAL_MS = 6000;

export function initCarousel(root: HTMLElement | null = document.querySelector(".carousel")): void {
  if (!root) return;
  const slides = Array.from(root.querySelectorAll<HTMLElement>(".slide"));
  const controls = root.querySelector<HTMLElement>(".carousel-controls");
  const track = root.querySelector<HTMLElement>(".carousel-track");
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>(".carousel-dot"));
  const pauseButton = root.querySelector<HTMLButtonElement>(".carousel-pause");
  if (slides.length < 2 || !controls) return;

  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let current = Math.max(
    0,
    slides.findIndex((s) => s.classList.contains("is-active")),
  );
  let timer: number | undefined;
  let hovered = false;
  let focused = false;
  /** Stopped by the reader with the pause button, or by reduced motion. */
  let stopped = reducedMotion.matches;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      const active = i === current;
      slide.classList.toggle("is-active", active);
      // Hidden slides leave the tab order and the accessibility tree while they fade out.
      slide.inert = !active;
    });
    dots.forEach((dot, i) => {
      if (i === current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    root.dataset.slide = String(current);
  };

  const running = () => !stopped && !hovered && !focused && !document.hidden;
  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (running()) timer = window.setInterval(() => show(current + 1), INTERVAL_MS);
    // Announce slide changes only when they are not happening on their own.
    track?.setAttribute("aria-live", timer === undefined ? "polite" : "off");
    if (pauseButton) {
      pauseButton.setAttribute("aria-label", stopped ? "Play slideshow" : "Pause slideshow");
      pauseButton.classList.toggle("is-paused", stopped);
    }
  };

  for (const slide of slides) {
    // The markup takes hidden slides' links out of the tab order for readers without scripts; inert does it now.
    slide.querySelectorAll("[tabindex='-1']").forEach((el) => el.removeAttribute("tabindex"));
  }
  root.classList.add("is-enhanced");
  show(current);

  root.querySelector(".carousel-prev")?.addEventListener("click", () => {
    show(current - 1);
    schedule();
  });
  root.querySelector(".carousel-next")?.addEventListener("click", () => {
    show(current + 1);
    schedule();
  });
  dots.forEach((dot, i) =>
    dot.addEventListener("click", () => {
      show(i);
      schedule();
    }),
  );
  pauseButton?.addEventListener("click", () => {
    stopped = !stopped;
    schedule();
  });
  root.addEventListener("mouseenter", () => {
    hovered = true;
    schedule();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    schedule();
  });
  root.addEventListener("focusin", () => {
    focused = true;
    schedule();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  document.addEventListener("visibilitychange", schedule);
  reducedMotion.addEventListener("change", () => {
    stopped = reducedMotion.matches;
    schedule();
  });
  schedule();
}

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DIRECTIVE_MARK } from "../content/directives.ts";
import { FACT_MARK } from "../content/fact-values.ts";
import type { SharedPart } from "../links/extract.ts";
import type { Chrome, ChromeModel, ChromePlace, RenderedPage, Templates } from "./model.ts";
import type { SiteContext } from "./page-model.ts";

/** What a page's document starts with. */
export const DOCTYPE = "<!doctype html>";

/**
 * The contents of a page's header and footer, which the layout places. They read only what
 * ChromeModel holds: the site, its menus, search list and year, which nav link is the page's
 * (`path`) and whether the logo loads eagerly (`eager`: not on a page whose hero comes first). So
 * each variant is rendered once per build: on a 1,000-page site that is 21 renders instead of 2,000.
 */
export function chromeOf(ctx: SiteContext, templates: Templates, path: string, eager: boolean): Chrome {
  const current = ctx.manifest.nav.some((m) => m.items.some((i) => i.path === path)) ? path : "";
  const key = `${current}\0${eager}`;
  let made = ctx.chrome.get(key);
  if (made) {
    // Each page that shows the header reads its logo, rendered once or not.
    ctx.images.replay(made.reads);
  } else {
    made = ctx.images.capture(() => {
      const { site, nav } = ctx.manifest;
      const page: ChromeModel = {
        site,
        nav,
        search: ctx.search,
        year: ctx.year,
        route: { path: current },
        logo: ctx.images.attributes(site.logo.src, site.logo.alt, { priority: eager }),
      };
      return {
        header: renderToStaticMarkup(createElement(templates.Header, { page })),
        footer: renderToStaticMarkup(createElement(templates.Footer, { page })),
      };
    });
    ctx.chrome.set(key, made);
  }
  return made.value;
}

/**
 * Where the header's and footer's contents landed in a page's HTML: `shared`, so that the link
 * scan reuses their scans; `place`, so that the next build can put new ones in their stead
 * (PageRenderer), when both are there, in order, and hold no mark of the page's own. The header
 * sits near the start and the footer near the end: searching from each end touches a few
 * kilobytes instead of the whole page twice.
 */
export function placeChrome(
  html: string,
  chrome: Chrome,
  eager: boolean,
): { shared: SharedPart[]; place?: ChromePlace } {
  const header = chrome.header ? html.indexOf(chrome.header) : -1;
  const footer = chrome.footer ? html.lastIndexOf(chrome.footer) : -1;
  const shared = [
    ...(header < 0 ? [] : [{ at: header, html: chrome.header }]),
    ...(footer < 0 ? [] : [{ at: footer, html: chrome.footer }]),
  ];
  const placeable = header >= 0 && footer >= header + chrome.header.length && !hasMarks(chrome);
  return {
    shared,
    ...(placeable && {
      place: { header: [header, chrome.header.length], footer: [footer, chrome.footer.length], eager },
    }),
  };
}

/**
 * A page given a new header and footer (`chrome`) in place of those `place` says its HTML holds: the bytes the
 * page would render to, since nothing else of it reads what they show, and whether they differ from the page's.
 * Undefined when the new ones hold a mark, which only a render places.
 */
export function withChrome(
  html: string,
  place: ChromePlace,
  chrome: Chrome,
): (Pick<RenderedPage, "html" | "shared" | "chrome"> & { changed: boolean }) | undefined {
  const [h, hLength] = place.header;
  const [f, fLength] = place.footer;
  const fits = h >= 0 && h + hLength <= f && f + fLength <= html.length;
  if (!fits || hasMarks(chrome) || !chrome.header || !chrome.footer) return undefined;
  const made = html.slice(0, h) + chrome.header + html.slice(h + hLength, f) + chrome.footer + html.slice(f + fLength);
  const { shared, place: now } = placeChrome(made, chrome, place.eager);
  const changed = html.slice(h, h + hLength) !== chrome.header || html.slice(f, f + fLength) !== chrome.footer;
  return { html: made, shared, ...(now && { chrome: now }), changed };
}

function hasMarks({ header, footer }: Chrome): boolean {
  return [header, footer].some((part) => part.includes(DIRECTIVE_MARK) || part.includes(FACT_MARK));
}

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { LayoutModel, RenderedPage, Templates } from "./model.ts";
import type { SiteContext } from "./page-model.ts";

/** What a page's document starts with. */
export const DOCTYPE = "<!doctype html>";

const HEADER_SLOT = '<template data-slot="header"></template>';
const FOOTER_SLOT = '<template data-slot="footer"></template>';

/**
 * Fills the layout's header and footer slots and adds the doctype. The header and footer depend
 * only on the site, on which nav link is the current page and on whether the logo loads eagerly,
 * so each variant is rendered once per build: on a 1,000-page site that is 21 renders instead of
 * 2,000. Where they landed is returned too, so the link scan can reuse their scans.
 */
export function fillChrome(
  ctx: SiteContext,
  templates: Templates,
  page: LayoutModel,
  html: string,
): Pick<RenderedPage, "html" | "shared"> {
  const current = ctx.manifest.nav.some((m) => m.items.some((i) => i.path === page.route.path)) ? page.route.path : "";
  // The logo loads eagerly except on the home page, whose hero comes first.
  const key = `${current}\0${page.logo.loading}`;
  let made = ctx.chrome.get(key);
  if (made) {
    // Each page that shows the header reads its logo, rendered once or not.
    ctx.images.replay(made.reads);
  } else {
    const variant = { ...page, route: { ...page.route, path: current } };
    made = ctx.images.capture(() => ({
      header: renderToStaticMarkup(createElement(templates.Header, { page: variant })),
      footer: renderToStaticMarkup(createElement(templates.Footer, { page: variant })),
    }));
    ctx.chrome.set(key, made);
  }
  const chrome = made.value;
  // The header slot sits just after <body>, the footer slot just before </body>: searching from
  // each end touches a few kilobytes instead of the whole page twice.
  const header = html.indexOf(HEADER_SLOT);
  const footer = html.lastIndexOf(FOOTER_SLOT);
  if (header < 0 || footer < 0) return { html: DOCTYPE + html };
  const before = DOCTYPE + html.slice(0, header);
  const middle = html.slice(header + HEADER_SLOT.length, footer);
  const footerAt = before.length + chrome.header.length + middle.length;
  return {
    html: before + chrome.header + middle + chrome.footer + html.slice(footer + FOOTER_SLOT.length),
    shared: [
      { at: before.length, html: chrome.header },
      { at: footerAt, html: chrome.footer },
    ],
  };
}

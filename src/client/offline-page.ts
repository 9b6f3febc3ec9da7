/**
 * The two pages the service worker writes itself, from pages of the site it keeps: a saved copy
 * with its note ("Saved copy from November 27, 2026"), and the offline page that lists what is
 * saved. Both work on ppguide's own markup, which templates/Layout.tsx writes with exactly one
 * `<main id="main">` and one `<title>`; titles stay as the page escaped them.
 */

const MAIN_OPEN = '<main id="main">';

/** The note a saved copy carries at the top of its main content: there from the first paint, it moves nothing. */
export function withSavedNote(html: string, date: string): string {
  // One line on a phone: the date; the why beside it where there is room (templates/styles).
  const note =
    `<p class="saved-copy" role="status">Saved copy from ${date}.<span class="saved-copy-why"> ` +
    "You are offline or the connection is slow: this page may have changed since.</span></p>";
  const at = html.indexOf(MAIN_OPEN);
  return at < 0 ? html : html.slice(0, at + MAIN_OPEN.length) + note + html.slice(at + MAIN_OPEN.length);
}

/** A page's title as its <title> holds it (escaped), without the site's name after it. */
export function pageTitle(html: string): string | undefined {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return title?.replace(/ \| [^|]*$/, "");
}

/** A saved page for the list: its URL and its title, as HTML text. */
export interface SavedLink {
  url: string;
  title: string;
}

/**
 * The offline page: the layout of `base` (a kept page: header, footer, stylesheet) with its main
 * content replaced by what happened and the list of saved pages; a bare document when nothing is kept.
 */
export function offlinePageHtml(base: string | undefined, saved: readonly SavedLink[]): string {
  const list = saved.length
    ? '<p>These pages are saved on this device and open without a connection:</p><ul class="offline-list">' +
      saved.map(({ url, title }) => `<li><a href="${attribute(url)}">${title}</a></li>`).join("") +
      "</ul>"
    : "<p>No page of the guide is saved on this device yet. Once you are back online, visit the home page" +
      " and choose “Save the guide for offline”.</p>";
  const main =
    '<div class="container offline-page"><h1>You are offline</h1>' +
    '<p class="lead">This page is not saved on this device, and the guide cannot be reached right now.</p>' +
    `${list}</div>`;
  const open = base?.indexOf(MAIN_OPEN) ?? -1;
  const close = base?.lastIndexOf("</main>") ?? -1;
  if (base === undefined || open < 0 || close < open)
    return (
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline</title></head>' +
      `<body><main id="main">${main}</main></body></html>`
    );
  const page = base.slice(0, open + MAIN_OPEN.length) + main + base.slice(close);
  return (
    page
      .replace(/<title>[^<]*<\/title>/, "<title>You are offline</title>")
      // What described the page lent its layout: not this one.
      .replace(/<link rel="canonical"[^>]*>/, "")
      .replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "")
      .replace(/<meta name="description"[^>]*>/, '<meta name="description" content="You are offline.">')
      .replace(/ aria-current="page"/g, "")
  );
}

function attribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

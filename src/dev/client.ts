import { escapeAttribute } from "entities";
import { PREFIX } from "../client/sw-store.ts";
/**
 * The script dev mode injects into every HTML page it serves: it listens to the server-sent
 * events of /__ppguide/events, reloads the page when it was rebuilt, swaps the stylesheet when
 * only CSS changed, and shows build problems as an overlay above the last good page.
 * Plain ES2017 in a string: it never goes through the site's asset pipeline and never ships.
 */
export const EVENTS_PATH = "/__ppguide/events";

/** The overlay's stylesheet, in its shadow root. */
const OVERLAY_CSS =
  ".back{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:flex-start;" +
  "justify-content:center;padding:5vh 1rem;overflow:auto;font:14px/1.5 system-ui,sans-serif}" +
  ".box{background:#fff;color:#111;max-width:60rem;width:100%;border-top:6px solid #c0392b;border-radius:6px;" +
  "padding:1rem 1.25rem;box-shadow:0 10px 40px rgba(0,0,0,.4)}" +
  "h2{margin:0 0 .5rem;font-size:1.1rem;color:#c0392b}p{margin:.25rem 0 .75rem}li{margin:.5rem 0}" +
  "code{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace}" +
  ".where{font-weight:700}.hint{color:#555}" +
  "button{float:right;font:inherit;cursor:pointer;border:1px solid #bbb;background:#f4f4f4;border-radius:4px;" +
  "padding:.15rem .6rem}";

const CLIENT = String.raw`(() => {
  // Dev serves live pages: no service worker here (src/client/offline-client.ts registers the one a
  // page names), and one a ppguide preview of this origin left is removed, or its saved copies
  // would stand in for the pages being edited; so are its caches, which would hold megabytes of
  // an old build in the browser for nothing.
  document.documentElement.removeAttribute("data-service-worker");
  if (navigator.serviceWorker)
    navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()), () => {});
  if (window.caches)
    caches.keys().then(
      (names) => Promise.all(names.filter((n) => n.startsWith(${JSON.stringify(PREFIX)})).map((n) => caches.delete(n))),
      () => {},
    );
  const route = document.currentScript && document.currentScript.dataset.route;
  // This page's own problems (a broken link in its Markdown, a missing image): shown over it at once.
  const own = document.currentScript && document.currentScript.dataset.problems;
  // Declared before anything can call show() or hide(): a let read before its declaration throws, and
  // once did on every page with problems of its own, so neither they nor the site's were shown.
  let host;
  let server;
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  source.addEventListener("hello", (e) => {
    const id = JSON.parse(e.data).server;
    // A restarted dev server: the page may be stale.
    if (server && server !== id) location.reload();
    server = id;
  });
  source.addEventListener("reload", (e) => {
    const d = JSON.parse(e.data);
    if (d.all || d.pages.includes(route)) location.reload();
    else settle();
  });
  source.addEventListener("css", (e) => {
    const href = JSON.parse(e.data).href;
    settle();
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (!/\/assets\/site\.[0-9a-f]+\.css$/.test(link.getAttribute("href") || "")) continue;
      const fresh = link.cloneNode();
      fresh.href = href;
      // Swap once loaded, so the page never flashes unstyled.
      fresh.onload = () => link.remove();
      link.after(fresh);
    }
  });
  source.addEventListener("problems", (e) => show(JSON.parse(e.data), false));
  source.addEventListener("ok", () => settle());
  settle();

  // The page's own problems, unchanged while the page is (a rebuild that changes them names the
  // page): shown again once the site's are gone.
  function settle() {
    if (own) show({ errors: JSON.parse(own) }, true);
    else hide();
  }

  function hide() {
    if (host) host.remove();
    host = undefined;
  }
  function show(d, page) {
    hide();
    host = document.createElement("ppguide-overlay");
    host.style.cssText = "position:fixed;inset:0;z-index:2147483647;";
    const root = host.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = ${JSON.stringify(OVERLAY_CSS)};
    const back = document.createElement("div");
    back.className = "back";
    const box = document.createElement("div");
    box.className = "box";
    box.setAttribute("role", "alertdialog");
    const close = document.createElement("button");
    close.textContent = "Close";
    close.onclick = hide;
    const title = document.createElement("h2");
    title.textContent =
      d.errors.length + " problem" + (d.errors.length === 1 ? "" : "s") + (page ? " on this page" : " in the site");
    const lead = document.createElement("p");
    lead.textContent = page
      ? "The page is shown as it renders now; a build fails until these are fixed. " +
        "Fix the file and save: the page updates by itself."
      : "This preview shows the last good build. Fix the file and save: the page updates by itself.";
    const list = document.createElement("ul");
    for (const err of d.errors) {
      const li = document.createElement("li");
      const where = document.createElement("code");
      where.className = "where";
      where.textContent = err.where || err.code;
      const msg = document.createElement("div");
      msg.textContent = (err.path ? err.path + "  " : "") + err.message;
      li.append(where, msg);
      if (err.hint) {
        const hint = document.createElement("div");
        hint.className = "hint";
        hint.textContent = err.hint;
        li.append(hint);
      }
      list.append(li);
    }
    box.append(close, title, lead, list);
    back.append(box);
    root.append(style, back);
    document.documentElement.append(host);
  }
})();`;

/** The URL of the service worker a built site registers (src/output/service-worker.ts). */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * What dev answers at that URL: a worker that removes itself. A browser that still runs the worker
 * of a ppguide preview on this origin checks its script on the next page it opens and gets this
 * one, which takes over, deletes the builds' caches the old one kept, unregisters and reloads the
 * pages it controlled from the dev server.
 */
export const UNREGISTERING_WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => names.filter((n) => n.startsWith(${JSON.stringify(PREFIX)})))
      .then((builds) => Promise.all(builds.map((n) => caches.delete(n))))
      .then(() => self.registration.unregister())
      .then(() => self.clients.matchAll({ type: "window" }))
      .then((clients) => Promise.all(clients.map((c) => c.navigate(c.url)))),
  );
});
`;

/**
 * The inline script tag for one served page; `route` lets the page tell whether a rebuild concerns
 * it, and `problems` are the page's own, shown over it as it loads.
 */
export function reloadScript(route: string, problems: readonly unknown[] = []): string {
  const own = problems.length ? ` data-problems="${escapeAttribute(JSON.stringify(problems))}"` : "";
  return `<script data-ppguide-dev data-route="${escapeAttribute(route)}"${own}>${CLIENT}</script>`;
}

/** Adds the reload script just before </body> (or at the end of a document without one). */
export function injectReload(html: string, route: string, problems: readonly unknown[] = []): string {
  const tag = reloadScript(route, problems);
  const at = html.lastIndexOf("</body>");
  return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

import { escapeUTF8 } from "entities";
import type { Manifest, SiteSettings } from "../manifest/types.ts";
import { absoluteUrl } from "../render/structured-data.ts";

/** sitemap.xml: every canonical route, with lastmod where the route is dated. https://www.sitemaps.org/protocol.html */
export function sitemapXml(manifest: Manifest): string {
  const urls = manifest.routes
    .filter((r) => r.kind !== "search")
    .map((r) => {
      const lastmod = r.dates ? `<lastmod>${r.dates.modified}</lastmod>` : "";
      return `  <url><loc>${escapeUTF8(absoluteUrl(manifest.site, r.path))}</loc>${lastmod}</url>`;
    });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`
  );
}

/**
 * robots.txt: everything allowed but the prefixes site.yaml's `site.robots.disallow` names.
 * https://www.rfc-editor.org/rfc/rfc9309
 */
export function robotsTxt(manifest: Manifest): string {
  const disallow = (manifest.site.robots?.disallow ?? []).map((path) => `Disallow: ${path}\n`).join("");
  return `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${manifest.site.url}/sitemap.xml\n`;
}

export type BuildHost = NonNullable<NonNullable<SiteSettings["build"]>["host"]>;

/** A path no build writes: a rewrite to it ends in the host's own not-found answer. */
const NOT_FOUND_TARGET = "/.ppguide-not-found";

/** GitHub Pages reads no _redirects: there, and only there, each alias is a meta-refresh page. */
export function aliasesArePages(site: SiteSettings): boolean {
  return site.build?.host === "github-pages";
}

/**
 * `_redirects` for the host in site.build.host, or undefined for a host that reads none.
 *
 * Cloudflare Pages matches a static rule against the exact path and then strips a trailing slash
 * with a 308 of its own, so /alias/ gets a rule of its own to take one hop; it rejects a status
 * with `!`. https://developers.cloudflare.com/pages/configuration/redirects/
 * Netlify matches /alias/ by the /alias rule, but lets a file at the path shadow an unforced rule:
 * `301!` forces it. https://docs.netlify.com/routing/redirects/rewrites-proxies/#shadowing
 * /404 and /404.html would otherwise answer the 404 page with status 200.
 */
export function redirectsFile(manifest: Manifest): string | undefined {
  const host: BuildHost = manifest.site.build?.host ?? "cloudflare-pages";
  // A host matches a rule against the request's path as sent, percent-encoded (/caf%C3%A9).
  const aliases = (manifest.aliases ?? []).map((a) => ({ from: encodeURI(a.from), to: encodeURI(a.to) }));
  if (host === "github-pages") return undefined;
  const lines =
    host === "netlify"
      ? [...aliases.map((a) => `${a.from} ${a.to} 301!`), "/404 /404.html 404!", "/404.html /404.html 404!"]
      : [
          ...aliases.flatMap((a) => [`${a.from} ${a.to} 301`, `${a.from}/ ${a.to} 301`]),
          // A rewrite (200) to a missing path ends in Cloudflare's not-found answer: 404.html, status 404.
          ...["/404", "/404/", "/404.html"].map((p) => `${p} ${NOT_FOUND_TARGET} 200`),
        ];
  return `# Written by ppguide build for ${host} (site.build.host in site.yaml).\n${lines.join("\n")}\n`;
}

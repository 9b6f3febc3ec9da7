import { escapeUTF8 } from "entities";
import type { Manifest } from "../manifest/types.ts";
import { planRedirects, redirectsText } from "../manifest/host-limits.ts";
import { absoluteUrl } from "../core/output-names.ts";
import { ROUTE_KINDS } from "../render/kinds/index.ts";

/** sitemap.xml: every canonical route, with lastmod where the route is dated. https://www.sitemaps.org/protocol.html */
export function sitemapXml(manifest: Manifest): string {
  const urls = manifest.routes
    .filter((r) => ROUTE_KINDS[r.kind].indexed)
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

export type { BuildHost } from "../manifest/host-limits.ts";

/** `_redirects` for the host in site.build.host, or undefined for a host that reads none (host-limits.ts). */
export function redirectsFile(manifest: Manifest): string | undefined {
  return redirectsText(planRedirects(manifest));
}

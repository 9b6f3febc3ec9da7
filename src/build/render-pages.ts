import { join } from "node:path";
import { ImageService } from "../assets/images.ts";
import type { RouteEntry } from "../manifest/types.ts";
import { scriptsFor } from "../assets/bundles.ts";
import { createSiteContext, type SiteContext } from "../render/page-model.ts";
import { renderAlias, renderNotFound, renderRoute, type RenderedPage } from "../render/render.tsx";
import { aliasesArePages } from "../output/site-files.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import type { LoadedSite } from "../site/load-site.ts";

export type BuiltPage = Omit<RenderedPage, "html"> & { html?: string };

export interface RenderSelection {
  /** Default: every route. */
  routes?: Iterable<RouteEntry>;
  /** Default true: the redirect page of every alias. */
  aliases?: boolean;
  /** Default true: the 404 page. */
  notFound?: boolean;
}

/** The render stage, for all pages or some of them; throws every problem found at once. */
export function renderPages(site: LoadedSite, select: RenderSelection = {}): RenderedPage[] {
  const errors: PpgError[] = [];
  const rendered = [...renderPageStream(site, select, errors)];
  if (errors.length) throw new PpgErrorList(dedupe(errors));
  return rendered;
}

/**
 * Renders pages one at a time, so a build can write each page as soon as it exists instead of
 * holding the whole site in memory. Problems are pushed to `errors`; the caller fails once the
 * stream ends (a build then discards its staging folder).
 */
export function* renderPageStream(site: LoadedSite, select: RenderSelection, errors: PpgError[]): Generator<RenderedPage> {
  const { manifest, assets, templates } = site;
  const images = new ImageService(join(site.root, "public"), site.publicFiles, site.raster, site.share);
  const ctx = createSiteContext(manifest, site.content, images, (kind) => ({ css: assets.css.url, scripts: scriptsFor(kind, assets.scripts) }));
  ctx.year = Number(site.schedule.clock.slice(0, 4));
  ctx.root = site.root;
  for (const route of select.routes ?? manifest.routes) yield renderRoute(ctx, templates, route, errors);
  // Hosts that read _redirects answer an alias with its 301 (src/output/site-files.ts); a page at
  // its path would only shadow the rule on Netlify. GitHub Pages reads no _redirects: a page it is.
  const aliasPages = select.aliases !== false && aliasesArePages(manifest.site);
  if (aliasPages) for (const a of manifest.aliases ?? []) yield renderAlias(ctx, templates, a.from, a.to);
  if (select.notFound !== false) yield renderNotFound(ctx, templates);
  errors.push(...missingImageErrors(images.missing, errors));
}

/** An image some page asked for that public/ lacks, unless already reported at its line in Markdown (page-model.ts). */
export function missingImageErrors(missing: Iterable<string>, reported: readonly PpgError[]): PpgError[] {
  return [...missing]
    .filter((src) => !reported.some((e) => e.code === "AssetMissing" && e.data?.path === src))
    .map((src) => new PpgError("AssetMissing", { what: "image", path: src }, { hint: "Add the file to public/ or fix the path in site.yaml or the listings file that names it." }));
}

/** The same problem found on several threads or pages (same code, place and data) is reported once. */
export function dedupe(errors: PpgError[]): PpgError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const { file, line, column } = e.location ?? {};
    // A code without a message builder has no data: its message is what it found.
    const key = JSON.stringify([e.code, file, line, column, e.path, e.data ?? e.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

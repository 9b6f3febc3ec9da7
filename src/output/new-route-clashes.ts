import { listPublicFiles } from "../assets/public-files.ts";
import { buildAssets } from "../assets/bundles.ts";
import { createRaster, createShareImages, type LoadedManifest } from "../site/load-site.ts";
import type { OutputClashes } from "../site/new-page.ts";
import { sitePages } from "../render/kinds/index.ts";
import { claimOutputs } from "./claims.ts";

/**
 * What `ppguide new` asks before it adds a route: the clashes of the site's output paths (claims.ts) under a
 * manifest, with the site's public files and bundles as a build has them. Photo variants and share images are left
 * out: they are named only once every picture is read, and lie in folders public/ or the bundles claim already.
 */
export async function outputClashes(root: string): Promise<OutputClashes> {
  const [publicFiles, assets] = await Promise.all([listPublicFiles(root), buildAssets()]);
  const raster = createRaster(root);
  const share = createShareImages(root);
  return ({ manifest, source }: LoadedManifest) =>
    claimOutputs({ root, manifest, source, publicFiles, assets, raster, share }, sitePages(manifest), {
      searchIndex: true,
    });
}

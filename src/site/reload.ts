import { relative, sep } from "node:path";
import { listPublicFiles } from "../assets/public-files.ts";
import { buildScripts, buildStylesheet } from "../assets/bundles.ts";
import { contentTexts, namedRasters, RASTER_EXTENSIONS } from "../assets/raster.ts";
import { SHAREABLE } from "../assets/share-images.ts";
import { CONTENT_DIR, loadContent } from "../content/load.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import {
  checkNames,
  contentBeside,
  createRaster,
  createShareImages,
  loadManifest,
  photosNamed,
  prepareImages,
  schedule,
  schemaImages,
  type LoadedSite,
  type LoadOptions,
  type SiteAsRead,
} from "./load-site.ts";
import { MANIFEST_FILE } from "./find-site.ts";

/**
 * The load stage given what changed since a site was loaded (dev mode, after files are saved):
 * the site with each changed file read again, and only what those files reach loaded again; the
 * schedule, the names the files must have and the images checked as the first load checks them.
 * A folder where anything changed (content/, public/) is listed again as a build lists it, through
 * the rule that refuses a link out of the site (core/site-folder.ts): a link swapped in while dev
 * runs is refused as a build refuses it, and a file added is unused content until a route names it.
 * The files are absolute paths, in the site folder or (templates, styles, browser scripts) the package.
 */
export async function reloadSite(
  site: LoadedSite,
  files: Iterable<string>,
  opts: Pick<LoadOptions, "templates" | "drafts" | "deferred">,
): Promise<LoadedSite> {
  const changed = changedParts(site.root, files);
  const next: LoadedSite = { ...site };
  // In the order a load reads them (load-site.ts), so the first problem is the one a build meets first.
  let read: SiteAsRead = site.read;
  const publicFiles = changed.public.size ? listPublicFiles(site.root) : Promise.resolve(site.publicFiles);
  // Awaited below, or reported after site.yaml's problem when that comes first: never an unhandled rejection.
  publicFiles.catch(() => {});
  if (changed.manifest || changed.content) {
    const { manifest, source } = changed.manifest ? await loadManifest(site.root) : read;
    const content = changed.manifest
      ? loadContent(site.root, manifest, source)
      : loadContent(site.root, manifest, source, {
          previous: read.content,
          changed: new Set([...changed.markdown, ...changed.listings]),
        });
    const [loaded] = await contentBeside({ manifest, source }, content, Promise.all([publicFiles]));
    read = { manifest, source, content: loaded };
  }
  next.publicFiles = await publicFiles;
  if (changed.templates && opts.templates) next.templates = await opts.templates();
  if (changed.css || changed.client) {
    const [css, scripts] = await Promise.all([
      changed.css ? buildStylesheet() : site.assets.css,
      changed.client ? buildScripts() : site.assets.scripts,
    ]);
    next.assets = { ...site.assets, css, scripts };
  }
  const named: Parameters<typeof checkNames>[1] = [];
  if (read !== site.read) {
    const scheduled = schedule(read, site.schedule.clock, opts.drafts);
    Object.assign(next, { read, ...scheduled.site });
    named.push(...scheduled.errors);
  }
  // What the manifest and listings name, checked again as the first load checked it.
  if (changed.manifest || changed.listings.size || changed.public.size || named.length)
    checkNames(next, named, next.read.source, opts.deferred);
  // A photo replaced or added is measured and encoded again; one the changed text newly names too.
  const photos = [...changed.public].some((u) => RASTER_EXTENSIONS.test(u));
  const markdown = present(next.content.markdown, changed.markdown);
  const newlyNamed = changed.manifest
    ? photosNamed(next.publicFiles, next.manifest, next.content)
    : namedRasters(next.publicFiles, [
        ...contentTexts(markdown, present(next.content.listings, changed.listings)),
        ...markdown.map((file) => file.body),
      ]);
  if (photos || newlyNamed.some((f) => site.raster.size(f) === undefined)) {
    next.raster = createRaster(site.root);
    await prepareImages(next, [next.raster.prepare(photosNamed(next.publicFiles, next.manifest, next.content))]);
  }
  // Share images are named by their source's bytes, and which images need them by the routes.
  if (changed.manifest || [...changed.public].some((u) => SHAREABLE.test(u))) {
    next.share = createShareImages(site.root);
    await prepareImages(next, [next.share.prepare(next.manifest, next.publicFiles, schemaImages)]);
  }
  return next;
}

/** What a set of changed files touches. */
export interface Changed {
  manifest: boolean;
  /** Anything under content/: a file (read or not), a folder, a link. */
  content: boolean;
  markdown: Set<string>;
  listings: Set<string>;
  templates: boolean;
  css: boolean;
  client: boolean;
  /** URL paths of public files added, changed or removed. */
  public: Set<string>;
}

/** What changed files (absolute paths) touch: site.yaml, Markdown, listings, public/, templates, styles, scripts. */
export function changedParts(root: string, files: Iterable<string>): Changed {
  const c: Changed = {
    manifest: false,
    content: false,
    markdown: new Set(),
    listings: new Set(),
    templates: false,
    css: false,
    client: false,
    public: new Set(),
  };
  for (const abs of files) {
    const rel = relative(root, abs).split(sep).join("/");
    const pkg = relative(PACKAGE_DIR, abs).split(sep).join("/");
    if (rel === MANIFEST_FILE) c.manifest = true;
    else if (rel === CONTENT_DIR || rel.startsWith(`${CONTENT_DIR}/`)) {
      c.content = true;
      const name = rel.slice(CONTENT_DIR.length + 1);
      if (name.endsWith(".md")) c.markdown.add(name);
      else if (/\.ya?ml$/.test(name)) c.listings.add(name);
    } else if (rel === "public" || rel.startsWith("public/")) c.public.add(`/${rel.slice("public/".length)}`);
    else if (pkg.startsWith("templates/styles/")) c.css = true;
    else if (pkg.startsWith("templates/")) c.templates = true;
    else if (pkg.startsWith("src/client/")) c.client = true;
  }
  return c;
}

/** The values of `map` under `keys` that it holds. */
function present<T>(map: Map<string, T>, keys: Set<string>): T[] {
  return [...keys].flatMap((key) => {
    const value = map.get(key);
    return value === undefined ? [] : [value];
  });
}

import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { RASTER_EXTENSIONS, referencedTexts } from "../assets/raster.ts";
import { SHAREABLE } from "../assets/share-images.ts";
import { CONTENT_DIR, loadContent } from "../content/load.ts";
import { renderPages } from "../build/render-pages.ts";
import { createRaster, createShareImages, loadSite, type LoadedSite } from "../site/load-site.ts";
import { markUnpublished } from "../site/schedule.ts";
import { errorsOf, isUserError, PpgError } from "../core/errors.ts";
import { loadManifest, MANIFEST_FILE } from "../manifest/load.ts";
import { routeReferences } from "../manifest/route-references.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { buildScripts, buildStylesheet, type Asset } from "../assets/bundles.ts";
import type { RenderedPage } from "../render/render.tsx";
import { indexPages } from "../output/search-index.ts";
import { FreshTemplates } from "./templates.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

const packageDir = `${PACKAGE_DIR}/`;

export type ChangeKind = "add" | "change" | "unlink";

export interface RebuildReport {
  ok: boolean;
  /** The files behind this rebuild, relative to the site folder (templates: to the package). */
  files: string[];
  /** Every page was rendered again (first build, template or shared-data change). */
  full: boolean;
  /** Route paths rendered again (alias paths and /404 included). */
  pages: string[];
  /** Browsers need to reload whatever page they show (public file or browser script changed). */
  reloadAll: boolean;
  /** Only the stylesheet changed: browsers swap it in place. Its new URL. */
  cssOnly?: string;
  /** Milliseconds of rebuild work. */
  ms: number;
  /** User mistakes (with file:line:col), or an internal error turned into one. */
  errors: PpgError[];
  /** Set when the failure is a bug in ppguide rather than in the site. */
  crash?: unknown;
}

/** What a set of changed files touches. */
interface Classified {
  manifest: boolean;
  markdown: Set<string>;
  listings: Set<string>;
  templates: boolean;
  css: boolean;
  client: boolean;
  /** URL path → kind of change. */
  public: Map<string, ChangeKind>;
}

/**
 * The site as dev mode keeps it: the last good load and every rendered page, in memory.
 * A rebuild applies every change since the last good build to a copy, renders only the pages
 * those changes can affect, and swaps the copy in only if nothing failed, so the preview keeps
 * serving the last good pages while the editor fixes a mistake.
 */
export class DevSite {
  /** The last good build; undefined until the first build succeeds. */
  site?: LoadedSite;
  /** Rendered pages by route path (aliases by their own path, the 404 page as /404). */
  readonly pages = new Map<string, RenderedPage>();
  /** Problems of the latest rebuild; empty when it succeeded. */
  problems: PpgError[] = [];
  /** Changes not yet part of a good build: a failed rebuild keeps them for the next attempt. */
  private readonly pending = new Map<string, ChangeKind>();
  private readonly templates = new FreshTemplates();
  /** Bumped on every successful rebuild that changed anything served. */
  generation = 0;
  /** The search index of one generation's pages, by file under /pagefind/. */
  private search?: { generation: number; files: Promise<Map<string, string | Uint8Array>> };

  constructor(readonly root: string) {}

  async rebuild(changes: Map<string, ChangeKind> = new Map()): Promise<RebuildReport> {
    const started = performance.now();
    for (const [file, kind] of changes) this.pending.set(file, kind);
    const files = [...this.pending.keys()].map((f) => this.display(f));
    try {
      const outcome = this.site ? await this.incremental(this.classify(this.pending)) : await this.full();
      this.pending.clear();
      this.problems = [];
      this.generation++;
      return { ok: true, files, errors: [], ms: performance.now() - started, ...outcome };
    } catch (err) {
      // Compile errors of templates, CSS and browser scripts arrive as PpgErrors too (compile-errors.ts).
      const user = isUserError(err) ? err : undefined;
      this.problems = user ? errorsOf(user) : [new PpgError("InternalError", { stack: (err as Error)?.stack ?? String(err) }, { hint: "This is a bug in ppguide, not in your site." })];
      return { ok: false, files, full: false, pages: [], reloadAll: false, errors: this.problems, crash: user ? undefined : err, ms: performance.now() - started };
    }
  }

  async dispose(): Promise<void> {
    await this.templates.dispose();
  }

  /**
   * The full-text search index of the pages being served. Made on the first request for it after
   * each rebuild rather than in every rebuild, so an edit reloads as fast as before and the index
   * is only paid for when the search page asks; an edited page is then findable after the reload.
   * Pagefind cannot take a page out of an index, so it is made again from every page in memory
   * (the project site's in about 0.1 s).
   */
  searchFiles(): Promise<Map<string, string | Uint8Array>> {
    const site = this.site;
    if (!site) return Promise.resolve(new Map());
    if (this.search?.generation !== this.generation) {
      const files = indexPages(site, [...this.pages.values()]).then((list) => new Map(list.map((f) => [f.file, f.content])));
      const search = { generation: this.generation, files };
      // A failure is not kept: the next request tries again.
      files.catch(() => this.search === search && (this.search = undefined));
      this.search = search;
    }
    return this.search.files;
  }

  private async full(): Promise<Pick<RebuildReport, "full" | "pages" | "reloadAll">> {
    const site = await loadSite(this.root, {}, { templates: () => this.templates.load(), drafts: "show" });
    const rendered = renderPages(site);
    this.site = site;
    this.pages.clear();
    for (const p of rendered) this.pages.set(p.route, p);
    return { full: true, pages: rendered.map((p) => p.route), reloadAll: true };
  }

  private async incremental(c: Classified): Promise<Pick<RebuildReport, "full" | "pages" | "reloadAll" | "cssOnly">> {
    const site = this.site!;
    const next: LoadedSite = { ...site };
    let all = false;
    let reloadAll = false;
    const dirty = new Set<string>();
    let aliases = false;
    let notFound = false;

    if (c.templates) {
      next.templates = await this.templates.load();
      all = true;
    }
    if (c.css || c.client) {
      const [css, scripts] = await Promise.all([
        c.css ? buildStylesheet() : site.assets.css,
        c.client ? buildScripts() : site.assets.scripts,
      ]);
      next.assets = { css, scripts };
      // Pages name scripts by entry; a new or removed entry changes which scripts pages load.
      if (c.client) {
        reloadAll = true;
        if (entryNames(scripts).join() !== entryNames(site.assets.scripts).join()) all = true;
      }
    }

    if (c.public.size) {
      next.publicFiles = new Set(site.publicFiles);
      for (const [url] of c.public) {
        if (existsSync(join(this.root, "public", decodeURI(url)))) next.publicFiles.add(url);
        else next.publicFiles.delete(url);
      }
      reloadAll = true;
      if ([...c.public.keys()].some((u) => RASTER_EXTENSIONS.test(u))) {
        next.raster = createRaster(this.root);
        await next.raster.prepare(next.publicFiles, referencedTexts(next.manifest, next.content));
      }
      // An image's size and srcset are baked into the pages that show it.
      const routePaths = new Set(next.manifest.routes.map((r) => r.path));
      for (const [path, page] of this.pages) {
        for (const url of c.public.keys()) {
          if (page.html.includes(url) || page.html.includes(encodeURI(url))) {
            if (path === "/404") notFound = true;
            else if (routePaths.has(path)) dirty.add(path);
            else aliases = true;
          }
        }
      }
    }

    if (c.manifest) {
      const loaded = await loadManifest(this.root);
      const manifest = markUnpublished(loaded.manifest, site.schedule.clock);
      const { source } = loaded;
      next.manifest = manifest;
      next.source = source;
      next.content = await loadContent(this.root, manifest, source);
      const diff = diffManifests(site.manifest, manifest);
      if (diff === "all") all = true;
      else for (const p of diff) dirty.add(p);
      aliases = notFound = true;
    } else if (c.markdown.size || c.listings.size) {
      next.content = await loadContent(this.root, next.manifest, next.source, { previous: site.content, changed: new Set([...c.markdown, ...c.listings]) });
    }
    for (const route of next.manifest.routes) {
      if ((route.content && c.markdown.has(route.content)) || (route.listings && c.listings.has(route.listings))) dirty.add(route.path);
    }
    if (!c.public.size && (c.manifest || c.markdown.size || c.listings.size)) await this.prepareNewPhotos(next, c);
    // Share images are named by their source's bytes, and which images need them by the routes.
    if (c.manifest || [...c.public.keys()].some((u) => SHAREABLE.test(u))) {
      next.share = createShareImages(this.root);
      await next.share.prepare(next.manifest, next.publicFiles);
    }

    if (all) {
      const rendered = renderPages(next);
      this.site = next;
      this.pages.clear();
      for (const p of rendered) this.pages.set(p.route, p);
      return { full: true, pages: rendered.map((p) => p.route), reloadAll: true };
    }
    const byPath = new Map(next.manifest.routes.map((r) => [r.path, r]));
    const routes = [...dirty].map((p) => byPath.get(p)).filter((r): r is RouteEntry => r !== undefined);
    const rendered = renderPages(next, { routes, aliases, notFound });
    this.site = next;
    for (const p of rendered) this.pages.set(p.route, p);
    const cssOnly = c.css && !c.client && !c.templates && !c.manifest && !c.markdown.size && !c.listings.size && !c.public.size ? next.assets.css.url : undefined;
    return { full: false, pages: rendered.map((p) => p.route), reloadAll, cssOnly };
  }

  /** Photos newly named by the changed files get their sizes and variants before rendering. */
  private async prepareNewPhotos(next: LoadedSite, c: Classified): Promise<void> {
    const photos = [...next.publicFiles].filter((f) => RASTER_EXTENSIONS.test(f) && next.raster.size(f) === undefined);
    if (photos.length === 0) return;
    const text = c.manifest
      ? referencedTexts(next.manifest, next.content)
      : [...c.markdown].map((n) => next.content.markdown.get(n)?.body ?? "").concat([...c.listings].map((n) => JSON.stringify(next.content.listings.get(n) ?? "")));
    await next.raster.prepare(photos, text);
  }

  private classify(changes: Map<string, ChangeKind>): Classified {
    const c: Classified = { manifest: false, markdown: new Set(), listings: new Set(), templates: false, css: false, client: false, public: new Map() };
    for (const [abs, kind] of changes) {
      const rel = relative(this.root, abs).split(sep).join("/");
      const pkg = relative(packageDir, abs).split(sep).join("/");
      if (rel === MANIFEST_FILE) c.manifest = true;
      else if (rel.startsWith(`${CONTENT_DIR}/`)) {
        const name = rel.slice(CONTENT_DIR.length + 1);
        if (name.endsWith(".md")) c.markdown.add(name);
        else if (/\.ya?ml$/.test(name)) c.listings.add(name);
      } else if (rel.startsWith("public/")) c.public.set(`/${rel.slice("public/".length)}`, kind);
      else if (pkg.startsWith("templates/styles/")) c.css = true;
      else if (pkg.startsWith("templates/")) c.templates = true;
      else if (pkg.startsWith("src/client/")) c.client = true;
    }
    return c;
  }

  /** How a changed file is named in the terminal. */
  display(abs: string): string {
    const rel = relative(this.root, abs);
    const shown = rel.startsWith("..") ? relative(packageDir, abs) : rel;
    return shown.split(sep).join("/");
  }
}

/**
 * Which routes a site.yaml edit changes. Cards, nav and search take their text from site.yaml,
 * so a route's entry changing also changes every page that shows its card. Anything shared by
 * every page (site settings, authors, menus, search, aliases, the set of routes) means all.
 */
export function diffManifests(before: Manifest, after: Manifest): Set<string> | "all" {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.site, after.site) || !same(before.authors, after.authors) || !same(before.nav, after.nav) || !same(before.search, after.search) || !same(before.aliases, after.aliases)) return "all";
  const old = new Map(before.routes.map((r) => [r.path, r]));
  if (old.size !== after.routes.length || after.routes.some((r) => !old.has(r.path))) return "all";
  const changed = new Set(after.routes.filter((r) => !same(r, old.get(r.path))).map((r) => r.path));
  if (changed.size === 0) return changed;
  const search = new Set((after.search ?? []).map((p) => resolveAlias(after, p)));
  for (const p of changed) if (search.has(p) && old.get(p)!.title !== after.routes.find((r) => r.path === p)!.title) return "all";
  const dirty = new Set(changed);
  // Every page that shows the card of a changed route (the same list the cross-reference check reads).
  for (const ref of routeReferences(after)) {
    if (ref.shownOn && changed.has(resolveAlias(after, ref.path))) dirty.add(ref.shownOn);
  }
  // The /search page lists every article, recipe and index by title (searchPageItems).
  const retitled = [...changed].some((p) => old.get(p)!.title !== after.routes.find((r) => r.path === p)!.title);
  if (retitled) for (const route of after.routes) if (route.kind === "search") dirty.add(route.path);
  // An author page shows the cards of its writer's articles and recipes (page-model.ts), the old
  // writer's too when a page changed hands.
  const writers = new Set([...changed].flatMap((p) => [old.get(p)!.author, after.routes.find((r) => r.path === p)!.author]));
  for (const route of after.routes) if (route.kind === "author" && writers.has(route.author)) dirty.add(route.path);
  // The home page's image is the share image of every page without one (defaultShareImage).
  if (changed.has("/") && !same(old.get("/")!.image, after.routes.find((r) => r.path === "/")!.image)) return "all";
  return dirty;
}

function resolveAlias(manifest: Manifest, path: string): string {
  return manifest.aliases?.find((a) => a.from === path)?.to ?? path;
}

function entryNames(scripts: Asset[]): string[] {
  return scripts.map((s) => s.url.replace(/^\/assets\//, "").replace(/\.[0-9a-f]{10}\.js$/, "")).sort();
}

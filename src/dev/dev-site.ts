import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { ImageFactIndex, imageFacts, type ImageFacts } from "../assets/image-facts.ts";
import { contentTexts, namedRasters, RASTER_EXTENSIONS, referencedTexts } from "../assets/raster.ts";
import { SHAREABLE } from "../assets/share-images.ts";
import { buildScripts, buildStylesheet } from "../assets/bundles.ts";
import { builtPage, key, render, type PageInMemory } from "../engine/build.ts";
import { IN_MEMORY, renderInputOf, type Previous } from "../engine/page-keys.ts";
import { digestJson } from "../core/digest.ts";
import { currentCode } from "../core/code-id.ts";
import { siteCache } from "../core/disk-cache.ts";
import { errorsOf, isUserError, PpgError, PpgErrorList } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { CONTENT_DIR, loadContent } from "../content/load.ts";
import { loadManifest, MANIFEST_FILE } from "../site/load-site.ts";
import { claimOutputs } from "../output/claims.ts";
import { generatedFiles, type OutputFile } from "../output/generated-files.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { makeShard } from "../output/index-maker.ts";
import { indexable, planIndex } from "../output/search-index.ts";
import type { Templates } from "../render/render.tsx";
import {
  checkNames,
  createRaster,
  createShareImages,
  loadSite,
  prepareImages,
  schemaImages,
  type LoadedSite,
} from "../site/load-site.ts";
import { markUnpublished } from "../site/schedule.ts";
import { sitePages } from "../render/kinds/index.ts";
import { FreshTemplates } from "./templates.ts";

const packageDir = `${PACKAGE_DIR}/`;

export type ChangeKind = "add" | "change" | "unlink";

export interface RebuildReport {
  ok: boolean;
  /** The files behind this rebuild, relative to the site folder (templates: to the package). */
  files: string[];
  /** Every page was rendered again (first build, a template or what every page shows changed). */
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
interface Changed {
  manifest: boolean;
  markdown: Set<string>;
  listings: Set<string>;
  templates: boolean;
  css: boolean;
  client: boolean;
  /** URL paths of public files added, changed or removed. */
  public: Set<string>;
}

/** A page as dev mode serves it, and its record: the same engine as a build's, in memory. */
interface DevPage {
  page: PageInMemory;
  record: PageRecord;
}

/**
 * The site as dev mode keeps it: the last good load and every rendered page, in memory. A rebuild
 * reloads what changed, then runs the build's own key and render stages (engine/build.ts) with
 * the pages kept in memory: every page is keyed as a build keys it, and the pages whose key, or
 * whose images, changed are rendered again; it swaps the result in
 * only if nothing failed, so the preview keeps serving the last good pages while the editor fixes
 * a mistake. test/engine/incremental.test.ts checks that it serves what a clean build writes.
 */
export class DevSite {
  /** The last good build; undefined until the first build succeeds. */
  site?: LoadedSite;
  /** Rendered pages by route path (aliases by their own path, the 404 page as /404). */
  readonly pages = new Map<string, PageInMemory>();
  /** Problems of the latest rebuild; empty when it succeeded. */
  problems: PpgError[] = [];
  /** Bumped on every successful rebuild. */
  generation = 0;
  /** By output file, as a build's page cache holds them. */
  private byFile = new Map<string, DevPage>();
  /** Changes not yet part of a good build: a failed rebuild keeps them for the next attempt. */
  private readonly pending = new Map<string, ChangeKind>();
  private readonly freshTemplates = new FreshTemplates();
  private templates?: { loaded: Templates; code: string };
  private images?: { facts: ImageFacts; index: ImageFactIndex };
  /** The search index's shards, by digest, and the files of one generation. */
  private readonly shards = new Map<string, OutputFile[]>();
  private search?: { generation: number; files: Promise<Map<string, string | Uint8Array>> };
  private generated?: {
    generation: number;
    files: Map<string, () => Promise<string | Uint8Array> | string | Uint8Array>;
  };

  /** `clock`: the day pages are shown as of (site/schedule.ts); default PPGUIDE_CLOCK, else today. */
  constructor(
    readonly root: string,
    readonly clock?: string,
  ) {}

  async rebuild(changes: Map<string, ChangeKind> = new Map()): Promise<RebuildReport> {
    const started = performance.now();
    for (const [file, kind] of changes) this.pending.set(file, kind);
    const files = [...this.pending.keys()].map((f) => this.display(f));
    try {
      const changed = this.site ? this.classify(this.pending) : undefined;
      const next = await this.load(changed);
      const outcome = await this.render(next, changed);
      this.pending.clear();
      this.problems = [];
      this.generation++;
      return { ok: true, files, errors: [], ms: performance.now() - started, ...outcome };
    } catch (err) {
      // Compile errors of templates, CSS and browser scripts arrive as PpgErrors too (compile-errors.ts).
      const user = isUserError(err) ? err : undefined;
      this.problems = user
        ? errorsOf(user)
        : [
            new PpgError(
              "InternalError",
              { stack: (err as Error)?.stack ?? String(err) },
              { hint: "This is a bug in ppguide, not in your site." },
            ),
          ];
      return {
        ok: false,
        files,
        full: false,
        pages: [],
        reloadAll: false,
        errors: this.problems,
        crash: user ? undefined : err,
        ms: performance.now() - started,
      };
    }
  }

  async dispose(): Promise<void> {
    await this.freshTemplates.dispose();
  }

  /**
   * A file the build generates (stylesheet, scripts, images, sitemap, feed, ...), made when first asked for in each
   * generation.
   */
  async generatedFile(path: string): Promise<string | Uint8Array | undefined> {
    if (!this.site) return undefined;
    if (this.generated?.generation !== this.generation) {
      this.generated = {
        generation: this.generation,
        files: new Map(generatedFiles(this.site).map((f) => [f.file, f.content])),
      };
    }
    return this.generated.files.get(path.slice(1))?.();
  }

  /**
   * The full-text search index of the pages being served, made on the first request for it after
   * a rebuild rather than in every rebuild, so an edit reloads at once. Each shard is made again
   * only when one of its pages or records changed, as in a build (output/search-index.ts).
   */
  searchFiles(): Promise<Map<string, string | Uint8Array>> {
    if (!this.site) return Promise.resolve(new Map());
    if (this.search?.generation !== this.generation) {
      const search = { generation: this.generation, files: this.index(this.site) };
      // A failure is not kept: the next request tries again.
      search.files.catch(() => this.search === search && (this.search = undefined));
      this.search = search;
    }
    return this.search.files;
  }

  private async index(site: LoadedSite): Promise<Map<string, string | Uint8Array>> {
    const served = [...this.byFile.values()];
    const html = new Map(served.map(({ page }) => [page.route, page.html]));
    const mains = new Map(
      served
        .filter(({ page }) => indexable(page))
        .map(({ page, record }) => [page.route, record.main ?? bug(page.route)]),
    );
    const files = new Map<string, string | Uint8Array>();
    const kept = new Set<string>();
    for (const shard of planIndex(site, mains)) {
      let made = this.shards.get(shard.digest);
      if (!made) {
        const work = siteCache(this.root, "dev-index");
        const written = await makeShard(shard, work, (route) => html.get(route) ?? bug(route));
        made = written.map(({ file, from }) => ({ file, content: readFileSync(from) }));
        rmSync(work, { recursive: true, force: true });
        this.shards.set(shard.digest, made);
      }
      kept.add(shard.digest);
      for (const f of made) files.set(f.file, f.content);
    }
    for (const digest of this.shards.keys()) if (!kept.has(digest)) this.shards.delete(digest);
    return files;
  }

  /**
   * The site with `changed` applied to the last good load (everything loaded, the first time),
   * each output path claimed once, as a build claims them (output/claims.ts): a file added to
   * public/ over a page is the same error here as there.
   */
  private async load(changed: Changed | undefined): Promise<LoadedSite> {
    // Drafts and pages not yet published are shown, each with a banner saying so (site/schedule.ts).
    const next = changed
      ? await this.reload(changed)
      : await loadSite(this.root, { templates: () => this.loadTemplates(), drafts: "show", clock: this.clock });
    // What the outputs are made of is unchanged after an edit to Markdown alone: the claims stand.
    const prev = this.site;
    const sameOutputs =
      prev !== undefined &&
      (["manifest", "publicFiles", "assets", "raster", "share"] as const).every((part) => next[part] === prev[part]);
    const clashes = sameOutputs ? [] : claimOutputs(next, sitePages(next.manifest), { searchIndex: true });
    if (clashes.length) throw new PpgErrorList(clashes);
    return next;
  }

  private async reload(changed: Changed): Promise<LoadedSite> {
    const site = this.site!;
    const next: LoadedSite = { ...site };
    if (changed.templates) next.templates = await this.loadTemplates();
    if (changed.css || changed.client) {
      const [css, scripts] = await Promise.all([
        changed.css ? buildStylesheet() : site.assets.css,
        changed.client ? buildScripts() : site.assets.scripts,
      ]);
      next.assets = { css, scripts };
    }
    if (changed.public.size) {
      next.publicFiles = new Set(site.publicFiles);
      for (const url of changed.public) {
        if (existsSync(join(this.root, "public", decodeURI(url)))) next.publicFiles.add(url);
        else next.publicFiles.delete(url);
      }
    }
    if (changed.manifest) {
      const loaded = await loadManifest(this.root);
      const manifest = markUnpublished(loaded.manifest, site.schedule.clock);
      const { source } = loaded;
      next.manifest = manifest;
      next.source = source;
      next.content = await loadContent(this.root, manifest, source);
    } else if (changed.markdown.size || changed.listings.size) {
      next.content = await loadContent(this.root, next.manifest, next.source, {
        previous: site.content,
        changed: new Set([...changed.markdown, ...changed.listings]),
      });
    }
    // What the manifest and listings name, checked again as the first load checked it.
    if (changed.manifest || changed.listings.size || changed.public.size) checkNames(next);
    // A photo replaced or added is measured and encoded again; one the changed text newly names too.
    const photos = [...changed.public].some((u) => RASTER_EXTENSIONS.test(u));
    const changedTexts = changed.manifest
      ? referencedTexts(next.manifest, next.content)
      : contentTexts(
          present(next.content.markdown, changed.markdown),
          present(next.content.listings, changed.listings),
        );
    if (photos || namedRasters(next.publicFiles, changedTexts).some((f) => site.raster.size(f) === undefined)) {
      next.raster = createRaster(this.root);
      await prepareImages(next, [next.raster.prepare(next.publicFiles, referencedTexts(next.manifest, next.content))]);
    }
    // Share images are named by their source's bytes, and which images need them by the routes.
    if (changed.manifest || [...changed.public].some((u) => SHAREABLE.test(u))) {
      next.share = createShareImages(this.root);
      await prepareImages(next, [next.share.prepare(next.manifest, next.publicFiles, schemaImages)]);
    }
    return next;
  }

  /**
   * Keys every page of `next` and renders those whose key or images changed since the pages
   * served; swaps them in once all have rendered.
   */
  private async render(
    next: LoadedSite,
    changed: Changed | undefined,
  ): Promise<Pick<RebuildReport, "full" | "pages" | "reloadAll" | "cssOnly">> {
    const site = this.site;
    // Facts of the images are read from public/ again only when it, the photos or the share images changed.
    if (
      !this.images ||
      next.publicFiles !== site?.publicFiles ||
      next.raster !== site.raster ||
      next.share !== site.share
    ) {
      const facts = imageFacts(join(this.root, "public"), next.publicFiles, next.raster, next.share);
      this.images = { facts, index: new ImageFactIndex(facts) };
    }
    if (!this.templates) throw new Error("dev mode renders before its templates are loaded");
    const previous: Previous = site
      ? { records: (file) => this.byFile.get(file)?.record, intact: () => true }
      : { none: "first build" };
    const { jobs, plan, records, kept } = await render(
      key({
        input: renderInputOf(next, { scan: false, images: this.images.facts }),
        pages: sitePages(next.manifest),
        code: this.templates.code,
        images: this.images.index,
        previous,
        sink: IN_MEMORY,
        threads: false,
        templates: next.templates,
      }),
    );
    const missing = (file: string): never => {
      throw new Error(`dev mode has no page ${file}`);
    };
    const jobOf = new Map(jobs.map((job) => [job.file, job]));
    const rendered = new Map<string, DevPage>();
    for (const [file, page] of kept) {
      const built = builtPage(jobOf.get(file) ?? missing(file));
      rendered.set(file, { record: records.get(file) ?? missing(file), page: { ...page, ...built } });
    }
    const byFile = new Map<string, DevPage>();
    for (const { job } of plan.reuse) byFile.set(job.file, this.byFile.get(job.file) ?? missing(job.file));
    for (const [file, page] of rendered) byFile.set(file, page);
    this.byFile = byFile;
    this.pages.clear();
    for (const { page } of byFile.values()) this.pages.set(page.route, page);
    this.site = next;

    const full = plan.reuse.length === 0;
    const onlyCss =
      changed?.css &&
      !changed.client &&
      !changed.templates &&
      !changed.manifest &&
      !changed.markdown.size &&
      !changed.listings.size &&
      !changed.public.size;
    return {
      full,
      pages: [...rendered.values()].map(({ page }) => page.route),
      reloadAll: full || Boolean(changed?.public.size || changed?.client),
      ...(onlyCss && { cssOnly: next.assets.css.url }),
    };
  }

  /** The templates compiled afresh; what they are is the code part of every page's key. */
  private async loadTemplates(): Promise<Templates> {
    const { templates, bundle } = await this.freshTemplates.load();
    this.templates = { loaded: templates, code: digestJson([currentCode(), bundle]) };
    return templates;
  }

  private classify(changes: Map<string, ChangeKind>): Changed {
    const c: Changed = {
      manifest: false,
      markdown: new Set(),
      listings: new Set(),
      templates: false,
      css: false,
      client: false,
      public: new Set(),
    };
    for (const abs of changes.keys()) {
      const rel = relative(this.root, abs).split(sep).join("/");
      const pkg = relative(packageDir, abs).split(sep).join("/");
      if (rel === MANIFEST_FILE) c.manifest = true;
      else if (rel.startsWith(`${CONTENT_DIR}/`)) {
        const name = rel.slice(CONTENT_DIR.length + 1);
        if (name.endsWith(".md")) c.markdown.add(name);
        else if (/\.ya?ml$/.test(name)) c.listings.add(name);
      } else if (rel.startsWith("public/")) c.public.add(`/${rel.slice("public/".length)}`);
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

/** The values of `map` under `keys` that it holds. */
function present<T>(map: Map<string, T>, keys: Set<string>): T[] {
  return [...keys].flatMap((key) => (map.has(key) ? [map.get(key)!] : []));
}

/** A bug in ppguide: every indexed page served was rendered with its record, which holds its <main>'s digest. */
function bug(route: string): never {
  throw new Error(`dev mode serves no rendered page or <main> for ${route}`);
}

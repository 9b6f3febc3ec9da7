import { join, relative, sep } from "node:path";
import { ImageFactIndex, imageFacts, type ImageFacts } from "../assets/image-facts.ts";
import { currentCode } from "../core/code-id.ts";
import { digestJson } from "../core/digest.ts";
import { errorsOf, isUserError, PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { check, key, load, render } from "../engine/build.ts";
import { builtPage, type Checked, type PageInMemory } from "../engine/build-state.ts";
import { IN_MEMORY, renderInputOf, type Previous } from "../engine/page-keys.ts";
import { sourcesOf } from "../engine/render-pages.ts";
import { generatedFiles } from "../output/generated-files.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { INDEX_DIR, indexable, indexFiles, mainOf, READ_OPTIONS, routeEntries } from "../output/search-index.ts";
import { entriesOnly } from "../search/assemble.ts";
import { gzipped } from "../search/compress.ts";
import type { SearchEntry } from "../search/page-entry.ts";
import { PageReader } from "../search/read-page.ts";
import type { Templates } from "../render/render.tsx";
import { findManifest, type LoadedSite } from "../site/load-site.ts";
import { changedParts } from "../site/reload.ts";
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
  /** What keeps the whole site from building (with file:line:col), or an internal error turned into one. */
  errors: PpgError[];
  /** The site's warnings (content no route uses, figures typed by hand, ...), as a build reports them. */
  warnings: PpgError[];
  /** Each page rendered now that has problems of its own, by route: it is served, with them shown on it. */
  pageProblems: Map<string, PpgError[]>;
  /** Set when the failure is a bug in ppguide rather than in the site. */
  crash?: unknown;
}

/** A page as dev mode serves it, its record, and the problems rendering it found (shown on it). */
interface DevPage {
  page: PageInMemory;
  record: PageRecord;
  problems: PpgError[];
}

/**
 * The site as dev mode keeps it: the last good load and every rendered page, in memory. A rebuild
 * runs the build's own stages (engine/build.ts): load, given the files changed since the last good
 * load (site/reload.ts reads them and what they reach again), check, then key and render with the
 * pages kept in memory: every page is keyed as a build keys it, and the pages whose key, or whose
 * images, changed are rendered again. A problem of the whole site (the load, the check) keeps the
 * last good build served while the editor fixes it; a problem of one page (a broken link in its
 * Markdown, a draft's missing image) is that page's: it is served with its problems shown on it,
 * and every other page as it is. test/engine/incremental.test.ts checks that it serves what a
 * clean build writes.
 */
export class DevSite {
  /** The last good build; undefined until the first build succeeds. */
  site?: LoadedSite;
  /** Rendered pages by route path (aliases by their own path, the 404 page as /404). */
  readonly pages = new Map<string, PageInMemory>();
  /** Problems of the whole site in the latest rebuild; empty when it succeeded. */
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
  /**
   * Each page's search entries, by its record: a page rendered again (its Markdown, keywords or
   * listings changed) has a new record, so its entries are read again, and only its.
   */
  private readonly entries = new WeakMap<PageRecord, SearchEntry[]>();
  private search?: { generation: number; files: Promise<Map<string, string | Uint8Array>> };
  private generated?: {
    generation: number;
    files: Map<string, () => Promise<string | Uint8Array> | string | Uint8Array>;
  };

  /** `clock`: the day pages are shown as of (site/schedule.ts); default today. */
  constructor(
    readonly root: string,
    readonly clock?: string,
  ) {}

  async rebuild(changes: Map<string, ChangeKind> = new Map()): Promise<RebuildReport> {
    const started = performance.now();
    for (const [file, kind] of changes) this.pending.set(file, kind);
    const files = [...this.pending.keys()].map((f) => this.display(f));
    try {
      const previous = this.site && { site: this.site, changed: [...this.pending.keys()] };
      // Drafts and pages not yet published are shown, each with a banner saying so (site/schedule.ts).
      const loaded = await load(
        findManifest(this.root),
        { root: this.root, clock: this.clock },
        { templates: () => this.loadTemplates(), drafts: "show", previous },
      );
      const checked = check(loaded);
      const outcome = await this.render(checked, previous && changedParts(this.root, previous.changed));
      this.pending.clear();
      this.problems = [];
      this.generation++;
      const warnings = [...checked.report.warnings, ...outcome.warnings];
      return { ok: true, files, errors: [], ms: performance.now() - started, ...outcome, warnings };
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
        warnings: [],
        pageProblems: new Map(),
        crash: user ? undefined : err,
        ms: performance.now() - started,
      };
    }
  }

  /** The problems found on the page served at `route`, shown on it. */
  problemsOf(route: string): PpgError[] {
    const page = this.pages.get(route);
    return page ? (this.byFile.get(page.file)?.problems ?? []) : [];
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
   * a rebuild rather than in every rebuild, so an edit reloads at once: a page's entry is read again
   * only when the page changed, and the index is joined from the entries as a build joins them.
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
    const served = new Map([...this.byFile.values()].map((p) => [p.page.route, p]));
    const routes = new Map(site.manifest.routes.map((route) => [route.path, route]));
    const reader = new PageReader(READ_OPTIONS);
    const entriesOf = (path: string) => {
      const page = served.get(path);
      const route = routes.get(path);
      if (!page || !route) return undefined;
      let entries = this.entries.get(page.record);
      if (!entries) {
        entries = routeEntries(site, route, reader.read(mainOf(page.page.html)), reader);
        this.entries.set(page.record, entries);
      }
      return entries;
    };
    const entries = site.manifest.routes.filter(indexable).flatMap((route) => entriesOf(route.path) ?? []);
    const files = new Map<string, string | Uint8Array>();
    for (const { path, bytes, compressed } of indexFiles(site, entriesOnly(entries)).files)
      files.set(`${INDEX_DIR}/${path}`, compressed ? await gzipped(bytes()) : bytes());
    return files;
  }

  /**
   * Keys every page of the checked site and renders those whose key or images changed since the
   * pages served; swaps them in once all have rendered. `changed`: what the files behind this
   * rebuild touched (none on the first build).
   */
  private async render(
    checked: Checked,
    changed: ReturnType<typeof changedParts> | undefined,
  ): Promise<Pick<RebuildReport, "full" | "pages" | "reloadAll" | "cssOnly" | "warnings" | "pageProblems">> {
    const next = checked.site;
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
    const templates = expected(this.templates, "dev mode's templates, loaded before it renders");
    const previous: Previous = site
      ? { records: (file) => this.byFile.get(file)?.record, intact: () => true }
      : { none: "first build" };
    const { jobs, plan, records, kept, problems, warnings } = await render(
      key({
        input: {
          ...renderInputOf(next, { scan: false, search: false, images: this.images.facts }),
          pageProblems: true,
        },
        pages: checked.pages,
        sources: sourcesOf(next),
        code: templates.code,
        images: this.images.index,
        previous,
        sink: IN_MEMORY,
        threads: false,
        templates: next.templates,
      }),
    );
    const jobOf = new Map(jobs.map((job) => [job.file, job]));
    const byFile = new Map<string, DevPage>();
    for (const { job } of plan.reuse) byFile.set(job.file, expected(this.byFile.get(job.file), `a page ${job.file}`));
    const pageProblems = new Map<string, PpgError[]>();
    for (const [file, page] of kept) {
      const built = builtPage(expected(jobOf.get(file), `a job for ${file}`));
      const found = problems.get(file) ?? [];
      if (found.length) pageProblems.set(built.route, found);
      byFile.set(file, {
        record: expected(records.get(file), `a record of ${file}`),
        page: { ...page, ...built },
        problems: found,
      });
    }
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
      pages: plan.render.map(({ job }) => job.route),
      reloadAll: full || Boolean(changed?.public.size || changed?.client),
      ...(onlyCss && { cssOnly: next.assets.css.url }),
      warnings,
      pageProblems,
    };
  }

  /** The templates compiled afresh; what they are is the code part of every page's key. */
  private async loadTemplates(): Promise<Templates> {
    const { templates, bundle } = await this.freshTemplates.load();
    this.templates = { loaded: templates, code: digestJson([currentCode(), bundle]) };
    return templates;
  }

  /** How a changed file is named in the terminal. */
  display(abs: string): string {
    const rel = relative(this.root, abs);
    const shown = rel.startsWith("..") ? relative(packageDir, abs) : rel;
    return shown.split(sep).join("/");
  }
}

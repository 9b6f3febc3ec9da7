import { join, relative, sep } from "node:path";
import { ImageFactIndex, imageFacts, type ImageFacts } from "../assets/image-facts.ts";
import { currentCode } from "../core/code-id.ts";
import { digestJson } from "../core/digest.ts";
import { readSiteFile } from "../core/site-folder.ts";
import { errorsOf, isUserError, PpgError, PpgErrorList } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { stackOf } from "../core/stack-trace.ts";
import { check, key, load, render } from "../engine/build.ts";
import { builtPage, type Checked, type PageInMemory } from "../engine/build-state.ts";
import { IN_MEMORY, renderInputOf, type Previous } from "../engine/page-keys.ts";
import { sourcesOf } from "../engine/render-pages.ts";
import { besideOwnProblems, brokenLinks } from "../engine/site-links.ts";
import { together } from "../engine/together.ts";
import { renderUnpublished, type UnpublishedPages } from "../engine/unpublished.ts";
import { scanPage } from "../links/extract.ts";
import type { LinkScan } from "../links/types.ts";
import { filesBesidePages, generatedFiles, type GeneratedFile } from "../output/generated-files.ts";
import { webAppFiles } from "../output/web-app.ts";
import { locateImageErrors } from "../site/locate-images.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { INDEX_DIR, indexable, indexFiles, mainOf, READ_OPTIONS, routeEntries } from "../output/search-index.ts";
import { entriesOnly } from "../search/assemble.ts";
import { gzipped } from "../search/compress.ts";
import type { SearchEntry } from "../search/page-entry.ts";
import { PageReader } from "../search/read-page.ts";
import type { Templates } from "../render/render.tsx";
import { findManifest } from "../site/find-site.ts";
import type { LoadedSite } from "../site/load-site.ts";
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
  /** Route paths rendered again (alias paths and /404 included), as a build counts them. */
  pages: string[];
  /** Those of `pages` given a new header and footer in place of the old ones, not rendered (engine/page-keys.ts). */
  rechromed: string[];
  /**
   * Route paths whose served page changed: rendered again to other bytes, or with other problems
   * on it (a link it holds broken by an edit elsewhere); the pages not published yet included.
   */
  changed: string[];
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
  /**
   * Every page with problems of its own after this rebuild, by route, what a build would fail on:
   * a broken link in its Markdown, a missing image, a link of it a later edit broke. Served, with
   * them shown on it.
   */
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
 * is a build's, run in memory (engine/build.ts): load, given the files changed since the last
 * good load (site/reload.ts reads them and what they reach again, through the same guard), check,
 * key and render with the pages kept in memory (every page keyed as a build keys it, those whose
 * key or images changed rendered again), the pages not published yet rendered and checked as a
 * build checks them (engine/unpublished.ts), then the link check over every page
 * (engine/site-links.ts) when rendering found nothing, as in a build. A problem of the whole site
 * (the load, the check) keeps the last good build served while the editor fixes it; a problem of
 * one page is that page's: it is served with its problems shown on it, and every other page as it
 * is. test/dev/dev-equals-build.test.ts holds dev's pages and problems to a fresh build's.
 */
export class DevSite {
  /** The last good build; undefined until the first build succeeds. */
  site?: LoadedSite;
  /** The published pages by route path (aliases by their own path, the 404 page as /404): a build's pages. */
  readonly pages = new Map<string, PageInMemory>();
  /** The pages not published yet, by route path, each with its banner: served as preview.ts says. */
  readonly unpublished = new Map<string, PageInMemory>();
  /** Problems of the whole site in the latest rebuild; empty when it succeeded. */
  problems: PpgError[] = [];
  /** Bumped on every successful rebuild. */
  generation = 0;
  /** By output file, as a build's page cache holds them. */
  private byFile = new Map<string, DevPage>();
  /** Each unpublished page's own problems, by route. */
  private unpublishedProblems = new Map<string, PpgError[]>();
  /** The problems the link check found, by route of the page that holds the link. */
  private linkProblems = new Map<string, PpgError[]>();
  /** Changes not yet part of a good build: a failed rebuild keeps them for the next attempt. */
  private readonly pending = new Map<string, ChangeKind>();
  private readonly freshTemplates = new FreshTemplates();
  private templates?: { loaded: Templates; code: string };
  private images?: { facts: ImageFacts; index: ImageFactIndex };
  /** The link scans of public/'s HTML files, for the set of public files they were made for. */
  private publicScans?: { files: Set<string>; scans: Map<string, LinkScan> };
  /**
   * Each page's search entries, by its record: a page rendered again (its Markdown, keywords or
   * listings changed) has a new record, so its entries are read again, and only its.
   */
  private readonly entries = new WeakMap<PageRecord, SearchEntry[]>();
  private search?: { generation: number; files: Promise<Map<string, string | Uint8Array>> };
  private generated?: { generation: number; files: Map<string, GeneratedFile["content"]> };
  /** The inputs of the pictures last drawn without a problem (drawPictures). */
  private drawnFor?: readonly unknown[];

  /** `clock`: the day pages are shown as of (site/schedule.ts); default today. */
  constructor(
    readonly root: string,
    readonly clock?: string,
  ) {}

  async rebuild(changes: Map<string, ChangeKind> = new Map()): Promise<RebuildReport> {
    const started = performance.now();
    for (const [file, kind] of changes) this.pending.set(file, kind);
    const files = [...this.pending.keys()].map((f) => this.display(f));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(files, started);
      } catch (err) {
        // A file listed a moment ago and gone now: the editor is still saving. Read the folders again.
        if (attempt < 3 && vanished(err)) continue;
        return this.failed(err, files, started);
      }
    }
  }

  /** One rebuild of the pending changes; throws what failed it. */
  private async attempt(files: string[], started: number): Promise<RebuildReport> {
    const previous = this.site && { site: this.site, changed: [...this.pending.keys()] };
    // As a build loads it: what is not published is left out of the site, and rendered beside it.
    const loaded = await load(
      findManifest(this.root),
      { root: this.root, clock: this.clock },
      { templates: () => this.loadTemplates(), previous, goOn: true },
    );
    const checked = check(loaded);
    const outcome = await this.render(checked, previous && changedParts(this.root, previous.changed));
    this.pending.clear();
    this.problems = [];
    this.generation++;
    this.generated = { generation: this.generation, files: outcome.generated };
    const { generated: _, ...report } = outcome;
    return { ok: true, files, errors: [], ms: performance.now() - started, ...report };
  }

  private failed(err: unknown, files: string[], started: number): RebuildReport {
    // Compile errors of templates, CSS and browser scripts arrive as PpgErrors too (compile-errors.ts).
    const user = isUserError(err) ? err : undefined;
    this.problems = user
      ? errorsOf(user)
      : [
          new PpgError(
            "InternalError",
            { stack: stackOf(err) },
            { hint: "This is a bug in ppguide, not in your site." },
          ),
        ];
    return {
      ok: false,
      files,
      full: false,
      pages: [],
      rechromed: [],
      changed: [],
      reloadAll: false,
      errors: this.problems,
      warnings: [],
      pageProblems: new Map(),
      crash: user ? undefined : err,
      ms: performance.now() - started,
    };
  }

  /**
   * What a build draws only after the pages, drawn now: the share images and the app's icons, so a
   * picture that fails only when drawn (its header read, its body truncated) fails dev as it fails
   * a build, at the line that names it. Called once the pages are served (they never wait for
   * it); only when a build would get that far (no page has problems) and the pictures, their
   * list or site.yaml changed since. The problems it finds are the whole site's, as a build's.
   */
  async drawPictures(): Promise<PpgError[]> {
    const site = this.site;
    if (!site || this.problems.length || this.allPageProblems().size) return [];
    const inputs = [site.share, site.publicFiles, site.manifest] as const;
    if (this.drawnFor?.every((input, i) => input === inputs[i])) return [];
    this.drawnFor = inputs;
    try {
      await site.share.ready();
      for (const icon of webAppFiles(site.manifest, join(this.root, "public"))) await icon.content();
      return [];
    } catch (err) {
      const located = locateImageErrors(err, site);
      if (!isUserError(located)) throw located;
      // Drawn again once anything changes: the next rebuild.
      this.drawnFor = undefined;
      this.problems = errorsOf(located);
      return this.problems;
    }
  }

  /** The problems found on the page served at `route`, shown on it. */
  problemsOf(route: string): PpgError[] {
    const page = this.pages.get(route);
    const own = page ? this.byFile.get(page.file)?.problems : this.unpublishedProblems.get(route);
    return [...(own ?? []), ...(this.linkProblems.get(route) ?? [])];
  }

  /** Every page with problems, by route: published pages first, then those not published yet. */
  allPageProblems(): Map<string, PpgError[]> {
    const all = new Map<string, PpgError[]>();
    for (const route of [...this.pages.keys(), ...this.unpublished.keys()]) {
      const found = this.problemsOf(route);
      if (found.length) all.set(route, found);
    }
    return all;
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
      this.generated = { generation: this.generation, files: generatedContents(generatedFiles(this.site)) };
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
   * pages served, renders the pages not published yet, and checks the links when nothing else was
   * found, as a build does; swaps them all in once done. `changed`: what the files behind this
   * rebuild touched (none on the first build).
   */
  private async render(
    checked: Checked,
    changed: ReturnType<typeof changedParts> | undefined,
  ): Promise<
    Pick<
      RebuildReport,
      "full" | "pages" | "rechromed" | "changed" | "reloadAll" | "cssOnly" | "warnings" | "pageProblems"
    > & {
      generated: Map<string, GeneratedFile["content"]>;
    }
  > {
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
    const scan = checked.linkMode !== "off";
    const previous: Previous = site
      ? {
          records: (file) => this.byFile.get(file)?.record,
          // Pages are held in memory: there is no file, nor its inode.
          intact: () => ({}),
          // A page served with its own problems is rendered again, which finds them again (a build keeps no such page).
          served: (file) => {
            const held = this.byFile.get(file);
            return held && held.problems.length === 0 ? { html: held.page.html } : undefined;
          },
        }
      : { none: "first build" };
    const [rendered, unpublished] = await Promise.all([
      render(
        key({
          input: { ...renderInputOf(next, { scan, search: false, images: this.images.facts }), pageProblems: true },
          pages: checked.pages,
          sources: sourcesOf(next),
          code: templates.code,
          images: this.images.index,
          previous,
          sink: IN_MEMORY,
          threads: false,
          templates: next.templates,
          answering: next,
        }),
      ),
      renderUnpublished(next, this.images.facts, { templates: templates.loaded, scan }),
    ]);
    const { jobs, plan, records, kept, problems } = rendered;
    const jobOf = new Map(jobs.map((job) => [job.file, job]));
    const byFile = new Map<string, DevPage>();
    for (const { job } of plan.reuse) byFile.set(job.file, expected(this.byFile.get(job.file), `a page ${job.file}`));
    for (const [file, page] of kept) {
      const built = builtPage(expected(jobOf.get(file), `a job for ${file}`));
      byFile.set(file, {
        record: expected(records.get(file), `a record of ${file}`),
        page: { ...page, ...built },
        problems: problems.get(file) ?? [],
      });
    }
    const generated = generatedFiles(next);
    // As a build: it stops at an unpublished page's problems, before its link check, and goes on to
    // it in spite of a published page's own; a failure of the whole site reports them all.
    const earlier = together(checked.errors, [
      ...[...byFile.values()].flatMap((p) => p.problems),
      ...unpublished.errors,
    ]);
    const links =
      unpublished.errors.length > 0 || !scan
        ? new Map<string, PpgError[]>()
        : linksBeside(
            earlier,
            besideOwnProblems(await this.brokenLinks(next, byFile, generated, unpublished), (file) =>
              Boolean(byFile.get(file)?.problems.length),
            ),
          );
    const warned = checked.linkMode === "warn";
    // The problems of the whole site a build goes on in spite of (an image public/ lacks, a clash
    // found after it) fail the rebuild as they fail a build, with all the later stages found.
    if (checked.errors.length)
      throw new PpgErrorList(warned ? earlier : [...earlier, ...[...links.values()].flat()], checked.report.warnings);

    // Swapped in at once: what was served before, for the pages whose served form changed.
    const before = new Map([...this.pages.keys(), ...this.unpublished.keys()].map((r) => [r, this.servedForm(r)]));
    this.byFile = byFile;
    this.pages.clear();
    for (const { page } of byFile.values()) this.pages.set(page.route, page);
    this.unpublished.clear();
    this.unpublishedProblems.clear();
    for (const { job, page, problems: own } of unpublished.pages.values()) {
      this.unpublished.set(job.route, { ...page, ...builtPage(job) });
      if (own.length) this.unpublishedProblems.set(job.route, own);
    }
    const routeOf = new Map([
      ...[...byFile.values()].map(({ page }) => [page.file, page.route] as const),
      ...[...unpublished.pages.values()].map(({ job }) => [job.file, job.route] as const),
    ]);
    this.linkProblems = new Map(
      warned ? [] : [...links].map(([file, found]) => [expected(routeOf.get(file), `a page ${file}`), found]),
    );
    this.site = next;

    const full = plan.reuse.length === 0;
    const onlyCss =
      changed?.css &&
      !changed.client &&
      !changed.templates &&
      !changed.manifest &&
      !changed.content &&
      !changed.public.size;
    const pages = plan.render.map(({ job }) => job.route);
    const rechromed = plan.render.filter(({ job }) => rendered.rechromed.has(job.file)).map(({ job }) => job.route);
    const now = [...this.pages.keys(), ...this.unpublished.keys()];
    return {
      full,
      pages,
      rechromed,
      changed: [...new Set([...before.keys(), ...now])].filter((r) => !sameForm(before.get(r), this.servedForm(r))),
      reloadAll: full || Boolean(changed?.public.size || changed?.client),
      ...(onlyCss && { cssOnly: next.assets.css.url }),
      // As a build reports them (engine/build.ts resultOf).
      warnings: [
        ...checked.report.warnings,
        ...(warned ? [...links.values()].flat() : []),
        ...rendered.warnings,
        ...unpublished.warnings,
        ...next.cacheWarnings.found,
      ],
      pageProblems: this.allPageProblems(),
      generated: generatedContents(generated),
    };
  }

  /** What a browser showing `route` would see of it, or undefined when it is gone. */
  private servedForm(route: string): ServedForm | undefined {
    const page = this.pages.get(route) ?? this.unpublished.get(route);
    if (!page) return undefined;
    return {
      html: page.html,
      problems: this.problemsOf(route)
        .map((e) => e.format())
        .join("\n"),
    };
  }

  /**
   * The link check of a build, over the pages in memory: every file the build would write (the
   * pages, public/'s, the generated ones), each page's scan from its record, public/'s HTML
   * scanned once for each listing of public/.
   */
  private async brokenLinks(
    site: LoadedSite,
    byFile: Map<string, DevPage>,
    generated: GeneratedFile[],
    unpublished: UnpublishedPages,
  ): Promise<Map<string, PpgError[]>> {
    if (this.publicScans?.files !== site.publicFiles) {
      const scans = new Map<string, LinkScan>();
      for (const url of site.publicFiles)
        if (/\.html?$/i.test(url))
          scans.set(
            url.slice(1),
            scanPage(readSiteFile(this.root, `public/${decodeURI(url).slice(1)}`).toString("utf8")),
          );
      this.publicScans = { files: site.publicFiles, scans };
    }
    const publicScans = this.publicScans.scans;
    const scanOf = (file: string) => publicScans.get(file) ?? byFile.get(file)?.record.scan;
    return brokenLinks(
      site,
      {
        // Every page and public HTML file has its scan: nothing is read from here.
        dir: this.root,
        files: [...byFile.keys(), ...filesBesidePages(site, generated)],
        scans: { has: (file) => scanOf(file) !== undefined, get: scanOf },
      },
      unpublished,
    );
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

/**
 * Each page's broken links that a build reports beside the problems found before its link check
 * (engine/together.ts): none at the place of one of them, or to a path one found missing.
 */
function linksBeside(earlier: PpgError[], found: Map<string, PpgError[]>): Map<string, PpgError[]> {
  const kept = new Set(together(earlier, [...found.values()].flat()).slice(earlier.length));
  const byPage = new Map<string, PpgError[]>();
  for (const [file, errors] of found) {
    const left = errors.filter((e) => kept.has(e));
    if (left.length) byPage.set(file, left);
  }
  return byPage;
}

/** A page as a browser sees it: its bytes (the same string while the page is reused) and its problems. */
interface ServedForm {
  html: string;
  problems: string;
}

function sameForm(a: ServedForm | undefined, b: ServedForm | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.html === b.html && a.problems === b.problems);
}

/** A file or folder that was there when listed and is not when read. */
function vanished(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return !isUserError(err) && (code === "ENOENT" || code === "ENOTDIR");
}

/** The generated files' contents by file, each made when asked for. */
function generatedContents(files: readonly GeneratedFile[]): Map<string, GeneratedFile["content"]> {
  return new Map(files.map((f) => [f.file, f.content]));
}

import type { PpgError } from "../core/errors.ts";
import type { StageTimings } from "../core/timing.ts";
import type { LinkRecord, LinkScan } from "../links/types.ts";
import type { SiteSettings } from "../manifest/types.ts";
import type { OutputFolder } from "../output/output-folder.ts";
import type { IndexRecord, PageRecord } from "../output/page-cache.ts";
import type { CopyWriter } from "../output/write.ts";
import { kindOf, type SitePage } from "../render/kinds/index.ts";
import type { RenderedPage } from "../render/render.tsx";
import type { LoadedSite } from "../site/load-site.ts";
import type { UnpublishedPages } from "./unpublished.ts";
import type { PageJob, PagesToMake, Plan } from "./page-keys.ts";

/**
 * What a build is asked to do, what it gives back, and its state stage by stage (engine/build.ts
 * runs the stages; engine/shard.ts and engine/merge.ts run some of them on the same states).
 */

/** How a broken internal link counts: site.yaml's `site.checkLinks`, or --check-links over it. */
export type LinkMode = NonNullable<SiteSettings["checkLinks"]>;

export interface BuildOptions {
  /** The site folder, holding site.yaml, content/ and public/. */
  root: string;
  /** Output folder, relative to root unless absolute. Default `dist`. */
  out?: string;
  /** Replace an output folder that ppguide did not create (see output-folder.ts). */
  force?: boolean;
  /** false: render in memory only and return the pages (tests). */
  write?: boolean;
  /** How a broken link counts: overrides site.yaml's site.checkLinks. */
  linkMode?: LinkMode;
  /** Render on a pool of worker threads, one per core. Default: from 300 pages to render (engine/render-pages.ts). */
  workers?: boolean;
  /** Default true: render only the pages whose key changed since the served copy (output/page-cache.ts). */
  cache?: boolean;
  /** Fail, writing nothing, while the site still holds placeholders (audits/placeholders.ts). */
  strict?: boolean;
  /** Default true: write the full-text search index (/pagefind/) with the pages (output/search-index.ts). */
  searchIndex?: boolean;
  /** Build as of this day, YYYY-MM-DD (site/schedule.ts): default PPGUIDE_CLOCK, else today. */
  clock?: string;
  /** A folder for the image cache instead of .ppguide-cache/ (engine/verify.ts gives its clean build an empty one). */
  caches?: string;
  /** Build only shard i of n, into a shard folder for ppguide merge (engine/shard.ts). */
  shard?: ShardSpec;
}

/**
 * A page of the site: its route (an alias's own path, /404), its file in the output, its kind, and
 * whether it only redirects (its kind's record says); its HTML when kept in memory.
 */
export interface BuiltPage extends Pick<PageJob, "route" | "file" | "kind"> {
  redirect: boolean;
  html?: string;
}

export function builtPage({ route, file, kind }: PageJob): BuiltPage {
  return { route, file, kind, redirect: kindOf(kind).redirect };
}

/** A page rendered in memory, with the file its job names. */
export type PageInMemory = RenderedPage & BuiltPage;

export interface BuildResult {
  /** Every page written; with `write: false`, every page rendered, with its HTML. */
  pages: BuiltPage[];
  /** The pages this build rendered, and why (the others were linked from the served copy). */
  rendered?: { route: string; reason: string }[];
  /** The search index's files written anew (the others were linked from the served copy). */
  indexed?: string[];
  aliases: number;
  assets: number;
  outDir?: string;
  /** Located problems that do not fail the build (content no route uses, links under checkLinks: warn, ...). */
  warnings: PpgError[];
  /** Stand-ins still to replace before going live: listed by the CLI, fatal with `strict`. */
  placeholders: PpgError[];
  /** The next day on which the output will change with no edit (a page's publication or expiry day). */
  nextChange?: { date: string; why: string };
  timings: StageTimings;
  seconds: number;
}

// The build's state, stage by stage: each holds what the stages after it read.

/** load: the site, read and checked file by file. */
export interface Loaded {
  opts: BuildOptions;
  site: LoadedSite;
  /**
   * What the stages so far found wrong that the stages after them can go on in spite of: the build goes on, so that
   * it reports these with everything the later stages find, and fails with them all before it serves anything.
   */
  errors: PpgError[];
}

/** check: what the site tells before anything is written, how a broken link counts, and every page it has. */
export interface Checked extends Loaded {
  pages: SitePage[];
  report: Pick<BuildResult, "aliases" | "assets" | "warnings" | "placeholders" | "nextChange">;
  linkMode: LinkMode;
}

/** open: the output folder held, the writer on the copy it brings up to date, and the served copy's index. */
export interface Opened extends Checked, PagesToMake {
  pages: SitePage[];
  output: OutputFolder;
  writer: CopyWriter;
  servedIndex: IndexRecord | undefined;
  /** The search-entry packs the served copy's cache names, when it was read (output/page-cache.ts). */
  servedPacks: readonly string[] | undefined;
  /** What the served copy's link check found (engine/kept-links.ts), when its cache was read. */
  servedLinks?: LinkRecord;
  /** A shard build's (engine/shard.ts): it makes only these pages, and writes and checks nothing else. */
  own?: OwnPages;
}

/** key: every page with its key, and which of them to render. */
export interface Keyed {
  jobs: PageJob[];
  plan: Plan;
}

/**
 * render: every page's record by its file (with its search entry); the pages rendered, when they are kept in
 * memory (`kept`); what the pages rendered now warn about (a page taken from the served copy is not read again).
 */
export interface Rendered {
  records: Map<string, PageRecord>;
  kept: Map<string, RenderedPage>;
  /** Each page's own problems, by its file, when the pages are rendered in spite of them (RenderInput.pageProblems). */
  problems: Map<string, PpgError[]>;
  /** The files of the pages given a new header and footer instead of being rendered. */
  rechromed: Set<string>;
  warnings: PpgError[];
  /** The pages not published yet, rendered and checked beside the others (unpublished.ts), for the link check. */
  unpublished?: UnpublishedPages;
}

/** index: the search index's record, and its files written anew; none without an index. */
export interface Indexed {
  index: { record: IndexRecord; written: string[] } | undefined;
}

/** write: the link scans of public/'s HTML files, for the link check. */
export interface Written {
  publicScans: [string, LinkScan][];
}

/** The link check's record, for the copy's page cache: none when links were not checked. */
export interface Linked {
  links?: LinkRecord;
}

export type Built = Opened & Keyed & Rendered & Indexed & Written & Linked;

/** Which shard a build makes: the i-th (1-based, as Playwright's --shard and GitLab's CI_NODE_INDEX) of n. */
export interface ShardSpec {
  index: number;
  total: number;
}

/** What a shard build keeps of the whole site once it has keyed every page: which shard, and the site's digest. */
export interface OwnPages {
  shard: ShardSpec;
  site: string;
}

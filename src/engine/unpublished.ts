import type { ImageFacts } from "../assets/image-facts.ts";
import { currentCode } from "../core/code-id.ts";
import type { PpgError } from "../core/errors.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { sitePages } from "../render/kinds/index.ts";
import type { RenderedPage, Templates } from "../render/render.tsx";
import { schedule, type LoadedSite } from "../site/load-site.ts";
import { keyPages, renderInputOf, type PageJob } from "./page-keys.ts";
import { dedupe, renderJobs, sourcesOf } from "./render-pages.ts";

/** A page not published yet, rendered as it will be (with its banner): dev mode serves it. */
export interface UnpublishedPage {
  job: PageJob;
  page: RenderedPage;
  /** Its record, with its link scan when the links are checked. */
  record: PageRecord;
  /** Its own problems, found as it rendered. */
  problems: PpgError[];
}

/** The pages not published yet, rendered and checked. */
export interface UnpublishedPages {
  /** The site as they are rendered from: every route kept, the unpublished ones marked for a banner. */
  shown: LoadedSite;
  /** By file, in the order of the site's pages. */
  pages: Map<string, UnpublishedPage>;
  /** Every page's problems, each once: a build fails on them. */
  errors: PpgError[];
  warnings: PpgError[];
}

/**
 * The pages a build leaves out because they are not published yet (drafts, pages dated later),
 * checked as a published page is: each rendered in memory from the site as its files hold it, so
 * a broken link or image, a figure or structured data Google would refuse in a draft fails the
 * build that has it, at its line, as it will once the page is published; nothing of them is
 * written, and dev mode serves them as rendered here. An expired page is left alone: it is
 * retired, and no reader will see it again. `scan`: each page's links are scanned, for the link
 * check, which checks them as a published page's (engine/site-links.ts).
 */
export async function renderUnpublished(
  site: LoadedSite,
  images: ImageFacts,
  how: { templates?: Templates; scan: boolean },
): Promise<UnpublishedPages> {
  const waiting = new Set(site.schedule.unpublished.filter((u) => u.status !== "expired").map((u) => u.path));
  // Every route kept, so a draft links the pages and drafts it names as dev mode shows them.
  const shown: LoadedSite = waiting.size ? { ...site, ...schedule(site.read, site.schedule.clock, "show").site } : site;
  const pages = new Map<string, UnpublishedPage>();
  if (waiting.size === 0) return { shown, pages, errors: [], warnings: [] };
  const input = { ...renderInputOf(shown, { scan: how.scan, search: false, images }), pageProblems: true };
  const jobs = keyPages(
    input,
    sitePages(shown.manifest).filter((page) => waiting.has(page.route)),
    currentCode(),
  );
  const jobOf = new Map(jobs.map((job) => [job.file, job]));
  const warnings: PpgError[] = [];
  const records = new Map<string, PageRecord>();
  const problems = new Map<string, PpgError[]>();
  await renderJobs(
    input,
    jobs,
    (batch) => {
      for (const [file, record] of batch.records) records.set(file, record);
      for (const [file, found] of batch.problems) problems.set(file, found);
      for (const [file, page] of batch.kept) {
        const job = jobOf.get(file);
        const record = records.get(file);
        if (job && record) pages.set(file, { job, page, record, problems: [] });
      }
    },
    { threads: false, templates: how.templates, warnings, sources: sourcesOf(shown) },
  );
  for (const [file, found] of problems) {
    const page = pages.get(file);
    if (page) page.problems = found;
  }
  return { shown, pages, errors: dedupe(jobs.flatMap((job) => problems.get(job.file) ?? [])), warnings };
}

import type { ImageFacts } from "../assets/image-facts.ts";
import { currentCode } from "../core/code-id.ts";
import { errorsOf, isUserError, type PpgError } from "../core/errors.ts";
import { sitePages } from "../render/kinds/index.ts";
import type { Templates } from "../render/render.tsx";
import { schedule, type LoadedSite } from "../site/load-site.ts";
import { keyPages, renderInputOf } from "./page-keys.ts";
import { renderJobs, sourcesOf } from "./render-pages.ts";

/**
 * The pages a build leaves out because they are not published yet (drafts, pages dated later),
 * checked as a published page is: each rendered in memory from the site as its files hold it, so
 * a broken link or image, a figure or structured data Google would refuse in a draft fails the
 * build that has it, at its line, as it will once the page is published; nothing of them is
 * written. An expired page is left alone: it is retired, and no reader will see it again.
 */
export async function unpublishedProblems(
  site: LoadedSite,
  images: ImageFacts,
  templates?: Templates,
): Promise<{ errors: PpgError[]; warnings: PpgError[] }> {
  const waiting = new Set(site.schedule.unpublished.filter((u) => u.status !== "expired").map((u) => u.path));
  if (waiting.size === 0) return { errors: [], warnings: [] };
  // Every route kept, so a draft links the pages and drafts it names as dev mode shows them.
  const shown: LoadedSite = { ...site, ...schedule(site.read, site.schedule.clock, "show").site };
  const input = renderInputOf(shown, { scan: false, search: false, images });
  const jobs = keyPages(
    input,
    sitePages(shown.manifest).filter((page) => waiting.has(page.route)),
    currentCode(),
  );
  const warnings: PpgError[] = [];
  try {
    await renderJobs(input, jobs, () => {}, { threads: false, templates, warnings, sources: sourcesOf(shown) });
    return { errors: [], warnings };
  } catch (err) {
    if (!isUserError(err)) throw err;
    return { errors: errorsOf(err), warnings };
  }
}

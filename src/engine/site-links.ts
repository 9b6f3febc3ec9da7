import type { PpgError } from "../core/errors.ts";
import { checkLinks, problemsByPage } from "../links/check.ts";
import type { LinkReport, LinkScan } from "../links/types.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { brokenLinkErrors } from "./link-sources.ts";
import type { UnpublishedPages } from "./unpublished.ts";

/** The site's output as the link check reads it: its files, and the scans of its HTML ones. */
export interface CheckedOutput {
  /** Where a page without a scan is read from: the build's copy. Dev mode gives every scan. */
  dir: string;
  /** Every file of the output, relative to it. */
  files: readonly string[];
  scans: Pick<ReadonlyMap<string, LinkScan>, "has" | "get">;
}

/**
 * Every broken link and anchor of the site, by the page that holds it, each located in the source
 * that wrote it (link-sources.ts): the published pages' against the output, and the pages not
 * published yet against the output and each other, as they will be checked once published (a
 * draft links the pages and drafts it names as dev shows them). The one link check of a build and
 * of every dev rebuild: a renamed heading breaks a link on another page in both, at its line.
 * `published`: the published pages' report, when the build has made it already (kept-links.ts).
 */
export async function brokenLinks(
  site: LoadedSite,
  output: CheckedOutput,
  unpublished?: UnpublishedPages,
  published?: LinkReport,
): Promise<Map<string, PpgError[]>> {
  const byPage = byPageOf(published ?? (await checkLinks(output)), site);
  if (!unpublished?.pages.size) return byPage;
  const drafts = unpublished.pages;
  const scanOf = (file: string) => drafts.get(file)?.record.scan;
  const found = await checkLinks({
    dir: output.dir,
    files: [...new Set([...output.files, ...drafts.keys()])],
    scans: {
      has: (file) => scanOf(file) !== undefined || output.scans.has(file),
      get: (file) => scanOf(file) ?? output.scans.get(file),
    },
    pages: [...drafts.keys()],
  });
  for (const [file, errors] of byPageOf(found, unpublished.shown)) byPage.set(file, errors);
  return byPage;
}

/**
 * The broken links reported beside the pages' own problems: a link the check could not place in a
 * source (located at the page's file), on a page rendered in spite of its own problems, is most
 * likely one of them again (a malformed escape, reported where it was written), so the page's are
 * reported instead. `hasOwn`: whether the page written to a file has problems of its own.
 */
export function besideOwnProblems(
  found: ReadonlyMap<string, PpgError[]>,
  hasOwn: (file: string) => boolean,
): Map<string, PpgError[]> {
  const kept = new Map<string, PpgError[]>();
  for (const [file, errors] of found) {
    const left = errors.filter((e) => !(e.location && hasOwn(e.location.file)));
    if (left.length) kept.set(file, left);
  }
  return kept;
}

function byPageOf(report: LinkReport, site: LoadedSite): Map<string, PpgError[]> {
  return new Map(
    [...problemsByPage(report.problems)].map(([file, found]) => [
      file,
      brokenLinkErrors({ ...report, problems: found }, site),
    ]),
  );
}

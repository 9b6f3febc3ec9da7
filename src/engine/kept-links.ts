import { digestJson } from "../core/digest.ts";
import { byPlace, checkLinks, problemsByPage } from "../links/check.ts";
import { isHtmlFile } from "../links/resolve.ts";
import type { LinkProblem, LinkRecord, LinkReport } from "../links/types.ts";
import type { CheckedOutput } from "./site-links.ts";

/** What the link check of a rebuild is told of the new copy beside what it checks. */
export interface CopyChanges {
  /** The pages taken byte for byte from the served copy, whose link check `before` is. */
  reused: ReadonlySet<string>;
  /** The files of the search index. */
  index: ReadonlySet<string>;
}

/**
 * The link check of the published pages, over what a change can break. What a page's links find
 * depends on three things only: the page, the list of the output's files (whether a path is
 * there, and the near match suggested when it is not), and the anchors of each other page it
 * names with a fragment. So while the list is as the served copy's check found it, a page reused
 * byte for byte keeps the problems it had, unless a page it names with a fragment was made again
 * with other anchors. Every other page is checked: those rendered, public/'s, and those naming a
 * page whose anchors changed. Another list (a page added, removed or renamed, an asset deleted)
 * checks every page, as a build from nothing does.
 *
 * The search index's files are named by the words of every page, so a body edited renames some:
 * they are listed apart, and a new list of them checks again only the pages that named one of them,
 * and those with a problem (a missing file may be there now, and what is suggested in its place may
 * change).
 */
export async function checkChanged(
  output: CheckedOutput,
  before: LinkRecord | undefined,
  { reused, index }: CopyChanges,
): Promise<{ report: LinkReport; record: LinkRecord }> {
  const listed = (files: string[]) => digestJson(files.sort());
  const files = listed(output.files.filter((f) => !index.has(f)));
  const indexFiles = listed([...index]);
  const kept = before?.files === files ? before : undefined;
  const anchorsNow = (target: string) => digestJson(output.scans.get(target)?.anchors ?? []);
  // A named page made again keeps its digest when its anchors are the same; a reused one is the same.
  const anchorsOf = new Map<string, string>();
  const recheck = new Set<string>();
  for (const [target, anchors, pages] of kept?.named ?? []) {
    const now = reused.has(target) ? anchors : anchorsNow(target);
    anchorsOf.set(target, now);
    if (now !== anchors) for (const page of pages) recheck.add(page);
  }
  if (kept && kept.index !== indexFiles) {
    for (const page of kept.namingIndex) recheck.add(page);
    for (const [page] of kept.problems) recheck.add(page);
  }
  const checked = kept && output.files.filter((f) => isHtmlFile(f) && (!reused.has(f) || recheck.has(f)));
  const checkedSet = checked && new Set(checked);
  const isChecked = (page: string) => !checkedSet || checkedSet.has(page);

  const naming = new Map<string, Set<string>>();
  const namingIndex = new Set<string>();
  const named = (page: string, target: string, fragment: boolean) => {
    if (index.has(target)) namingIndex.add(page);
    if (!fragment || !isHtmlFile(target)) return;
    let pages = naming.get(target);
    if (!pages) naming.set(target, (pages = new Set()));
    pages.add(page);
  };
  const report = await checkLinks({ ...output, ...(checked && { pages: checked }), named });

  // What the pages not checked again found last time, beside what the others found now.
  const problems: LinkProblem[] = [...report.problems];
  if (kept) {
    for (const [page, found] of kept.problems) if (!isChecked(page)) problems.push(...found);
    for (const [target, , pages] of kept.named)
      for (const page of pages) if (!isChecked(page)) named(page, target, true);
    for (const page of kept.namingIndex) if (!isChecked(page)) namingIndex.add(page);
    problems.sort(byPlace);
  }
  return {
    report: { ...report, problems },
    record: {
      files,
      index: indexFiles,
      problems: [...problemsByPage(problems)],
      named: [...naming].map(([target, pages]) => [
        target,
        anchorsOf.get(target) ?? anchorsNow(target),
        [...pages].sort(),
      ]),
      namingIndex: [...namingIndex].sort(),
    },
  };
}

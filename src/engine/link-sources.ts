import type { PpgError } from "../core/errors.ts";
import { brokenLink } from "../links/report.ts";
import type { LinkProblem, LinkReport } from "../links/types.ts";
import { writtenForm } from "../core/url-path.ts";
import { locateHref } from "../content/locate-href.ts";
import { pageFile } from "../core/output-names.ts";
import type { LoadedSite } from "../site/load-site.ts";

/**
 * The one mapping from a problem the link check finds in a built page back to the source that
 * wrote it: the line and column of the Markdown file whose prose holds the link. The built page
 * carries the href percent-encoded (`/flan-recipe#Mang%C3%BA`) where the Markdown says
 * `/flan-recipe#Mangú`, so both are compared as written (decoded, NFC: once, such a link was
 * reported at the built page, a file nobody wrote). Links from templates or site.yaml keep the
 * built page's position (a template's link is the same on every page, and site.yaml's paths are
 * checked against the routes while loading). Each problem is reported once.
 */
export function inSourceFiles(report: LinkReport, site: LoadedSite): LinkReport {
  const markdownOf = new Map<string, string>();
  for (const route of site.manifest.routes)
    if (route.content) markdownOf.set(pageFile(route.path, site.manifest.site.build?.format), route.content);
  const moved = (problem: LinkProblem): LinkProblem => {
    const name = markdownOf.get(problem.file);
    const md = name ? site.content.markdown.get(name) : undefined;
    if (!md) return problem;
    const found = locateHref(md.body, problem.href);
    // Reported as the author wrote it, where they wrote it.
    if (found)
      return { ...problem, href: found.written, file: md.file, line: found.line + md.bodyLine, col: found.column };
    return problem;
  };
  const seen = new Set<string>();
  const problems = report.problems.map(moved).filter((p) => {
    const key = JSON.stringify([p.file, p.line, p.col, writtenForm(p.href), p.reason]);
    return !seen.has(key) && Boolean(seen.add(key));
  });
  return { ...report, problems };
}

/**
 * Each broken link or anchor as its own located error, in the Markdown that wrote it when it can,
 * so the dev overlay can point at each.
 */
export function brokenLinkErrors(report: LinkReport, site: LoadedSite): PpgError[] {
  return inSourceFiles(report, site).problems.map((problem) => brokenLink(problem));
}

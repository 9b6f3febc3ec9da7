import type { PpgError } from "../core/errors.ts";
import { brokenLink } from "../links/report.ts";
import type { LinkProblem, LinkReport } from "../links/types.ts";
import { outputFileFor } from "../render/render.tsx";
import type { LoadedSite } from "../site/load-site.ts";

/**
 * A broken link found in a built page is reported where an editor can fix it: the line of the
 * Markdown file that wrote it, when the link comes from the page's prose. Links from templates or
 * site.yaml keep the built page's position (those files are not searched: a template's link is
 * the same on every page, and site.yaml's paths are checked against the routes while loading).
 */
export function inSourceFiles(report: LinkReport, site: LoadedSite): LinkReport {
  const markdownOf = new Map<string, string>();
  for (const route of site.manifest.routes)
    if (route.content) markdownOf.set(outputFileFor(route.path, site.manifest.site.build?.format), route.content);
  const moved = (problem: LinkProblem): LinkProblem => {
    const name = markdownOf.get(problem.file);
    const md = name ? site.content.markdown.get(name) : undefined;
    if (!md) return problem;
    const lines = md.body.split("\n");
    for (const [i, text] of lines.entries()) {
      // `[text](href)`, `[text](<href>)` or `[id]: href`, else the href anywhere (raw HTML).
      const at = [`](${problem.href}`, `](<${problem.href}>`, `]: ${problem.href}`]
        .map((p) => text.indexOf(p))
        .find((x) => x >= 0);
      const col = at !== undefined ? text.indexOf(problem.href, at) : text.indexOf(problem.href);
      if (col >= 0) return { ...problem, file: md.file, line: i + 1 + md.bodyLine, col: col + 1 };
    }
    return problem;
  };
  return { ...report, problems: report.problems.map(moved) };
}

/**
 * Each broken link or anchor as its own located error, in the Markdown that wrote it when it can,
 * so the dev overlay can point at each.
 */
export function brokenLinkErrors(report: LinkReport, site: LoadedSite): PpgError[] {
  return inSourceFiles(report, site).problems.map((problem) => brokenLink(problem));
}

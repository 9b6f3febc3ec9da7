/**
 * The checker: list the site, parse every page once, resolve every reference as a static host
 * would, check fragments against the target's anchors, optionally fetch external URLs.
 */
import { availableParallelism } from "node:os";
import { resolve as resolvePath } from "node:path";
import { type Stats, statSync } from "node:fs";
import { fragmentFound } from "./anchors.ts";
import { linkCheckErrors } from "./errors.ts";
import { checkExternalUrls } from "./external.ts";
import {
  documentBase,
  findTarget,
  isHtmlFile,
  looksLikePage,
  resolveHref,
  safeDecode,
  type Resolved,
} from "./resolve.ts";
import { closestAnchor, PathSuggester } from "./suggest.ts";
import { placeRef } from "./placed-refs.ts";
import type { CheckLinksOptions, LinkProblem, LinkReport, LinkScan, PlacedRefs, RawRef } from "./types.ts";
import { listSiteFiles } from "./walk-folder.ts";
import { scanPages, WORKER_THRESHOLD } from "./workers.ts";

export async function checkLinks(opts: CheckLinksOptions): Promise<LinkReport> {
  const dir = resolvePath(opts.dir);
  const problems: LinkProblem[] = [];
  const all = opts.files
    ? [...opts.files].sort()
    : listDir(dir, opts.dir, (file, target) =>
        problems.push({ file, line: 1, col: 1, href: target, reason: "symbolic link leading out of the folder" }),
      );
  const files = new Set(all);
  const pages = (opts.pages ? [...opts.pages].sort() : all).filter(isHtmlFile);
  // Pages scanned already (by the build, as it rendered them) are not read or parsed again.
  const known = opts.scans;
  const unscanned = known ? pages.filter((p) => !known.has(p)) : pages;
  const threads = opts.threads ?? (unscanned.length > WORKER_THRESHOLD ? availableParallelism() : 1);
  const fresh = await scanPages(dir, unscanned, threads);
  const freshOf = new Map(unscanned.map((p, i) => [p, fresh[i]!]));
  const scanOf = (file: string): LinkScan | undefined => freshOf.get(file) ?? known?.get(file);
  const anchorSets = new Map<string, Set<string>>();
  const anchorsOf = (file: string): Set<string> => {
    let set = anchorSets.get(file);
    if (!set) anchorSets.set(file, (set = new Set(scanOf(file)?.anchors)));
    return set;
  };

  const suggester = new PathSuggester(files);
  const externalRefs: { file: string; ref: RawRef; url: string }[] = [];
  // Many references share a target (navigation, footer): look each site path up once.
  const targets = new Map<string, string | null>();
  // A root-relative href ("/beaches#top") resolves the same on every page with a site-local base:
  // the navigation and footer repeat thousands of them.
  const rootRelative = new Map<string, Resolved>();
  let references = 0;

  for (let p = 0; p < pages.length; p++) {
    const file = pages[p]!;
    const scan = scanOf(file)!;
    const base = documentBase(file, scan.base);
    // A page with a million broken links gets a hundred lines and a count, not a million objects.
    const pageStart = problems.length;
    let more = 0;
    const report = (problem: LinkProblem): void => {
      if (problems.length - pageStart < MAX_PROBLEMS_PER_PAGE) problems.push(problem);
      else more++;
    };
    // A shared part's reference is placed in the page only when it is reported.
    const check = (ref: RawRef, part?: PlacedRefs): void => {
      const href = ref.href;
      const shared = base.dir !== null && href.charCodeAt(0) === 0x2f && href.charCodeAt(1) !== 0x2f;
      let resolved = shared ? rootRelative.get(href) : undefined;
      if (!resolved) {
        resolved = resolveHref(href, base);
        if (shared) rootRelative.set(href, resolved);
      }
      if (resolved.kind === "skip") return;
      if (resolved.kind === "external") {
        if (opts.external) {
          references++;
          externalRefs.push({ file, ref: placeRef(ref, part), url: resolved.url.replace(/#.*$/, "") });
        }
        return;
      }
      references++;
      let target = targets.get(resolved.path);
      if (target === undefined) targets.set(resolved.path, (target = findTarget(resolved.path, files)));
      if (target === null) {
        report(missingTarget(file, placeRef(ref, part), resolved.path, resolved.fragment, suggester));
        return;
      }
      if (target !== file) opts.named?.(file, target, resolved.fragment !== null);
      if (resolved.fragment !== null && isHtmlFile(target)) {
        const anchors = anchorsOf(target);
        if (!fragmentFound(resolved.fragment, anchors))
          report(missingAnchor(file, placeRef(ref, part), resolved.fragment, anchors));
      }
    };
    // In the page's order, so that a page with too many problems reports its first ones.
    let r = 0;
    const ownBefore = (line: number, col: number): void => {
      for (; r < scan.refs.length; r++) {
        const ref = scan.refs[r]!;
        if (ref.line > line || (ref.line === line && ref.col >= col)) return;
        check(ref);
      }
    };
    for (const part of scan.shared ?? []) {
      ownBefore(part.line, part.col);
      for (const ref of part.refs) check(ref, part);
    }
    ownBefore(Number.POSITIVE_INFINITY, 0);
    if (more > 0) {
      const last = problems[problems.length - 1]!;
      problems.push({
        file,
        line: last.line,
        col: last.col,
        href: "…",
        reason: `and ${more} more problems on this page`,
      });
    }
  }

  if (opts.external && externalRefs.length > 0) {
    const results = await checkExternalUrls(
      externalRefs.map((e) => e.url),
      { concurrency: opts.concurrency ?? 8, timeoutMs: opts.timeoutMs ?? 10_000 },
    );
    for (const { file, ref, url } of externalRefs) {
      const reason = results.get(url);
      if (reason)
        problems.push({ file, line: ref.line, col: ref.col, href: ref.href, reason: reason as LinkProblem["reason"] });
    }
  }

  problems.sort(byPlace);
  return { pages: pages.length, references, problems };
}

/** Problems by the page that holds them, each page's in their order. */
export function problemsByPage(problems: readonly LinkProblem[]): Map<string, LinkProblem[]> {
  const byPage = new Map<string, LinkProblem[]>();
  for (const p of problems) {
    const found = byPage.get(p.file);
    if (found) found.push(p);
    else byPage.set(p.file, [p]);
  }
  return byPage;
}

/** The order problems are reported in: by page, then line and column. */
export function byPlace(a: LinkProblem, b: LinkProblem): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col;
}

/** Findings kept per page; the rest are counted. */
export const MAX_PROBLEMS_PER_PAGE = 100;

function listDir(dir: string, given: string, outside: (file: string, target: string) => void): string[] {
  let stat: Stats;
  try {
    stat = statSync(dir);
  } catch {
    throw linkCheckErrors.dirNotFound(given);
  }
  if (!stat.isDirectory()) throw linkCheckErrors.notADirectory(given);
  return listSiteFiles(dir, outside);
}

function missingTarget(
  file: string,
  ref: RawRef,
  path: string,
  fragment: string | null,
  suggester: PathSuggester,
): LinkProblem {
  const suggestion = suggester.suggest(path);
  return {
    file,
    line: ref.line,
    col: ref.col,
    href: ref.href,
    reason: ref.kind === "page" && looksLikePage(path) ? "missing page" : "missing asset",
    ...(suggestion !== undefined ? { suggestion: suggestion + (fragment !== null ? `#${fragment}` : "") } : {}),
  };
}

function missingAnchor(file: string, ref: RawRef, fragment: string, anchors: Set<string>): LinkProblem {
  const near = closestAnchor(safeDecode(fragment), anchors);
  return {
    file,
    line: ref.line,
    col: ref.col,
    href: ref.href,
    reason: "missing anchor",
    ...(near !== undefined ? { suggestion: ref.href.slice(0, ref.href.indexOf("#") + 1) + near } : {}),
  };
}

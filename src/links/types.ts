/** Public shapes of the link checker, shared by every stage. */

export type LinkReason =
  | "missing page"
  | "missing anchor"
  | "missing asset"
  | "symbolic link leading out of the folder"
  | `and ${number} more problems on this page`
  | `external: ${string}`;

export interface LinkProblem {
  /** Page holding the reference, relative to the checked folder, with forward slashes. */
  file: string;
  /** 1-based line of the URL inside the attribute value. */
  line: number;
  /** 1-based column (UTF-16 code units, as editors count) of the URL inside the attribute value. */
  col: number;
  /** The URL as written in the attribute (entities decoded). */
  href: string;
  reason: LinkReason;
  /** A near match that exists: another case of the same path, or a close anchor id. */
  suggestion?: string;
}

export interface LinkReport {
  pages: number;
  references: number;
  problems: LinkProblem[];
}

export interface CheckLinksOptions {
  dir: string;
  /**
   * Scans already made of some pages (by file, relative to dir), e.g. by a build that scanned
   * each page as it rendered it: those pages are not read or parsed again. Each is asked for when
   * its page is checked (and when a link names an anchor in it), so a lookup may make a scan on
   * demand rather than hold them all.
   */
  scans?: Pick<ReadonlyMap<string, LinkScan>, "has" | "get">;
  /**
   * The site's files, relative to dir: a build that knows them passes them instead of having
   * the folder listed (it may not have written them there yet).
   */
  files?: readonly string[];
  /**
   * The pages whose references are checked, of `files`; by default all of them. The others are
   * only targets: a build checks its drafts' links against the published pages so.
   */
  pages?: readonly string[];
  /**
   * Told of each file a page names that is there, other than the page itself, and whether with a
   * fragment: what a build keeps to know which pages a change of another file can break
   * (engine/kept-links.ts).
   */
  named?: (page: string, target: string, fragment: boolean) => void;
  /** Also fetch http(s) links. Off by default: builds must not depend on the network. */
  external?: boolean;
  /** Parallel requests for external links (default 8). */
  concurrency?: number;
  /** Per-request timeout for external links in ms (default 10 000). */
  timeoutMs?: number;
  /**
   * Most threads used to parse pages, counting this one. Default: every core when the site has
   * more than WORKER_THRESHOLD pages, else 1. Workers then start only when this thread's timing of
   * its first chunks says the rest would take longer than their start-up (see workers.ts).
   */
  threads?: number;
}

/**
 * What a reference points at, which decides the wording of its problem: a page for things a
 * reader navigates to (a, area, iframe, form, meta refresh), an asset for things a page loads.
 */
export type RefKind = "page" | "asset";

/** One URL found in a page, before resolution. */
export interface RawRef {
  href: string;
  line: number;
  col: number;
  kind: RefKind;
}

/** Everything one parse of a page yields: its references, its anchors and its <base href>. */
export interface LinkScan {
  /** The page's own references: those of `shared` parts are not repeated here. */
  refs: RawRef[];
  /** id attributes and a[name] values, in document order, the shared parts' included. */
  anchors: string[];
  /** The first <base href>, as written, if any. */
  base: string | null;
  /**
   * The references of parts that recur on many pages (a layout's header and footer), each part's
   * list one object held for every page it is on, with where the part starts in this page.
   */
  shared?: PlacedRefs[];
}

/** A shared part's references, as scanned on their own, and the part's place in a page. */
export interface PlacedRefs {
  refs: readonly RawRef[];
  /** 1-based line and column in the page of the part's first character. */
  line: number;
  col: number;
}

/**
 * What a build keeps of its link check, to check on the next only the pages a change can break
 * (engine/kept-links.ts). Each page's problems hold while the output's files are the same, the page
 * is the same, and so are the anchors of each file it names with a fragment.
 */
export interface LinkRecord {
  /** The digest of the output's files, as listed for the check, but the search index's. */
  files: string;
  /** The digest of the search index's files, whose names change with the words of any page. */
  index: string;
  /** The problems found, by the page that holds them; pages without any are left out. */
  problems: [page: string, problems: LinkProblem[]][];
  /** Each HTML file another page names with a fragment: the digest of its anchors, and the pages naming it. */
  named: [target: string, anchors: string, pages: string[]][];
  /** The pages naming a file of the search index. */
  namingIndex: string[];
}

/** Near matches offered with a problem: "did you mean …?". */
import { closestPath } from "../core/closest-path.ts";
import { fileUrl } from "../core/output-names.ts";
import { closestName } from "../core/edit-distance.ts";
import { findTarget } from "./resolve.ts";

/**
 * The anchor a broken fragment most likely meant: same text in another case or Unicode
 * normalisation, else the closest id within a small edit distance (core/edit-distance.ts, the one
 * "did you mean" search, which site.yaml's and Markdown's links to no route use too).
 */
export const closestAnchor: (fragment: string, anchors: Iterable<string>) => string | undefined = closestName;

/**
 * Case-insensitive index of the site's files, built once and only when a target is missing.
 * Hosts on Linux are case-sensitive, so "/Guide/" fails in production even when it works on a Mac.
 */
export class PathSuggester {
  private byLower: Map<string, string> | null = null;
  private lowerFiles: Set<string> | null = null;
  constructor(private readonly files: ReadonlySet<string>) {}

  /**
   * A site-absolute URL for the same target in the right case; else the page or file the path most likely meant, by
   * the words it names or as a typo (core/closest-path.ts), written as the site links it (`/x` for `x.html`).
   */
  suggest(path: string): string | undefined {
    return this.inOtherCase(path) ?? closestPath(path, (this.urls ??= [...this.files].map(fileUrl)));
  }

  private urls: string[] | undefined;

  private inOtherCase(path: string): string | undefined {
    if (!this.byLower) {
      this.byLower = new Map();
      for (const f of this.files) {
        const lower = f.toLowerCase();
        if (!this.byLower.has(lower)) this.byLower.set(lower, f);
      }
      this.lowerFiles = new Set(this.byLower.keys());
    }
    const lowerTarget = findTarget(path.toLowerCase(), this.lowerFiles!);
    if (lowerTarget === null) return undefined;
    const actual = this.byLower.get(lowerTarget)!;
    // Keep the form the author wrote ("/x/", "/x", "/x.html"): only the case changes.
    return `/${actual.slice(0, path.length)}`;
  }
}

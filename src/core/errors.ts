/**
 * Every problem ppguide reports to a user is a PpgError: a permanent code, a message saying what
 * happened, a hint saying what to do, and where it happened. Modelled on Astro's errors-data.ts:
 * codes never change meaning, so editors and CI logs can search for them.
 */
export type ErrorCode =
  | "YamlSyntax"
  | "ManifestInvalid"
  | "RouteNotFound"
  | "RouteDuplicate"
  | "RelatedNotThree"
  | "RelatedSelf"
  | "ContentMissing"
  | "FrontMatterInvalid"
  | "ListingsInvalid"
  | "RecipeFigures"
  | "AssetMissing"
  | "TemplateFailed"
  | "StyleFailed"
  | "ScriptFailed"
  | "BrokenLink"
  | "PlaceholderLeft"
  | "InternalError";

export interface SourceLocation {
  /** Path relative to the site root, with forward slashes. */
  file: string;
  line: number;
  column: number;
}

export class PpgError extends Error {
  readonly code: ErrorCode;
  readonly location?: SourceLocation;
  /** Where in a YAML document the problem is, e.g. `routes[3].related`. */
  readonly path?: string;
  readonly hint?: string;

  constructor(code: ErrorCode, message: string, opts: { location?: SourceLocation; path?: string; hint?: string } = {}) {
    super(message);
    this.name = "PpgError";
    this.code = code;
    this.location = opts.location;
    this.path = opts.path;
    this.hint = opts.hint;
  }

  /** `site.yaml:12:5  routes[3].related  must have exactly 3 entries. Add or remove ...` */
  format(): string {
    const where = this.location ? `${this.location.file}:${this.location.line}:${this.location.column}` : "";
    // A multi-line message (a report) gets its hint on a line of its own.
    const text = this.hint ? `${this.message}${this.message.includes("\n") ? "\n" : ". "}${this.hint}` : this.message;
    const parts = [where, this.path ?? "", text].filter(Boolean);
    return parts.join("  ");
  }
}

/** Many problems found in one pass; a build reports them all at once rather than one per run. */
export class PpgErrorList extends Error {
  readonly errors: PpgError[];
  constructor(errors: PpgError[]) {
    super(errors.map((e) => e.format()).join("\n"));
    this.name = "PpgErrorList";
    this.errors = errors;
  }
}

export function isUserError(err: unknown): err is PpgError | PpgErrorList {
  return err instanceof PpgError || err instanceof PpgErrorList;
}

export function errorsOf(err: PpgError | PpgErrorList): PpgError[] {
  return err instanceof PpgErrorList ? err.errors : [err];
}

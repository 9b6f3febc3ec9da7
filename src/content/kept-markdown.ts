import { dirname } from "node:path";
import { deserialize, serialize } from "node:v8";
import { digest } from "../core/digest.ts";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import { PpgError, PROBLEMS_AS_DATA } from "../core/errors.ts";
import { changedNear, stampChangedAt } from "../core/file-stamp.ts";
import { makeFolder } from "../core/make-folder.ts";
import { lineFeeds, readSourceFile } from "../core/source-text.ts";
import type { KeptAs, ParsedYaml } from "../manifest/parsed-yaml.ts";
import {
  frontMatterText,
  type BodyAnswers,
  type MarkdownFile,
  type SplitMarkdown,
  type StubComment,
} from "./front-matter.ts";

/**
 * What a build found in each Markdown file, kept for the next build, so that a rebuild reads only
 * the files that changed: where its front matter's data is kept (the store of parsed YAML), and what
 * every scan that spans the site found in its body (its hand-written figures, the facts it names,
 * its placeholders, the photos and pages it names). A body is read again only when a page renders
 * it or a scan's context changed.
 *
 * - A file is taken as kept, unread, when its stamp (core/file-stamp.ts: identity, size, times) is
 *   the one taken before the kept build read it, and that stamp was taken RACY_MS after the file's
 *   last change: git's index's rule, so any later write has given it another stamp.
 * - A file read (its stamp is new: an edit, a checkout, a CI cache restore) whose bytes are the
 *   ones kept is not parsed or scanned again.
 * - A scan's answer is kept with what else it read (`context`: site.yaml's facts, public/'s
 *   photos), and found again when that changed.
 * - A body read late is held to the digest kept: a file written while the build runs is an error
 *   (SourceChanged), never a page made of two versions.
 *
 * Every entry is an optimisation only: the store names the code that wrote it, is refused whole
 * when that is not this code or its checksum fails, and is written only by a build that succeeded.
 * docs/performance.md has the figures.
 */

interface Entry {
  /** The file's stamp when it was read, if taken RACY_MS after its last change; else none, and it is read. */
  stamp?: string;
  digest: string;
  /** What the store of parsed YAML keeps the front matter's data by (manifest/parsed-yaml.ts); none without one. */
  yaml?: string;
  bodyLine: number;
  bodyAt: number;
  stubComments?: StubComment[];
  answers: BodyAnswers;
}

interface Stored {
  code: string;
  entries: Map<string, Entry>;
}

/** The stamps a build took before it read anything (output/same-inputs.ts Inputs), by path in the site. */
export interface Stamps {
  of: ReadonlyMap<string, string>;
  /** Date.now() when they were taken. */
  at: number;
}

export class KeptMarkdown {
  private readonly before: Map<string, Entry>;
  private readonly now = new Map<string, Entry>();

  private constructor(
    private readonly file: string,
    private readonly code: string,
    private readonly stamps: Stamps,
    private readonly parsed: ParsedYaml,
  ) {
    this.before = readStored(file, code);
  }

  /**
   * The store in `file`, for the code named `code`, trusting the stamps `stamps`; `parsed`, the load's store of
   * parsed YAML, holds the data of each front matter.
   */
  static open(file: string, code: string, stamps: Stamps, parsed: ParsedYaml): KeptMarkdown {
    return new KeptMarkdown(file, code, stamps, parsed);
  }

  /**
   * The Markdown file at `path` (content/…) as kept, without reading it, when its stamp now is the one it was
   * kept with; its body is read when first asked for. `linked`: reached through a link, whose own stamp does not
   * change with the file it leads to, so it is always read.
   */
  unread(root: string, path: string, linked: boolean): MarkdownFile | undefined {
    const entry = this.before.get(path);
    if (linked || entry?.stamp === undefined || this.stamps.of.get(path) !== entry.stamp) return undefined;
    const md = this.take(path, entry) as MarkdownFile | undefined;
    if (!md) return undefined;
    let body: string | undefined;
    Object.defineProperty(md, "body", {
      enumerable: true,
      configurable: true,
      get: () => (body ??= keptBody(root, path, entry)),
    });
    return md;
  }

  /**
   * The Markdown file at `path`, read now as `bytes` (decoded, `text`): as kept when its bytes are, else split by
   * `split` (content/front-matter.ts splitFrontMatter), whose problems it throws.
   */
  read(path: string, text: string, bytes: Uint8Array, split: () => SplitMarkdown): MarkdownFile {
    const sum = digest(bytes);
    const stamp = this.stamps.of.get(path);
    // A change too near the stamp may be followed by another that leaves it as it is.
    const trusted = stamp !== undefined && !changedNear(stampChangedAt(stamp), this.stamps.at) ? stamp : undefined;
    const kept = this.before.get(path);
    const entry = kept?.digest === sum ? { ...kept, stamp: trusted } : undefined;
    const taken = entry && this.take(path, entry);
    if (taken && entry) return { ...taken, body: lineFeeds(text).slice(entry.bodyAt) };
    const { frontMatter, body, bodyLine, bodyAt, stubComments } = split();
    const yaml = frontMatterText(text);
    const made: Entry = {
      ...(trusted !== undefined && { stamp: trusted }),
      digest: sum,
      // The key of the text splitFrontMatter parsed last: no second hash.
      ...(yaml !== undefined && { yaml: this.parsed.key(yaml) }),
      bodyLine,
      bodyAt,
      ...(stubComments && { stubComments }),
      answers: {},
    };
    this.now.set(path, made);
    return { ...fileOf(path, made, frontMatter), body };
  }

  /**
   * The file `entry` keeps, but its body, taken as the file at `path` in this load: undefined when the store of
   * parsed YAML no longer has its front matter's data.
   */
  private take(path: string, entry: Entry): Omit<MarkdownFile, "body"> | undefined {
    const found = entry.yaml === undefined ? { data: {} } : this.parsed.dataOf(entry.yaml);
    if (found === undefined) return undefined;
    this.now.set(path, entry);
    return fileOf(path, entry, (found.data ?? {}) as MarkdownFile["frontMatter"]);
  }

  /**
   * Writes what this build found in the files it loaded: called once the build has succeeded, after every scan. A
   * store that cannot be written (read-only folder, full disk) is left as it was: the next build reads more.
   */
  save(): void {
    try {
      makeFolder(dirname(this.file));
      writeChecked(this.file, serialize({ code: this.code, entries: this.now } satisfies Stored));
    } catch {
      // The next build reads the files again.
    }
  }
}

/** The file an entry keeps, with its front matter's data, but its body. */
function fileOf(path: string, entry: Entry, frontMatter: MarkdownFile["frontMatter"]): Omit<MarkdownFile, "body"> {
  return {
    file: path,
    frontMatter,
    bodyLine: entry.bodyLine,
    ...(entry.stubComments && { stubComments: entry.stubComments }),
    digest: entry.digest,
    answers: entry.answers,
  };
}

/** The body of a file taken as kept, read now: it must still be the bytes kept. */
function keptBody(root: string, path: string, entry: Entry): string {
  let read: { text: string; bytes: Buffer } | undefined;
  try {
    read = readSourceFile(root, path);
  } catch {
    // Gone, unreadable or no longer text: it was not so when the build began.
  }
  if (read === undefined || digest(read.bytes) !== entry.digest)
    throw new PpgError("SourceChanged", { file: path }, { location: { file: path, line: 1, column: 1 } });
  return lineFeeds(read.text).slice(entry.bodyAt);
}

/**
 * One scan's answer for a file's body: as kept with the file while what else the scan reads (`context`) is the
 * same, else found now (the body read if it was not) and kept. `as`: how an answer that is not plain data is kept.
 */
export function bodyAnswer<T, K = T>(
  file: MarkdownFile,
  scan: string,
  context: string,
  find: (body: string) => T,
  as?: KeptAs<T, K>,
): T {
  const kept = file.answers?.[scan];
  if (kept !== undefined && kept.context === context) return as ? as.take(kept.value as K) : (kept.value as T);
  const value = find(file.body);
  const keep = as ? as.keep(value) : value;
  if (file.answers)
    file.answers[scan] = Array.isArray(keep) && keep.length === 0 ? nothingFound(context) : { context, value: keep };
  return value;
}

const NOTHING = new Map<string, { context: string; value: readonly never[] }>();

/**
 * The answer of a scan that found nothing, one object for every body and scan with the same context: most bodies
 * have nothing to report, and the store's serializer writes an object it has seen as a reference to it (7.9 MB
 * of store became 4.5 MB at 16,000 pages). Never changed: an answer is replaced whole.
 */
function nothingFound(context: string): { context: string; value: readonly never[] } {
  let found = NOTHING.get(context);
  if (found === undefined) NOTHING.set(context, (found = Object.freeze({ context, value: Object.freeze([]) })));
  return found;
}

/** bodyAnswer for a scan that finds problems. */
export function bodyProblems(
  file: MarkdownFile,
  scan: string,
  context: string,
  find: (body: string) => PpgError[],
): PpgError[] {
  return bodyAnswer(file, scan, context, find, PROBLEMS_AS_DATA);
}

function readStored(file: string, code: string): Map<string, Entry> {
  try {
    const bytes = readChecked(file);
    const stored = bytes === undefined ? undefined : (deserialize(bytes) as Stored);
    return stored?.code === code && stored.entries instanceof Map ? stored.entries : new Map();
  } catch {
    return new Map();
  }
}

import { dirname } from "node:path";
import { deserialize, serialize } from "node:v8";
import { digest } from "../core/digest.ts";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import { errorData, PpgError, revivedErrors, type PpgErrorData } from "../core/errors.ts";
import { changedNear, stampChangedAt } from "../core/file-stamp.ts";
import { makeFolder } from "../core/make-folder.ts";
import { lineFeeds, readSourceFile } from "../core/source-text.ts";
import type { ParsedYaml } from "../manifest/parsed-yaml.ts";
import {
  frontMatterText,
  type BodyAnswers,
  type MarkdownFile,
  type SplitMarkdown,
  type StubComment,
} from "./front-matter.ts";

/**
 * What a build found in each Markdown file, kept for the next build, so that a rebuild reads only
 * the files that changed: a file's front matter, and what every scan that spans the site found in
 * its body (its hand-written figures, the facts it names, its placeholders, the photos and pages it
 * names). A body is read again only when a page renders it.
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
  /** The front matter as parsed, serialized: each build takes a fresh copy. */
  frontMatter: Uint8Array;
  bodyLine: number;
  bodyAt: number;
  stubComments?: StubComment[];
  /** What the store of parsed YAML keeps the front matter by (manifest/parsed-yaml.ts), when it has one. */
  yaml?: string;
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
   * parsed YAML, keeps the front matter of each file taken as kept.
   */
  static open(file: string, code: string, stamps: Stamps, parsed: ParsedYaml): KeptMarkdown {
    return new KeptMarkdown(file, code, stamps, parsed);
  }

  /** Takes `entry` as the file at `path` in this load. */
  private take(path: string, entry: Entry): Entry {
    this.now.set(path, entry);
    if (entry.yaml !== undefined) this.parsed.carry(entry.yaml);
    return entry;
  }

  /**
   * The Markdown file at `path` (content/…) as kept, without reading it, when its stamp now is the one it was
   * kept with; its body is read when first asked for. `linked`: reached through a link, whose own stamp does not
   * change with the file it leads to, so it is always read.
   */
  unread(root: string, path: string, linked: boolean): MarkdownFile | undefined {
    const entry = this.before.get(path);
    if (linked || entry?.stamp === undefined || this.stamps.of.get(path) !== entry.stamp) return undefined;
    this.take(path, entry);
    const md = fileOf(path, entry) as MarkdownFile;
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
    if (kept?.digest === sum) {
      const entry = this.take(path, { ...kept, stamp: trusted });
      return { ...fileOf(path, entry), body: lineFeeds(text).slice(entry.bodyAt) };
    }
    const { frontMatter, body, bodyLine, bodyAt, stubComments } = split();
    const yaml = frontMatterText(text);
    const entry: Entry = {
      ...(trusted !== undefined && { stamp: trusted }),
      digest: sum,
      frontMatter: serialize(frontMatter),
      bodyLine,
      bodyAt,
      ...(stubComments && { stubComments }),
      ...(yaml !== undefined && { yaml: this.parsed.key(yaml) }),
      answers: {},
    };
    this.now.set(path, entry);
    return { ...fileOf(path, entry), frontMatter, body };
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

/** A Markdown file read as it was when the store was written: its front matter a fresh copy, its answers shared. */
function fileOf(path: string, entry: Entry): Omit<MarkdownFile, "body"> {
  return {
    file: path,
    frontMatter: deserialize(entry.frontMatter),
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
 * same, else found now (the body read if it was not) and kept.
 */
export function bodyAnswer<T>(file: MarkdownFile, scan: string, context: string, find: (body: string) => T): T {
  const kept = file.answers?.[scan];
  if (kept !== undefined && kept.context === context) return kept.value as T;
  const value = find(file.body);
  if (file.answers) file.answers[scan] = { context, value };
  return value;
}

/** bodyAnswer for a scan that finds problems: kept as plain data, and made into new errors at each use. */
export function bodyProblems(
  file: MarkdownFile,
  scan: string,
  context: string,
  find: (body: string) => PpgError[],
): PpgError[] {
  return revivedErrors(bodyAnswer<PpgErrorData[]>(file, scan, context, (body) => find(body).map(errorData)));
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

import { lstatSync } from "node:fs";
import { dirname } from "node:path";
import { deserialize, serialize } from "node:v8";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import { Digest } from "../core/digest.ts";
import { makeFolder } from "../core/make-folder.ts";

/**
 * The data of the YAML texts a previous load parsed (site.yaml, each front matter, each listings
 * file), by each text's digest: a rebuild parses only the texts that changed. js-yaml was the
 * largest module in a one-edit rebuild's profile, 16% of it (docs/performance.md, "YAML parsed once
 * per text"): on a cold process, 1.9 MB of site.yaml took 0.31 s to parse and its stored data 0.04 s
 * to read; 4,000 front matters took 0.2 s.
 *
 * Every entry is an optimisation only. The file names the code that wrote it (ppguide's sources and
 * lockfile, so each parser's version), and is refused whole when that is not this code's or its
 * checksum does not hold; a text not found is parsed as ever. The data is stored as it was parsed,
 * before any caller could change it, and each lookup deserializes a fresh copy. A check of the data
 * that found nothing in a text is kept beside it (`checked`), and is not run on that text again:
 * the same code gives the same text the same verdict, so a stored text is held to exactly the rules
 * a parsed one is.
 */
export class ParsedYaml {
  /** What the file held; what this load used or parsed, which is what it will hold. */
  private before: Stored;
  private readonly now: Stored = { entries: new Map(), answers: new Map() };
  /** Whether this load recorded an answer the file lacks. */
  private answered = false;

  private constructor(
    private readonly file: string,
    private readonly code: string,
  ) {
    this.before = readStored(file, code);
  }

  /** The store in `file`, for the code named `code` (core/code-id.ts currentCode). */
  static open(file: string, code: string): ParsedYaml {
    return new ParsedYaml(file, code);
  }

  /**
   * The key of the last text asked about: a text is looked for, then parsed and kept, then checked, and would
   * otherwise be hashed each time.
   */
  private last?: { text: string; key: string };
  /**
   * The keys of long texts, by the text: a load asks about site.yaml (7.5 MB at 16,000 routes, 28 ms to hash) in
   * several places, between which it asks about other texts. V8 hashes a string this long by its length and finds
   * the very string it is given by identity, so the lookup costs microseconds. Not every text: a front matter is a
   * slice of its file, which it would keep alive.
   */
  private readonly long = new Map<string, string>();

  private keyOf(text: string): string {
    if (this.last?.text === text) return this.last.key;
    let key = text.length < LONG_TEXT ? undefined : this.long.get(text);
    if (key === undefined) {
      key = keyOf(text);
      if (text.length >= LONG_TEXT) {
        // Dev mode keeps one store while site.yaml is edited again and again: only the newest texts are kept.
        if (this.long.size >= LONG_TEXTS_KEPT) this.long.delete(this.long.keys().next().value as string);
        this.long.set(text, key);
      }
    }
    this.last = { text, key };
    return key;
  }

  /** What `text` is kept by: a caller that keeps it can find the data again without the text (dataOf). */
  key(text: string): string {
    return this.keyOf(text);
  }

  /** The data `text` was parsed into, as a fresh copy; undefined when no load parsed that text. */
  find(text: string): { data: unknown } | undefined {
    return this.dataOf(this.keyOf(text));
  }

  /**
   * find(), by the text's key: a Markdown file taken as it was kept (content/kept-markdown.ts) is not read, and
   * its front matter's data is found by the key kept with it.
   */
  dataOf(key: string): { data: unknown } | undefined {
    const bytes = this.now.entries.get(key) ?? this.before.entries.get(key);
    if (bytes === undefined) return undefined;
    this.now.entries.set(key, bytes);
    return { data: deserialize(bytes) };
  }

  /** Keeps what `text` was parsed into, as it is now. */
  keep(text: string, data: unknown): void {
    this.now.entries.set(this.keyOf(text), serialize(data));
  }

  /**
   * What `check` finds in the data `text` parses to: nothing, without running it, when it found nothing in this very
   * text under this code before (the checks given are functions of the text's data and the code alone: the values'
   * rules, a schema, site.yaml's cross-references). A check that finds something is run again on every load, so
   * its problems are always reported as found. site.yaml's three took 0.24 s of a rebuild at 4,000 routes.
   */
  checked<T>(text: string, check: string, run: () => T[]): T[] {
    const kept = this.answersOf(text).get(check);
    if (kept !== undefined) return [];
    const found = run();
    if (found.length === 0) this.record(text, check, NOTHING_FOUND);
    return found;
  }

  /**
   * What `run` answers of `text`, as kept with it while what else it reads (`context`: a digest of it) is the same,
   * else run now and kept; problems are kept as data (PROBLEMS_AS_DATA). For the scans of site.yaml and the listings
   * that a rebuild ran again for every route although the text had not changed: its placeholders, the images it
   * names, the photos it shows.
   */
  answer<T, K = T>(text: string, check: string, context: string, run: () => T, as?: KeptAs<T, K>): T {
    const kept = this.answersOf(text).get(check);
    if (kept !== undefined && kept.context === context) return as ? as.take(kept.value as K) : (kept.value as T);
    const value = run();
    this.record(text, check, { context, value: as ? as.keep(value) : value });
    return value;
  }

  private answersOf(text: string): Map<string, Answer> {
    const key = this.keyOf(text);
    let answers = this.now.answers.get(key);
    if (answers === undefined) this.now.answers.set(key, (answers = new Map(this.before.answers.get(key))));
    return answers;
  }

  private record(text: string, check: string, answer: Answer): void {
    this.answersOf(text).set(check, answer);
    this.answered = true;
  }

  /**
   * Writes the texts this load used, with their answers, when they are not what the file holds: an edit replaces its
   * old text's entry, so the file never grows past one site's texts. A build saves again after its checks, which
   * answer more, and only what those added is written. A file that cannot be written (read-only folder, full disk)
   * is left as it was.
   */
  save(): void {
    const { entries } = this.now;
    if (
      !this.answered &&
      entries.size === this.before.entries.size &&
      [...entries.keys()].every((key) => this.before.entries.has(key))
    )
      return;
    const answers = new Map<string, Map<string, Answer>>();
    // The texts this load parsed, and any other it checked (site.yaml as written, where its line breaks are not LF).
    for (const key of new Set([...entries.keys(), ...this.now.answers.keys()])) {
      const found = this.now.answers.get(key) ?? this.before.answers.get(key);
      if (found?.size) answers.set(key, found);
    }
    const stored: Stored = { entries: new Map(entries), answers };
    try {
      makeFolder(dirname(this.file));
      writeChecked(this.file, serialize({ code: this.code, ...stored }));
      this.before = stored;
      this.answered = false;
    } catch {
      // The next load parses again.
    }
  }
}

/** How an answer that is not plain data is kept, and made again when taken (PROBLEMS_AS_DATA, core/errors.ts). */
export interface KeptAs<T, K> {
  keep: (value: T) => K;
  take: (kept: K) => T;
}

/** ParsedYaml.answer, where there is a store and a text; else `run`, run. */
export function answerOnce<T, K = T>(
  parsed: ParsedYaml | undefined,
  text: string | undefined,
  check: string,
  context: string,
  run: () => T,
  as?: KeptAs<T, K>,
): T {
  return parsed && text !== undefined ? parsed.answer(text, check, context, run, as) : run();
}

/** A text long enough that hashing it twice shows in a profile (ParsedYaml.keyOf). */
const LONG_TEXT = 1 << 16;
const LONG_TEXTS_KEPT = 8;

/** ParsedYaml.checked, where there is a store; else the check, run. */
export function checkedOnce<T>(
  parsed: ParsedYaml | undefined,
  text: string | undefined,
  check: string,
  run: () => T[],
): T[] {
  return parsed && text !== undefined ? parsed.checked(text, check, run) : run();
}

/** The entries of the store, and what each check answered of each text, by the text's key. */
interface Stored {
  entries: Map<string, Uint8Array>;
  answers: Map<string, Map<string, Answer>>;
}

interface Answer {
  /** A digest of what else the check read. */
  context: string;
  value: unknown;
}

/** A check that found nothing, one object for every text: the serializer writes it once, then refers to it. */
const NOTHING_FOUND: Answer = Object.freeze({ context: "", value: Object.freeze([]) });

function keyOf(text: string): string {
  return new Digest().add(text).key();
}

function readStored(file: string, code: string): Stored {
  const none: Stored = { entries: new Map(), answers: new Map() };
  // Not through a link: ppguide never reads its caches from outside the site (saving replaces the link itself).
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return none;
  const bytes = readChecked(file);
  if (bytes === undefined) return none;
  try {
    const stored = deserialize(bytes) as { code?: unknown; entries?: unknown; answers?: unknown };
    if (stored.code === code && stored.entries instanceof Map && stored.answers instanceof Map)
      return { entries: stored.entries, answers: stored.answers } as Stored;
  } catch {
    // Bytes that hold their checksum but are not this format: written by another version.
  }
  return none;
}

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
  private readonly before: Stored;
  private readonly now = { entries: new Map<string, Uint8Array>(), passes: new Map<string, Set<string>>() };
  /** Whether this load recorded a pass the file lacks. */
  private passed = false;

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
   * otherwise be hashed each time (site.yaml is 1.9 MB at 4,000 routes).
   */
  private last?: { text: string; key: string };

  private keyOf(text: string): string {
    if (this.last?.text !== text) this.last = { text, key: keyOf(text) };
    return this.last.key;
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
    const key = this.keyOf(text);
    const passes = this.now.passes.get(key) ?? new Set(this.before.passes.get(key));
    this.now.passes.set(key, passes);
    if (passes.has(check)) return [];
    const found = run();
    if (found.length === 0) {
      passes.add(check);
      this.passed = true;
    }
    return found;
  }

  /**
   * Writes the texts this load used, with their passes, when they are not what the file holds: an edit replaces its
   * old text's entry, so the file never grows past one site's texts. A file that cannot be written (read-only folder,
   * full disk) is left as it was.
   */
  save(): void {
    const { entries } = this.now;
    if (
      !this.passed &&
      entries.size === this.before.entries.size &&
      [...entries.keys()].every((key) => this.before.entries.has(key))
    )
      return;
    const passes = new Map<string, string[]>();
    // The texts this load parsed, and any other it checked (site.yaml as written, where its line breaks are not LF).
    for (const key of new Set([...entries.keys(), ...this.now.passes.keys()])) {
      const found = [...(this.now.passes.get(key) ?? this.before.passes.get(key) ?? [])];
      if (found.length) passes.set(key, found);
    }
    try {
      makeFolder(dirname(this.file));
      writeChecked(this.file, serialize({ code: this.code, entries, passes }));
    } catch {
      // The next load parses again.
    }
  }
}

/** ParsedYaml.checked, where there is a store; else the check, run. */
export function checkedOnce<T>(
  parsed: ParsedYaml | undefined,
  text: string | undefined,
  check: string,
  run: () => T[],
): T[] {
  return parsed && text !== undefined ? parsed.checked(text, check, run) : run();
}

/** The entries of the store, and the checks each text passed. */
interface Stored {
  entries: Map<string, Uint8Array>;
  passes: Map<string, string[]>;
}

function keyOf(text: string): string {
  return new Digest().add(text).key();
}

function readStored(file: string, code: string): Stored {
  const none: Stored = { entries: new Map(), passes: new Map() };
  // Not through a link: ppguide never reads its caches from outside the site (saving replaces the link itself).
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return none;
  const bytes = readChecked(file);
  if (bytes === undefined) return none;
  try {
    const stored = deserialize(bytes) as { code?: unknown; entries?: unknown; passes?: unknown };
    if (stored.code === code && stored.entries instanceof Map && stored.passes instanceof Map)
      return { entries: stored.entries, passes: stored.passes } as Stored;
  } catch {
    // Bytes that hold their checksum but are not this format: written by another version.
  }
  return none;
}

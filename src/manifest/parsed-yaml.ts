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
 * before any caller could change it, and each lookup deserializes a fresh copy. What is checked
 * after parsing (values, schemas) is checked again on the data found, so a stored text is held to
 * exactly the rules a parsed one is.
 */
export class ParsedYaml {
  /** What the file held; what this load used or parsed, which is what it will hold. */
  private readonly before: Map<string, Uint8Array>;
  private readonly now = new Map<string, Uint8Array>();

  private constructor(
    private readonly file: string,
    private readonly code: string,
  ) {
    this.before = readEntries(file, code);
  }

  /** The store in `file`, for the code named `code` (core/code-id.ts currentCode). */
  static open(file: string, code: string): ParsedYaml {
    return new ParsedYaml(file, code);
  }

  /**
   * The key of the last text not found: a text is looked for, then parsed and kept, and a first
   * build would otherwise hash each text twice (site.yaml is 1.9 MB at 4,000 routes).
   */
  private missed?: { text: string; key: string };

  /** The data `text` was parsed into, as a fresh copy; undefined when no load parsed that text. */
  find(text: string): { data: unknown } | undefined {
    const key = keyOf(text);
    const bytes = this.now.get(key) ?? this.before.get(key);
    if (bytes === undefined) {
      this.missed = { text, key };
      return undefined;
    }
    this.now.set(key, bytes);
    return { data: deserialize(bytes) };
  }

  /** Keeps what `text` was parsed into, as it is now. */
  keep(text: string, data: unknown): void {
    const key = this.missed?.text === text ? this.missed.key : keyOf(text);
    this.missed = undefined;
    this.now.set(key, serialize(data));
  }

  /**
   * Writes the texts this load used, when they are not what the file holds: an edit replaces its
   * old text's entry, so the file never grows past one site's texts. A file that cannot be written
   * (read-only folder, full disk) is left as it was.
   */
  save(): void {
    if (this.now.size === this.before.size && [...this.now.keys()].every((key) => this.before.has(key))) return;
    try {
      makeFolder(dirname(this.file));
      writeChecked(this.file, serialize({ code: this.code, entries: this.now }));
    } catch {
      // The next load parses again.
    }
  }
}

function keyOf(text: string): string {
  return new Digest().add(text).key();
}

function readEntries(file: string, code: string): Map<string, Uint8Array> {
  // Not through a link: ppguide never reads its caches from outside the site (saving replaces the link itself).
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return new Map();
  const bytes = readChecked(file);
  if (bytes === undefined) return new Map();
  try {
    const stored = deserialize(bytes) as { code?: unknown; entries?: unknown };
    if (stored.code === code && stored.entries instanceof Map) return stored.entries as Map<string, Uint8Array>;
  } catch {
    // Bytes that hold their checksum but are not this format: written by another version.
  }
  return new Map();
}

import { createHash } from "node:crypto";
import { statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { currentCode, DiskCache } from "../core/disk-cache.ts";
import type { PageScan, RawRef } from "../links/types.ts";

/**
 * What the last build wrote into an output folder: for each page, the size, mtime and inode the
 * file had, a hash of its bytes, and its link scan. A rebuild that renders a page to the same
 * hash, and finds the file still as recorded, neither reads the old copy to compare nor scans
 * the page again: on the 4,000-page bench that was most of the output thread's work (reading
 * 4,000 pages and tokenizing them), and that thread shares the machine with the renderer.
 *
 * The record is a cache and only ever trusted after checking: a file edited, replaced or
 * deleted since has another mtime, size or inode and is compared by its bytes as before; a
 * record written by other code (any change to ppguide's sources or dependencies) is ignored,
 * since its scans might differ; an unreadable one is ignored. It lives in a DiskCache, one entry
 * per output folder (the 16 most recently built), and is written only after the output has
 * been committed.
 */

/** Per page: [size, mtimeMs, ino]. */
const STAT_FIELDS = 3;
const KINDS: RawRef["kind"][] = ["page", "asset"];

interface RecordData {
  code: string;
  files: string[];
  stats: Float64Array;
  hashes: string[];
  /** Every href, anchor and base once; the scans name them by index. */
  strings: string[];
  /** Per page: where its scan starts in `items`, or -1 if it was not scanned. */
  scanAt: Int32Array;
  /** Each scan: ref count, anchor count, base (string or -1), [href, line, col, kind] per ref, then anchors. */
  items: Int32Array;
}

export type FileStat = Pick<Stats, "size" | "mtimeMs" | "ino">;

export function hashPage(content: string | Uint8Array): string {
  return createHash("sha1").update(content).digest("base64");
}

const records = new DiskCache("ppguide-output", 16);

/** The last build's record of `out`, if there is a usable one. */
export function loadRecord(out: string): OutputRecord | undefined {
  const bytes = records.read(DiskCache.key(out));
  if (!bytes) return undefined;
  try {
    const data = deserialize(bytes) as RecordData;
    return data.code === currentCode() ? new OutputRecord(out, data) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a record made by RecordWriter.finish(), once the output is committed. */
export function saveRecord(out: string, bytes: Uint8Array): void {
  records.write(DiskCache.key(out), bytes);
}

export class OutputRecord {
  private readonly index = new Map<string, number>();

  constructor(
    private readonly out: string,
    private readonly data: RecordData,
  ) {
    data.files.forEach((f, i) => this.index.set(f, i));
  }

  /**
   * Whether the output's copy of `file` is the one the last build wrote and has this hash.
   * `stat`: the copy's, when it exists (whatever the answer). `scan`: the recorded scan, if any.
   */
  match(file: string, hash: string): { same: boolean; stat?: FileStat; scan?: PageScan } {
    const stat = statSync(join(this.out, file), { throwIfNoEntry: false });
    const i = this.index.get(file);
    if (!stat || i === undefined) return { same: false, stat };
    const { stats, hashes } = this.data;
    const at = i * STAT_FIELDS;
    const same = stats[at] === stat.size && stats[at + 1] === stat.mtimeMs && stats[at + 2] === stat.ino && hashes[i] === hash;
    return same ? { same, stat, scan: this.scan(i) } : { same, stat };
  }

  private scan(i: number): PageScan | undefined {
    const { scanAt, items, strings } = this.data;
    let p = scanAt[i]!;
    if (p < 0) return undefined;
    const refCount = items[p++]!;
    const anchorCount = items[p++]!;
    const base = items[p++]!;
    const refs: RawRef[] = new Array(refCount);
    for (let r = 0; r < refCount; r++, p += 4) refs[r] = { href: strings[items[p]!]!, line: items[p + 1]!, col: items[p + 2]!, kind: KINDS[items[p + 3]!]! };
    const anchors: string[] = new Array(anchorCount);
    for (let a = 0; a < anchorCount; a++) anchors[a] = strings[items[p++]!]!;
    return { refs, anchors, base: base < 0 ? null : strings[base]! };
  }
}

/** Collects the new record as pages are written; a page's stat may be known only once its write is done. */
export class RecordWriter {
  private readonly files: string[] = [];
  private readonly stats: (FileStat | string)[] = [];
  private readonly hashes: string[] = [];
  private readonly strings = new Map<string, number>();
  private readonly scanAt: number[] = [];
  private readonly items: number[] = [];

  /** `where`: the file's stat, or the path to stat once everything is written. */
  add(file: string, hash: string, where: FileStat | string, scan?: PageScan): void {
    this.files.push(file);
    this.stats.push(where);
    this.hashes.push(hash);
    if (!scan) {
      this.scanAt.push(-1);
      return;
    }
    const items = this.items;
    this.scanAt.push(items.length);
    items.push(scan.refs.length, scan.anchors.length, scan.base === null ? -1 : this.intern(scan.base));
    for (const ref of scan.refs) items.push(this.intern(ref.href), ref.line, ref.col, ref.kind === "page" ? 0 : 1);
    for (const anchor of scan.anchors) items.push(this.intern(anchor));
  }

  /** The record, serialized; call when every write has finished. */
  finish(): Uint8Array {
    const stats = new Float64Array(this.files.length * STAT_FIELDS);
    this.stats.forEach((where, i) => {
      const stat = typeof where === "string" ? statSync(where) : where;
      stats.set([stat.size, stat.mtimeMs, stat.ino], i * STAT_FIELDS);
    });
    const data: RecordData = {
      code: currentCode(),
      files: this.files,
      stats,
      hashes: this.hashes,
      strings: [...this.strings.keys()],
      scanAt: Int32Array.from(this.scanAt),
      items: Int32Array.from(this.items),
    };
    return serialize(data);
  }

  private intern(s: string): number {
    let i = this.strings.get(s);
    if (i === undefined) this.strings.set(s, (i = this.strings.size));
    return i;
  }
}

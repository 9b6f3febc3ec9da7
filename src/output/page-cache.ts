import { statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { DiskCache } from "../core/disk-cache.ts";
import { currentCode } from "../core/code-id.ts";
import type { PageScan, RawRef } from "../links/types.ts";

/**
 * The page cache: what the last build wrote into an output folder, for each page the key it was
 * rendered from (build/page-keys.ts), the size, mtime and inode its file had, and its link scan.
 * A rebuild whose key for a page is the same, and finds the served file still as recorded, does
 * not render the page: it links the served file and takes the recorded scan.
 *
 * The cache is only ever trusted after checking: a file edited, replaced or deleted since has
 * another mtime, size or inode and the page is rendered again; a record written by other code is
 * ignored (the key holds the code too, so this only saves reading it); an unreadable one is
 * ignored. It lives in a DiskCache, one entry per output copy (the 16 most recently built), and
 * is written only after the output has been committed. `ppguide build --no-cache` ignores it.
 */

/** Per page: [size, mtimeMs, ino]. */
const STAT_FIELDS = 3;
const KINDS: RawRef["kind"][] = ["page", "asset"];

interface RecordData {
  code: string;
  files: string[];
  stats: Float64Array;
  keys: string[];
  /** Every href, anchor and base once; the scans name them by index. */
  strings: string[];
  /** Per page: where its scan starts in `items`, or -1 if it was not scanned. */
  scanAt: Int32Array;
  /** Each scan: ref count, anchor count, base (string or -1), [href, line, col, kind] per ref, then anchors. */
  items: Int32Array;
}

export type FileStat = Pick<Stats, "size" | "mtimeMs" | "ino">;

const records = new DiskCache("ppguide-pages", 16);

/** The page cache of the output copy `out` (the served one), if there is a usable one. */
export function loadPageCache(out: string): PageCache | undefined {
  const bytes = records.read(DiskCache.key(out));
  if (!bytes) return undefined;
  try {
    const data = deserialize(bytes) as RecordData;
    return data.code === currentCode() ? new PageCache(out, data) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a cache made by PageCacheWriter.finish(), once the output is committed. */
export function savePageCache(out: string, bytes: Uint8Array): void {
  records.write(DiskCache.key(out), bytes);
}

export class PageCache {
  private readonly index = new Map<string, number>();

  constructor(
    private readonly out: string,
    private readonly data: RecordData,
  ) {
    data.files.forEach((f, i) => this.index.set(f, i));
  }

  /**
   * The served `file`, if the last build rendered it from this key and it is still as written
   * then: its stat and recorded scan. Undefined: the page must be rendered.
   */
  reuse(file: string, key: string): { stat: FileStat; scan?: PageScan } | undefined {
    const i = this.index.get(file);
    if (i === undefined || this.data.keys[i] !== key) return undefined;
    const stat = statSync(join(this.out, file), { throwIfNoEntry: false });
    const { stats } = this.data;
    const at = i * STAT_FIELDS;
    if (!stat?.isFile() || stats[at] !== stat.size || stats[at + 1] !== stat.mtimeMs || stats[at + 2] !== stat.ino) return undefined;
    return { stat, scan: this.scan(i) };
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

/** Collects the new cache as pages are written or linked. */
export class PageCacheWriter {
  private readonly files: string[] = [];
  private readonly stats: number[] = [];
  private readonly keys: string[] = [];
  private readonly strings = new Map<string, number>();
  private readonly scanAt: number[] = [];
  private readonly items: number[] = [];

  add(file: string, key: string, stat: FileStat, scan?: PageScan): void {
    this.files.push(file);
    this.stats.push(stat.size, stat.mtimeMs, stat.ino);
    this.keys.push(key);
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

  /** The cache, serialized. */
  finish(): Uint8Array {
    const data: RecordData = {
      code: currentCode(),
      files: this.files,
      stats: Float64Array.from(this.stats),
      keys: this.keys,
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

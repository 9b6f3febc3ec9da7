import { lstatSync, readFileSync, type Stats } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { digest } from "../core/digest.ts";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import type { PpgErrorData } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import type { LinkScan, PlacedRefs, RawRef } from "../links/types.ts";
import type { IndexState } from "../search/assemble.ts";
import { type PackedEntries, packEntries, unpackEntries } from "../search/packed-entries.ts";
import type { SearchEntry } from "../search/page-entry.ts";

/**
 * The page cache: for each copy of the output (`dist.ppguide/a`), what the build that wrote it
 * knows of each page (PageRecord: its key's parts, the images it read, its bytes' digest, its link
 * scan, its search entry) and of the search index's files. It lives beside
 * the copy (`dist.ppguide/a.pages`), so it travels with the output: a CI job that restores
 * `dist.ppguide/` from its cache at another path, with new inodes and mtimes, still reuses every
 * page (README "Caches"). It holds no absolute path.
 *
 * It is only ever trusted after checking: a served file is reused when its size, mtime, ctime and
 * inode are as recorded, or else when its bytes still have the recorded digest (servedIntact); a
 * record written by other code, or damaged (a checksum ends it), is ignored. It is written with
 * the copy it describes, before that copy is served. `ppguide build --no-cache` ignores it.
 */

export type FileStat = Pick<Stats, "size" | "mtimeMs" | "ctimeMs" | "ino">;

/** The digests a page's key is made of (engine/page-keys.ts says what each covers). */
export interface KeyParts {
  code: string;
  site: string;
  route: string;
  markdown: string;
  listings: string;
}

/** What a build (or dev mode) keeps of a page it rendered, to know next time whether to render it again. */
export interface PageRecord {
  parts: KeyParts;
  /** The public files the page read (ImageService.takeReads()), and the digest of their facts then. */
  images: string[];
  imagesKey: string;
  /** Digest of the page's bytes, which a served file must still have to be reused (servedIntact). */
  hash: string;
  /**
   * The page's entries in the search index (its own, then its keywords' and listings'); absent for
   * a page it leaves out, or one rendered by a build without the index. A stored record's are read
   * from the cache each time they are asked for (`"search" in record` asks whether there are any).
   */
  search?: readonly SearchEntry[];
  /** The page's links and anchors, for the link check; absent when links were not checked. */
  scan?: LinkScan;
  /** Its file's stat in the copy just before it was served, for the next build's quick check (servedIntact). */
  stat?: FileStat;
  /**
   * What rendering it warned about (structured data without a recommended property): a build that
   * reuses the page reports them again, so a warning shows on every build until it is fixed.
   */
  warnings?: PpgErrorData[];
}

/**
 * The search index of a copy: its files (paths under the copy) and the digest of each one's bytes,
 * which a served file must still have to be reused.
 */
export interface IndexRecord {
  files: string[];
  sums: string[];
  /** Its fragment groups, which the next build names without making them again (search/assemble.ts). */
  groups: [key: string, digest: string][];
  /** What the next build updates instead of making the index again (search/assemble.ts). */
  state?: IndexState;
}

export interface CopyCache {
  pages: Map<string, PageRecord>;
  index?: IndexRecord;
}

/** Changed whenever the layout below changes: an older record is ignored. */
const VERSION = 9;
/** Per page: size, mtimeMs, ctimeMs, ino. */
const STAT_FIELDS = 4;
const KINDS: RawRef["kind"][] = ["page", "asset"];
/**
 * What every read of a stored record relies on: a record of this code and this version, whole by
 * its checksum, holds every entry its own counts and offsets name (writePageCache wrote them so).
 */
const WHOLE = "an entry of a page cache that writePageCache wrote whole";

interface Stored {
  version: number;
  code: string;
  files: string[];
  /** Per page, its parts, imagesKey and hash, one string each, in that order. */
  digests: string[];
  /** Per page: where its image list starts in `imageItems`, and how long it is. */
  imageAt: Int32Array;
  imageItems: Int32Array;
  stats: Float64Array;
  /** Every href, anchor, base and image path once; the rest name them by index. */
  strings: string[];
  /** Per page: where its scan starts in `items`, or -1 if it was not scanned. */
  scanAt: Int32Array;
  /**
   * Each scan: ref count, anchor count, base (string or -1), shared part count, [part, line, col]
   * per shared part, [href, line, col, kind] per ref, then anchors.
   */
  items: Int32Array;
  /** Per shared part (a header, a footer), where its refs start in `partItems`: one entry for all its pages. */
  partAt: Int32Array;
  /** Each shared part: ref count, then [href, line, col, kind] per ref. */
  partItems: Int32Array;
  /** The pages that warned, by their number in `files`, with what they warned about. */
  warnings: [page: number, warnings: PpgErrorData[]][];
  /**
   * Per page: where its packed search entries start in `searchBytes`, the length of their words
   * and of their fragments (packed-entries.ts); -1 when it has none.
   */
  searchAt: Float64Array;
  /**
   * Every page's packed search entries, one after another: stored after the rest (the file is the
   * length of the rest, the rest serialized, then these), so they are neither copied nor joined in
   * memory to be read or written.
   */
  searchBytes: Uint8Array;
  index?: IndexRecord;
}

const DIGESTS = 7;

/** Where the cache of the output copy `copy` lives: beside it, so it goes with the copy. */
export function pageCacheFile(copy: string): string {
  return `${copy}.pages`;
}

/** The cache of the output copy `copy`, if there is one made by this code and intact. */
export function readPageCache(copy: string, code: string): CopyCache | undefined {
  const bytes = readChecked(pageCacheFile(copy));
  if (!bytes || bytes.length < 4) return undefined;
  let stored: Stored;
  try {
    const header = 4 + bytes.readUInt32LE(0);
    stored = {
      ...(deserialize(bytes.subarray(4, header)) as Omit<Stored, "searchBytes">),
      searchBytes: bytes.subarray(header),
    };
  } catch {
    return undefined;
  }
  if (stored.version !== VERSION || stored.code !== code) return undefined;
  const { files, digests: d, imageAt, imageItems, stats, strings, index } = stored;
  const warned = new Map(stored.warnings);
  const pages = new Map<string, PageRecord>();
  files.forEach((file, i) => {
    const digestAt = (k: number) => expected(d[i * DIGESTS + k], WHOLE);
    const statAt = (k: number) => expected(stats[i * STAT_FIELDS + k], WHOLE);
    const start = expected(imageAt[i * 2], WHOLE);
    const images: string[] = [];
    for (const item of imageItems.subarray(start, start + expected(imageAt[i * 2 + 1], WHOLE)))
      images.push(expected(strings[item], WHOLE));
    const record: PageRecord = {
      parts: { code: digestAt(0), site: digestAt(1), route: digestAt(2), markdown: digestAt(3), listings: digestAt(4) },
      imagesKey: digestAt(5),
      hash: digestAt(6),
      images,
      ...(statAt(0) >= 0 && {
        stat: { size: statAt(0), mtimeMs: statAt(1), ctimeMs: statAt(2), ino: statAt(3) },
      }),
      ...(warned.has(i) && { warnings: warned.get(i) }),
    };
    if (expected(stored.scanAt[i], WHOLE) >= 0) keepScan(record, stored, i);
    const packed = packedSearch(stored, i);
    if (packed) keepSearch(record, packed);
    pages.set(file, record);
  });
  return { pages, index };
}

/**
 * A stored scan stays in the cache's compact arrays: a record's `scan` is made when it is read
 * (the link check reads each once, in turn) and is not kept, and writePageCache copies it from the
 * arrays. Made for every page when the cache was read, the scans of a 4,000-page site were about
 * 15 MB held for the whole of a one-edit rebuild, and the commit's copies of the records held them twice.
 */
const storedScans = new WeakMap<PageRecord, { stored: Stored; i: number }>();

function keepScan(record: PageRecord, stored: Stored, i: number): void {
  storedScans.set(record, { stored, i });
  Object.defineProperty(record, "scan", { enumerable: true, get: () => scanOf(stored, i) });
}

/**
 * A stored page's search entries stay packed (search/packed-entries.ts): unpacked each time they
 * are asked for and not kept, and copied as they are by writePageCache. Unpacked and serialized
 * again on every build, the entries of a 4,000-page site cost more than joining them into the index.
 */
const storedSearches = new WeakMap<PageRecord, PackedEntries>();

function keepSearch(record: PageRecord, packed: PackedEntries): void {
  storedSearches.set(record, packed);
  Object.defineProperty(record, "search", { enumerable: true, get: () => unpackEntries(packed) });
}

function packedSearch(stored: Stored, i: number): PackedEntries | undefined {
  const start = expected(stored.searchAt[i * 3], WHOLE);
  if (start < 0) return undefined;
  const words = start + expected(stored.searchAt[i * 3 + 1], WHOLE);
  const end = words + expected(stored.searchAt[i * 3 + 2], WHOLE);
  return { words: stored.searchBytes.subarray(start, words), fragments: stored.searchBytes.subarray(words, end) };
}

/**
 * Writes the cache of `copy` (before it is served: it describes that copy whether or not it ever is). `stats`: each
 * page's file as the copy will be served, for the next build's quick check (servedIntact).
 */
export function writePageCache(
  copy: string,
  code: string,
  cache: CopyCache,
  stats: ReadonlyMap<string, FileStat> = new Map(),
): void {
  const strings = new Map<string, number>();
  const intern = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  // As refAt reads one back.
  const pushRef = (to: number[], ref: RawRef) => to.push(intern(ref.href), ref.line, ref.col, KINDS.indexOf(ref.kind));
  const files: string[] = [];
  const digests: string[] = [];
  const imageAt: number[] = [];
  const imageItems: number[] = [];
  const statItems: number[] = [];
  const scanAt: number[] = [];
  const items: number[] = [];
  const partAt: number[] = [];
  const partItems: number[] = [];
  // A part's refs arrive as one object for the pages of a render batch, or of a stored cache
  // (sharedRefs): its number is looked up by that object, and by its content for the next batch's.
  const partByRefs = new Map<readonly RawRef[], number>();
  const partByContent = new Map<string, number>();
  const part = (refs: readonly RawRef[]): number => {
    let n = partByRefs.get(refs);
    if (n !== undefined) return n;
    const content = JSON.stringify(refs);
    n = partByContent.get(content);
    if (n === undefined) {
      partByContent.set(content, (n = partAt.length));
      partAt.push(partItems.length);
      partItems.push(refs.length);
      for (const ref of refs) pushRef(partItems, ref);
    }
    partByRefs.set(refs, n);
    return n;
  };
  const warnings: Stored["warnings"] = [];
  const searchAt: number[] = [];
  const packs: Uint8Array[] = [];
  let searchLength = 0;
  for (const [file, page] of cache.pages) {
    if (page.warnings?.length) warnings.push([files.length, page.warnings]);
    const search = storedSearches.get(page) ?? (page.search && packEntries(page.search));
    if (search) {
      searchAt.push(searchLength, search.words.length, search.fragments.length);
      packs.push(search.words, search.fragments);
      searchLength += search.words.length + search.fragments.length;
    } else searchAt.push(-1, 0, 0);
    files.push(file);
    const { parts } = page;
    digests.push(parts.code, parts.site, parts.route, parts.markdown, parts.listings, page.imagesKey, page.hash);
    imageAt.push(imageItems.length, page.images.length);
    for (const image of page.images) imageItems.push(intern(image));
    // No stat (-1): the next build hashes the served file to know whether it still holds the page.
    const stat = stats.get(file) ?? page.stat ?? { size: -1, mtimeMs: -1, ctimeMs: -1, ino: -1 };
    statItems.push(stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino);
    const kept = storedScans.get(page);
    if (kept) {
      scanAt.push(items.length);
      copyScan(kept.stored, kept.i, items, intern, part);
      continue;
    }
    const { scan } = page;
    if (!scan) {
      scanAt.push(-1);
      continue;
    }
    scanAt.push(items.length);
    const shared = scan.shared ?? [];
    items.push(scan.refs.length, scan.anchors.length, scan.base === null ? -1 : intern(scan.base), shared.length);
    for (const placed of shared) items.push(part(placed.refs), placed.line, placed.col);
    for (const ref of scan.refs) pushRef(items, ref);
    for (const anchor of scan.anchors) items.push(intern(anchor));
  }
  const stored: Omit<Stored, "searchBytes"> = {
    version: VERSION,
    code,
    files,
    digests,
    imageAt: Int32Array.from(imageAt),
    imageItems: Int32Array.from(imageItems),
    stats: Float64Array.from(statItems),
    strings: [...strings.keys()],
    scanAt: Int32Array.from(scanAt),
    items: Int32Array.from(items),
    partAt: Int32Array.from(partAt),
    partItems: Int32Array.from(partItems),
    warnings,
    searchAt: Float64Array.from(searchAt),
    ...(cache.index && { index: cache.index }),
  };
  const header = serialize(stored);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  writeChecked(pageCacheFile(copy), [length, header, ...packs]);
}

/**
 * Whether the served copy's `file` still holds the bytes its record describes: the same size,
 * mtime, ctime and inode as when the copy was served (ctime cannot be set back, so an edit in
 * place that keeps the size and mtime is caught), or else the same digest, read and hashed (a
 * copy restored elsewhere, a failed build's hard links, a `touch`).
 */
export function servedIntact(live: string, file: string, page: PageRecord): boolean {
  const path = join(live, file);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile()) return false;
  const was = page.stat;
  if (
    was &&
    stat.size === was.size &&
    stat.mtimeMs === was.mtimeMs &&
    stat.ctimeMs === was.ctimeMs &&
    stat.ino === was.ino
  )
    return true;
  try {
    return digest(readFileSync(path)) === page.hash;
  } catch {
    return false;
  }
}

/** A stored page's scan into `items` as writePageCache lays one out, its strings and parts named in the new tables. */
function copyScan(
  stored: Stored,
  i: number,
  items: number[],
  intern: (s: string) => number,
  part: (refs: readonly RawRef[]) => number,
): void {
  const { scanAt, items: from, strings } = stored;
  let p = expected(scanAt[i], WHOLE);
  const item = (at: number) => expected(from[at], WHOLE);
  const string = (at: number) => intern(expected(strings[item(at)], WHOLE));
  const refCount = item(p++);
  const anchorCount = item(p++);
  const base = item(p++);
  const partCount = item(p++);
  items.push(refCount, anchorCount, base < 0 ? -1 : intern(expected(strings[base], WHOLE)), partCount);
  for (let s = 0; s < partCount; s++, p += 3) items.push(part(sharedRefs(stored, item(p))), item(p + 1), item(p + 2));
  for (let r = 0; r < refCount; r++, p += 4) items.push(string(p), item(p + 1), item(p + 2), item(p + 3));
  for (let a = 0; a < anchorCount; a++) items.push(string(p++));
}

function scanOf(stored: Stored, i: number): LinkScan | undefined {
  const { scanAt, items, strings } = stored;
  let p = expected(scanAt[i], WHOLE);
  if (p < 0) return undefined;
  const item = (at: number) => expected(items[at], WHOLE);
  const string = (at: number) => expected(strings[item(at)], WHOLE);
  const refCount = item(p++);
  const anchorCount = item(p++);
  const base = item(p++);
  const shared: PlacedRefs[] = new Array(item(p++));
  for (let s = 0; s < shared.length; s++, p += 3)
    shared[s] = { refs: sharedRefs(stored, item(p)), line: item(p + 1), col: item(p + 2) };
  const refs: RawRef[] = new Array(refCount);
  for (let r = 0; r < refCount; r++, p += 4) refs[r] = refAt(stored, items, p);
  const anchors: string[] = new Array(anchorCount);
  for (let a = 0; a < anchorCount; a++) anchors[a] = string(p++);
  return {
    refs,
    anchors,
    base: base < 0 ? null : expected(strings[base], WHOLE),
    ...(shared.length > 0 && { shared }),
  };
}

/** The ref stored at `items[p…p+3]`. */
function refAt(stored: Stored, items: Int32Array, p: number): RawRef {
  const item = (at: number) => expected(items[at], WHOLE);
  const kind = expected(KINDS[item(p + 3)], WHOLE);
  return { href: expected(stored.strings[item(p)], WHOLE), line: item(p + 1), col: item(p + 2), kind };
}

/** Each stored shared part's refs, made once when a page first names it: every page's scan holds the same list. */
const partsRead = new WeakMap<Stored, RawRef[][]>();

function sharedRefs(stored: Stored, n: number): readonly RawRef[] {
  let made = partsRead.get(stored);
  if (!made) partsRead.set(stored, (made = []));
  let refs = made[n];
  if (!refs) {
    const { partAt, partItems } = stored;
    let p = expected(partAt[n], WHOLE);
    refs = new Array(expected(partItems[p++], WHOLE));
    for (let r = 0; r < refs.length; r++, p += 4) refs[r] = refAt(stored, partItems, p);
    made[n] = refs;
  }
  return refs;
}

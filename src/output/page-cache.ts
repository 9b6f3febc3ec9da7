import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  type Stats,
} from "node:fs";
import { dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { digest } from "../core/digest.ts";
import { readChecked, TRAILER, writeChecked } from "../core/disk-cache.ts";
import type { PpgErrorData } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import type { LinkRecord, LinkScan, PlacedRefs, RawRef } from "../links/types.ts";
import type { ChromePlace } from "../render/model.ts";
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
 *
 * The pages' search entries, two thirds of its bytes, are kept apart in packs beside the copies
 * (`dist.ppguide/search-<id>.pack`), which the records of both copies name: a build writes a pack of
 * the entries of the pages it rendered and names the others where they are, so a one-page rebuild
 * neither reads nor writes the rest. The pages' link scans are kept so too (`scans-<id>.pack`), the
 * scans added since in the record. A pack is never changed once written; it is trusted as a
 * served page is, by its stat, or else by the checksum that ends it.
 */

export type FileStat = Pick<Stats, "size" | "mtimeMs" | "ctimeMs" | "ino">;

/** The stat a record keeps of a file, alone: a `Stats` object holds much more, four `Date`s among it. */
export function fileStat({ size, mtimeMs, ctimeMs, ino }: FileStat): FileStat {
  return { size, mtimeMs, ctimeMs, ino };
}

/** The digests a page's key is made of (engine/page-keys.ts says what each covers). */
export interface KeyParts {
  code: string;
  site: string;
  chrome: string;
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
  /** Where its header and footer are, when a later build may put new ones in their place (render/chrome.ts). */
  chrome?: ChromePlace;
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
  /** What the copy's link check found, for the next build to check only what a change can break. */
  links?: LinkRecord;
  /** The packs its pages' search entries and link scans are in (a cache read from disk). */
  packs?: readonly string[];
}

/** Changed whenever the layout below changes: an older record is ignored. */
const VERSION = 13;
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
  /** Per page (DIGESTS each): its parts, imagesKey and hash, in that order, each a string's number. */
  digests: Int32Array;
  /** Per page: where its image list starts in `imageItems`, and how long it is. */
  imageAt: Int32Array;
  imageItems: Int32Array;
  stats: Float64Array;
  /** Every digest, href, anchor, base and image path once; the rest name them by number. */
  strings: string[];
  /**
   * How many strings and scan items there were when they were last written anew. A write that reuses a page keeps
   * its row as it is, and the strings and scans every row names where they are, with those no row names any more,
   * until there are twice as many of either (seedOf).
   */
  fresh: [strings: number, items: number];
  /** Per page: where its scan starts, or -1 if it was not scanned: in the scans pack's numbers, then in `items`. */
  scanAt: Int32Array;
  /**
   * The scans as they were when last written anew, in a pack of their own beside the copies (its name, how many
   * numbers it holds, and its stat then), which later caches name as it is. A one-page rebuild of 16,000 pages reads
   * none of them, and they were 7.3 MB of the 12.7 MB each build read, hashed and wrote again.
   */
  scans?: [name: string, length: number, ...stat: number[]];
  /**
   * The scans added since the pack was written. Each scan: ref count, anchor count, base (string or -1), shared part
   * count, [part, line, col] per shared part, [href, line, col, kind] per ref, then anchors.
   */
  items: Int32Array;
  /** Per shared part (a header, a footer), where its refs start in `partItems`: one entry for all its pages. */
  partAt: Int32Array;
  /** Each shared part: ref count, then [href, line, col, kind] per ref. */
  partItems: Int32Array;
  /** The pages that warned, by their number in `files`, with what they warned about. */
  warnings: [page: number, warnings: PpgErrorData[]][];
  /** The packs the pages' search entries are in, each with its size, mtime, ctime and inode when this was written. */
  packs: [name: string, ...stat: number[]][];
  /**
   * Per page: which pack holds its packed search entries (-1 when it has none), where they start
   * in it, and the length of their words and of their fragments (packed-entries.ts).
   */
  searchAt: Float64Array;
  /**
   * Per page (CHROME_FIELDS each): its header's offset and length, its footer's, and 1 for an eager logo; -1 first
   * where the page has none.
   */
  chromeAt: Float64Array;
  index?: IndexRecord;
  links?: LinkRecord;
}

const DIGESTS = 8;
const CHROME_FIELDS = 5;
/** Fields per page in `searchAt`. */
const SEARCH_FIELDS = 4;
/** The name of a pack in the store beside the copies: of search entries, or of link scans. */
const PACK_NAME = /^(?:search|scans)-[0-9a-f]{16}\.pack$/;

/** Whether `name` is one a pack is given. */
export const isPackName = (name: string): boolean => PACK_NAME.test(name);

/** A pack, trusted for this build: its path and its stat now. */
interface Pack {
  name: string;
  path: string;
  stat: FileStat;
}

/** Where a stored page's packed search entries are. */
interface PackedAt {
  pack: Pack;
  at: number;
  words: number;
  fragments: number;
}

/** Where the cache of the output copy `copy` lives: beside it, so it goes with the copy. */
export function pageCacheFile(copy: string): string {
  return `${copy}.pages`;
}

/** The cache of the output copy `copy`, if there is one made by this code and intact. */
export function readPageCache(copy: string, code: string): CopyCache | undefined {
  const stored = storedRecord(copy);
  if (!stored || stored.version !== VERSION || stored.code !== code) return undefined;
  const packs: Pack[] = [];
  for (const [name, ...stat] of stored.packs) {
    const pack = trustedPack(dirname(copy), name, stat);
    if (!pack) return undefined;
    packs.push(pack);
  }
  if (stored.scans) {
    const [name, , ...stat] = stored.scans;
    const pack = trustedPack(dirname(copy), name, stat);
    if (!pack) return undefined;
    scansRead.set(stored, { pack });
  }
  const { files, index, links } = stored;
  const warned = new Map(stored.warnings);
  const pages = new Map<string, PageRecord>();
  for (let i = 0; i < files.length; i++) {
    const record = recordAt(stored, i);
    const warnings = warned.get(i);
    if (warnings) record.warnings = warnings;
    if (expected(stored.scanAt[i], WHOLE) >= 0)
      Object.defineProperty(record, "scan", { enumerable: true, get: () => scanOf(stored, i) });
    const packed = packedSearch(stored, packs, i);
    if (packed) keepSearch(record, packed);
    storedRows.set(record, { stored, i });
    // A reused record is written back by copying its row (writePageCache): nothing may change it on the way.
    pages.set(expected(files[i], WHOLE), Object.freeze(record));
  }
  return { pages, index, ...(links && { links }), packs: namedPacks(stored) };
}

/** The stored page `i`'s record, but for its warnings, scan and search entries. */
function recordAt(stored: Stored, i: number): PageRecord {
  const { digests, strings, imageAt, imageItems, stats, chromeAt } = stored;
  const digest = (k: number) => expected(strings[expected(digests[i * DIGESTS + k], WHOLE)], WHOLE);
  const start = expected(imageAt[i * 2], WHOLE);
  const images: string[] = new Array(expected(imageAt[i * 2 + 1], WHOLE));
  for (let n = 0; n < images.length; n++) images[n] = expected(strings[expected(imageItems[start + n], WHOLE)], WHOLE);
  const record: PageRecord = {
    parts: {
      code: digest(0),
      site: digest(1),
      chrome: digest(2),
      route: digest(3),
      markdown: digest(4),
      listings: digest(5),
    },
    imagesKey: digest(6),
    hash: digest(7),
    images,
  };
  const field = (at: number) => expected(chromeAt[at], WHOLE);
  const c = i * CHROME_FIELDS;
  if (field(c) >= 0)
    record.chrome = {
      header: [field(c), field(c + 1)],
      footer: [field(c + 2), field(c + 3)],
      eager: field(c + 4) === 1,
    };
  const stat = (k: number) => expected(stats[i * STAT_FIELDS + k], WHOLE);
  if (stat(0) >= 0) record.stat = { size: stat(0), mtimeMs: stat(1), ctimeMs: stat(2), ino: stat(3) };
  return record;
}

function storedRecord(copy: string): Stored | undefined {
  const bytes = readChecked(pageCacheFile(copy));
  if (!bytes) return undefined;
  try {
    return deserialize(bytes) as Stored;
  } catch {
    return undefined;
  }
}

/**
 * The pack `name` in `store`, when it is a file that still holds what it held when `stat` was
 * taken: the same size, mtime, ctime and inode, or else bytes its checksum confirms (a store
 * restored from a CI cache, with new inodes).
 */
function trustedPack(store: string, name: string, stat: number[]): Pack | undefined {
  if (!isPackName(name)) return undefined;
  const path = join(store, name);
  const now = lstatSync(path, { throwIfNoEntry: false });
  if (!now?.isFile()) return undefined;
  const [size = -1, mtimeMs = -1, ctimeMs = -1, ino = -1] = stat;
  if (!sameStat(now, { size, mtimeMs, ctimeMs, ino }) && !readChecked(path)) return undefined;
  return { name, path, stat: fileStat(now) };
}

/** The packs the cache of `copy` names, whatever version of ppguide wrote it: none when it cannot be read. */
export function packsNamedBy(copy: string): string[] {
  return namedPacks(storedRecord(copy));
}

/** The packs a stored cache names: its search entries', then its scans'. */
function namedPacks(stored: Partial<Stored> | undefined): string[] {
  const packs = Array.isArray(stored?.packs) ? stored.packs.map((p) => String(p[0])) : [];
  return Array.isArray(stored?.scans) ? [...packs, String(stored.scans[0])] : packs;
}

/**
 * Deletes every pack in `store` that `keep` does not name: those only a replaced cache named, and
 * those a killed build wrote and never named.
 */
export function removeUnusedPacks(store: string, keep: Iterable<string>): void {
  const named = new Set(keep);
  for (const name of readdirSync(store))
    if (isPackName(name) && !named.has(name)) rmSync(join(store, name), { force: true });
}

/**
 * Where each record read from a cache is stored: its row, which writePageCache copies as it is when the page is
 * reused. A stored scan stays in the cache's compact arrays, and a record's `scan` is made when it is read (the link
 * check reads each once, in turn) and is not kept. Made for every page when the cache was read, the scans of a
 * 4,000-page site were about 15 MB held for the whole of a one-edit rebuild, and the commit's copies held them twice.
 */
const storedRows = new WeakMap<PageRecord, { stored: Stored; i: number }>();

/**
 * A stored page's search entries stay in their pack (search/packed-entries.ts): read and unpacked
 * each time they are asked for and not kept, and named where they are by writePageCache. Unpacked
 * and serialized again on every build, the entries of a 4,000-page site cost more than joining
 * them into the index.
 */
const storedSearches = new WeakMap<PageRecord, PackedAt>();

function keepSearch(record: PageRecord, packed: PackedAt): void {
  storedSearches.set(record, packed);
  Object.defineProperty(record, "search", { enumerable: true, get: () => unpackEntries(readPacked(packed)) });
}

/**
 * A page's new record given the search entries of its record before, which its bytes left as they were (a new
 * header and footer: the index reads <main> alone). Entries kept in a pack stay there, named by the next cache as
 * before, and the index counts the page as unchanged (sameSearch).
 */
export function withSearchOf(record: PageRecord, before: PageRecord): PageRecord {
  const packed = storedSearches.get(before);
  if (!packed) return before.search ? { ...record, search: before.search } : record;
  const { search: _, ...rest } = record;
  const kept: PageRecord = { ...rest };
  keepSearch(kept, packed);
  return kept;
}

/** Whether two records hold the same search entries without reading them: one record, or entries kept in one place. */
export function sameSearch(now: PageRecord, before: PageRecord): boolean {
  const packed = storedSearches.get(now);
  return now === before || (packed !== undefined && packed === storedSearches.get(before));
}

function packedSearch(stored: Stored, packs: readonly Pack[], i: number): PackedAt | undefined {
  const field = (k: number) => expected(stored.searchAt[i * SEARCH_FIELDS + k], WHOLE);
  if (field(0) < 0) return undefined;
  return { pack: expected(packs[field(0)], WHOLE), at: field(1), words: field(2), fragments: field(3) };
}

/** A stored page's packed entries, read from its pack. */
function readPacked({ pack, at, words, fragments }: PackedAt): PackedEntries {
  const bytes = readFromPack(pack, at, Buffer.allocUnsafe(words + fragments));
  return { words: bytes.subarray(0, words), fragments: bytes.subarray(words) };
}

/** `into.length` bytes of `pack` from `at`, never read through a link put in its place. */
function readFromPack<T extends Uint8Array>(pack: Pack, at: number, into: T): T {
  const fd = openSync(pack.path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    for (let read = 0; read < into.length; ) {
      const n = readSync(fd, into, read, into.length - read, at + read);
      if (n === 0) throw new Error(`${pack.path} ends before what its page cache names`);
      read += n;
    }
  } finally {
    closeSync(fd);
  }
  return into;
}

/** The scans pack of each stored cache read, and once a scan is asked for, every scan: the pack's, then the rest. */
const scansRead = new WeakMap<Stored, { pack: Pack; all?: Int32Array }>();

/** Every scan number of `stored`: its scans pack, read when a scan is first asked for, then `items`. */
function itemsOf(stored: Stored): Int32Array {
  const read = scansRead.get(stored);
  if (!read || !stored.scans) return stored.items;
  if (!read.all) {
    const length = stored.scans[1];
    const all = new Int32Array(length + stored.items.length);
    readFromPack(read.pack, 0, new Uint8Array(all.buffer, 0, length * 4));
    all.set(stored.items, length);
    read.all = all;
  }
  return read.all;
}

/**
 * Writes the cache of `copy` (before it is served: it describes that copy whether or not it ever is). `stats`: each
 * page's file as the copy will be served, for the next build's quick check (servedIntact). Returns the packs it names.
 */
export function writePageCache(
  copy: string,
  code: string,
  cache: CopyCache,
  stats: ReadonlyMap<string, FileStat> = new Map(),
): string[] {
  const seed = seedOf(cache.pages);
  const rows = new Rows(seed);
  const files: string[] = [];
  const statItems: number[] = [];
  const warnings: Stored["warnings"] = [];
  const search = searchPacks(dirname(copy), cache.pages);
  for (const [file, page] of cache.pages) {
    if (page.warnings?.length) warnings.push([files.length, page.warnings]);
    files.push(file);
    // No stat (-1): the next build hashes the served file to know whether it still holds the page.
    const stat = stats.get(file) ?? page.stat ?? { size: -1, mtimeMs: -1, ctimeMs: -1, ino: -1 };
    statItems.push(stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino);
    const row = storedRows.get(page);
    if (seed && row?.stored === seed) rows.copy(row.i);
    else rows.add(page);
  }
  const { items, ...done } = rows.done();
  // Written anew, the scans go to a new pack; else the seed's pack is named as it is, with the scans added after it.
  const packed = !seed && items.length > 0 ? writeScans(dirname(copy), items) : undefined;
  const scans = seed ? scansOf(seed) : packed;
  const stored: Stored = {
    version: VERSION,
    code,
    files,
    stats: Float64Array.from(statItems),
    ...done,
    ...(scans && { scans: [scans.name, scans.length, ...statFields(scans.stat)] }),
    items: packed ? new Int32Array(0) : items,
    fresh: seed?.fresh ?? [rows.strings.size, items.length],
    warnings,
    packs: search.packs.map(({ name, stat }) => [name, ...statFields(stat)]),
    searchAt: Float64Array.from(search.fields),
    ...(cache.index && { index: cache.index }),
    ...(cache.links && { links: cache.links }),
  };
  writeChecked(pageCacheFile(copy), serialize(stored));
  return [...search.packs.map((p) => p.name), ...(scans ? [scans.name] : [])];
}

const statFields = ({ size, mtimeMs, ctimeMs, ino }: FileStat) => [size, mtimeMs, ctimeMs, ino];

/** The scans pack a seed names, as it was trusted when the seed was read, and how many numbers it holds. */
function scansOf(seed: Stored): (Pack & { length: number }) | undefined {
  const pack = scansRead.get(seed)?.pack;
  return pack && seed.scans && { ...pack, length: seed.scans[1] };
}

/** A new pack of the scans `items`, in `store`. */
function writeScans(store: string, items: Int32Array): Pack & { length: number } {
  const name = `scans-${randomBytes(8).toString("hex")}.pack`;
  const path = join(store, name);
  writeChecked(path, new Uint8Array(items.buffer, items.byteOffset, items.byteLength));
  return { name, path, stat: fileStat(lstatSync(path)), length: items.length };
}

/**
 * The stored cache whose records `pages` reuses, when what it holds is kept: a reused page's row is then copied as
 * it is, naming the same strings, scans and parts where they were, and a page rendered again is added after them (a
 * one-page rebuild of 16,000 pages wrote its cache in 290 ms, most of it naming each reused page's strings and
 * copying its scan again). What only replaced rows named is kept too, until there are twice as many strings or scan
 * items as when they were last written anew.
 */
function seedOf(pages: ReadonlyMap<string, PageRecord>): Stored | undefined {
  for (const page of pages.values()) {
    const stored = storedRows.get(page)?.stored;
    if (!stored) continue;
    const [strings, items] = stored.fresh;
    const scans = (stored.scans?.[1] ?? 0) + stored.items.length;
    return stored.strings.length <= 2 * strings && scans <= 2 * items ? stored : undefined;
  }
  return undefined;
}

/** The rows of the pages a cache holds, in its layout (Stored), and the tables of strings and parts they name. */
class Rows {
  /** The strings named after the seed's, each with its number. */
  readonly strings = new Map<string, number>();
  /** The scans added after the seed's pack, whose numbers come first. */
  readonly items: Int32Items;
  private readonly packed: number;
  private readonly digests = new Int32Items();
  private readonly imageAt = new Int32Items();
  private readonly imageItems: Int32Items;
  private readonly scanAt = new Int32Items();
  private readonly chromeItems: number[] = [];
  private readonly partAt: Int32Items;
  private readonly partItems: Int32Items;
  // A part's refs arrive as one object for the pages of a render batch, or of a stored cache
  // (sharedRefs): its number is looked up by that object, and by its content for the next batch's.
  private readonly partByRefs = new Map<readonly RawRef[], number>();
  private readonly partByContent = new Map<string, number>();

  /**
   * Starting from `seed`'s strings, scans, image lists and parts, in their order, so that its rows name the same here.
   * Its strings are not looked up (a map of them took 58 ms at 16,000 pages): a page rendered again names its strings
   * anew, after them.
   */
  constructor(private readonly seed?: Stored) {
    this.items = new Int32Items(seed?.items);
    this.packed = seed?.scans?.[1] ?? 0;
    this.imageItems = new Int32Items(seed?.imageItems);
    this.partAt = new Int32Items(seed?.partAt);
    this.partItems = new Int32Items(seed?.partItems);
    if (!seed) return;
    for (let n = 0; n < seed.partAt.length; n++) this.partByContent.set(partContent(sharedRefs(seed, n)), n);
  }

  /** The seed's page `i`'s row, as it is: its numbers name the same here. */
  copy(i: number): void {
    const stored = expected(this.seed, "the seed whose row is copied");
    for (let k = i * DIGESTS; k < (i + 1) * DIGESTS; k++) this.digests.push(expected(stored.digests[k], WHOLE));
    this.imageAt.push(expected(stored.imageAt[i * 2], WHOLE), expected(stored.imageAt[i * 2 + 1], WHOLE));
    for (let k = i * CHROME_FIELDS; k < (i + 1) * CHROME_FIELDS; k++)
      this.chromeItems.push(expected(stored.chromeAt[k], WHOLE));
    this.scanAt.push(expected(stored.scanAt[i], WHOLE));
  }

  add(page: PageRecord): void {
    const { parts, chrome, scan } = page;
    const digests = [parts.code, parts.site, parts.chrome, parts.route, parts.markdown, parts.listings];
    for (const d of [...digests, page.imagesKey, page.hash]) this.digests.push(this.intern(d));
    this.chromeItems.push(...(chrome ? [...chrome.header, ...chrome.footer, chrome.eager ? 1 : 0] : [-1, 0, 0, 0, 0]));
    this.imageAt.push(this.imageItems.length, page.images.length);
    for (const image of page.images) this.imageItems.push(this.intern(image));
    if (!scan) {
      this.scanAt.push(-1);
      return;
    }
    const { items } = this;
    this.scanAt.push(this.packed + items.length);
    const shared = scan.shared ?? [];
    items.push(scan.refs.length, scan.anchors.length, scan.base === null ? -1 : this.intern(scan.base), shared.length);
    for (const placed of shared) items.push(this.part(placed.refs), placed.line, placed.col);
    for (const ref of scan.refs) this.pushRef(items, ref);
    for (const anchor of scan.anchors) items.push(this.intern(anchor));
  }

  done(): Pick<
    Stored,
    "digests" | "imageAt" | "imageItems" | "strings" | "scanAt" | "items" | "partAt" | "partItems" | "chromeAt"
  > {
    return {
      digests: this.digests.done(),
      imageAt: this.imageAt.done(),
      imageItems: this.imageItems.done(),
      strings: [...(this.seed?.strings ?? []), ...this.strings.keys()],
      scanAt: this.scanAt.done(),
      items: this.items.done(),
      partAt: this.partAt.done(),
      partItems: this.partItems.done(),
      chromeAt: Float64Array.from(this.chromeItems),
    };
  }

  private intern(s: string): number {
    let i = this.strings.get(s);
    if (i === undefined) this.strings.set(s, (i = (this.seed?.strings.length ?? 0) + this.strings.size));
    return i;
  }

  // As refAt reads one back.
  private pushRef(to: Int32Items, ref: RawRef): void {
    to.push(this.intern(ref.href), ref.line, ref.col, KINDS.indexOf(ref.kind));
  }

  private part(refs: readonly RawRef[]): number {
    let n = this.partByRefs.get(refs);
    if (n !== undefined) return n;
    const content = partContent(refs);
    n = this.partByContent.get(content);
    if (n === undefined) {
      this.partByContent.set(content, (n = this.partAt.length));
      this.partAt.push(this.partItems.length);
      this.partItems.push(refs.length);
      for (const ref of refs) this.pushRef(this.partItems, ref);
    }
    this.partByRefs.set(refs, n);
    return n;
  }
}

/** What tells two shared parts' refs apart, however each ref's keys are ordered. */
const partContent = (refs: readonly RawRef[]): string =>
  JSON.stringify(refs.map((ref) => [ref.href, ref.line, ref.col, ref.kind]));

/**
 * Whole numbers gathered one after another into a typed array that grows: the link scans of 16,000 pages are
 * 1.8 million of them, which a JavaScript array holds at 8 bytes each before they are copied into an Int32Array.
 */
class Int32Items {
  private data = new Int32Array(1 << 12);
  private added = 0;

  /** After `base`'s numbers, which are copied once, by done(). */
  constructor(private readonly base: Int32Array = new Int32Array(0)) {}

  get length(): number {
    return this.base.length + this.added;
  }

  push(...values: number[]): void {
    if (this.added + values.length > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, this.added + values.length));
      grown.set(this.data);
      this.data = grown;
    }
    for (const value of values) this.data[this.added++] = value;
  }

  /** The numbers gathered, in an array of their own length. */
  done(): Int32Array {
    const all = new Int32Array(this.length);
    all.set(this.base);
    all.set(this.data.subarray(0, this.added), this.base.length);
    return all;
  }
}

/**
 * Where each page's search entries will be, in `pages`' order (SEARCH_FIELDS each): a stored
 * page's where they are, the others' in one new pack written to `store`. Each rebuild leaves its
 * changed pages' old entries behind in the packs it names; when those would be more than twice the
 * entries named, every page's go into the new pack instead.
 */
function searchPacks(store: string, pages: ReadonlyMap<string, PageRecord>): { packs: Pack[]; fields: number[] } {
  const records = [...pages.values()];
  const kept = records.map((page) => storedSearches.get(page));
  const named = [...new Set(kept.flatMap((k) => (k ? [k.pack] : [])))];
  const inNamed = kept.reduce((sum, k) => sum + (k ? k.words + k.fragments : 0), 0);
  const namedBytes = named.reduce((sum, p) => sum + p.stat.size - TRAILER, 0);
  const anew = namedBytes > 2 * inNamed + 1_000_000;
  const packs = anew ? [] : named;
  const fields: number[] = [];
  const parts: Uint8Array[] = [];
  let length = 0;
  records.forEach((page, i) => {
    const at = kept[i];
    if (at && !anew) {
      fields.push(packs.indexOf(at.pack), at.at, at.words, at.fragments);
      return;
    }
    const packed = at ? readPacked(at) : page.search && packEntries(page.search);
    if (!packed) {
      fields.push(-1, 0, 0, 0);
      return;
    }
    // The new pack comes after the packs named.
    fields.push(packs.length, length, packed.words.length, packed.fragments.length);
    parts.push(packed.words, packed.fragments);
    length += packed.words.length + packed.fragments.length;
  });
  if (parts.length) {
    const name = `search-${randomBytes(8).toString("hex")}.pack`;
    const path = join(store, name);
    writeChecked(path, parts);
    packs.push({ name, path, stat: fileStat(lstatSync(path)) });
  }
  return { packs, fields };
}

/**
 * The text of a served page (`path`, in the served copy), when it is the one its record describes, judged as
 * servedIntact judges it, on the descriptor read; undefined when it is not, cannot be read, or is a link.
 */
export function servedText(path: string, page: Pick<PageRecord, "hash" | "stat">): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const asRecorded = page.stat !== undefined && sameStat(fstatSync(fd), page.stat);
    const text = readFileSync(fd, "utf8");
    return asRecorded || digest(text) === page.hash ? text : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The served copy's `file` as it is now, when it still holds the bytes its record describes: the same size, mtime,
 * ctime and inode as when the copy was served (ctime cannot be set back, so an edit in place that keeps the size and
 * mtime is caught), or else the same digest, read and hashed (a copy restored elsewhere, a failed build's hard links,
 * a `touch`). Undefined when it does not.
 */
export function servedIntact(live: string, file: string, page: PageRecord): FileStat | undefined {
  const path = join(live, file);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const now = fileStat(stat);
  if (page.stat && sameStat(now, page.stat)) return now;
  try {
    return digest(readFileSync(path)) === page.hash ? now : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a file still has the stat it had: the same size, mtime, ctime and inode (ctime cannot be
 * set back, so an edit in place that keeps the size and mtime shows).
 */
function sameStat(now: FileStat, was: FileStat): boolean {
  return now.size === was.size && now.mtimeMs === was.mtimeMs && now.ctimeMs === was.ctimeMs && now.ino === was.ino;
}

function scanOf(stored: Stored, i: number): LinkScan | undefined {
  const { scanAt, strings } = stored;
  const items = itemsOf(stored);
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

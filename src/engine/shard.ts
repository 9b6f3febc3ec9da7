/**
 * A site split across machines: `ppguide build --shard i/n` renders one part of the pages into a
 * shard folder, and `ppguide merge` puts the shards together into the one site a single build
 * writes, byte for byte (engine/merge.ts). The machines are the CI's (a GitHub Actions matrix, GitLab's
 * `parallel:`, docs/ci-and-editors.md): nothing here schedules anything.
 *
 * The split is by a hash of the route (core/digest.ts bucketOf), not by the render times a cache
 * recorded. Every shard must compute the same split from the sources alone, with no word from the
 * others: each shard's cache is its own (restored by its own CI key, or missing), so a split by
 * recorded times could differ from shard to shard and cover a page twice or never. A hash is also
 * stable as pages come and go (a page keeps its shard, so its shard's cache still holds it), and its
 * imbalance is small where sharding matters: at 16,000 pages in 4 shards, about 55 pages (1.4%) a shard.
 *
 * A shard folder is an output folder as build's is (a link into `<out>.ppguide/`, two copies and the
 * page cache beside them: a CI job that restores it renders only what changed), holding the shard's
 * pages at their paths in the site and SHARD_MANIFEST, whose records carry each page's search entry:
 * the merge makes the one index from them.
 */
import { lstatSync, realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { absentRanges, cappedList, LIST_LIMIT, rangesText } from "../core/capped-list.ts";
import { currentCode } from "../core/code-id.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { isInside } from "../core/site-folder.ts";
import { flatScan } from "../links/placed-refs.ts";
import type { PathSegment } from "../manifest/yaml-path.ts";
import type { PageRecord } from "../output/page-cache.ts";
import type { CopyWriter } from "../output/write.ts";
import type { Keyed, OwnPages, ShardSpec } from "./build-state.ts";
import { searchedPaths, type PageJob, type PagesToMake, type RenderInput } from "./page-keys.ts";
import { bucketOf, digestJson } from "../core/digest.ts";
import { manifestSum, readShardManifest, SHARD_MANIFEST, type ShardManifestSource } from "./shard-manifest.ts";

export { SHARD_MANIFEST };

/** Changed whenever SHARD_MANIFEST's layout changes: a merge refuses another. */
const FORMAT = 3;

/**
 * What a shard folder holds, as SHARD_MANIFEST: the code and sources it was built from, which shard it is, and for
 * each page its file, route and record (the digests of what it is made of and of its bytes, its links, anchors and
 * ids for the link check, and its search entry); and the digest of all that, which a merge checks.
 */
export interface ShardManifest {
  format: number;
  code: string;
  site: string;
  shard: ShardSpec;
  pages: { file: string; route: string; record: PageRecord }[];
  /** The digest of the values above (shard-manifest.ts manifestSum). */
  sum: string;
}

/**
 * A shard folder as a merge reads it: where it is (as given), its real path, its manifest, and where each value of
 * the manifest is, for the problems found in it.
 */
export interface ShardFolder {
  dir: string;
  real: string;
  manifest: ShardManifest;
  at: ShardManifestSource<ShardManifest>["at"];
}

/** Which shard of `total` a page is (from 0), by its route alone. */
export function shardOf(route: string, total: number): number {
  return bucketOf(route, total);
}

/** Whether a page is this shard's to render. */
export function inShard(route: string, spec: ShardSpec): boolean {
  return shardOf(route, spec.total) === spec.index - 1;
}

/**
 * A shard build's pages (`spec`; a build's are all of them): every page keyed, then only the shard's kept to plan
 * and render, with only the Markdown they read (shardInput).
 */
export function ownPages<S extends PagesToMake & Keyed>(state: S, spec?: ShardSpec): S & { own?: OwnPages } {
  if (!spec) return state;
  const mine = (job: PageJob) => inShard(job.route, spec);
  const jobs = state.jobs.filter(mine);
  const reuse = state.plan.reuse.filter(({ job }) => mine(job));
  const plan = { reuse, render: state.plan.render.filter(({ job }) => mine(job)) };
  const own = { shard: spec, site: siteDigest(state.input, state.jobs) };
  return { ...state, jobs, plan, input: shardInput(state.input, jobs), own };
}

/**
 * What a shard's pages read of the site's Markdown, all a render thread is given of it: each page's own file, and the
 * front matter of the routes the search box lists (render/page-model.ts). Every page is keyed from the whole site
 * before; this is what saves each render thread a copy of the rest (at 16,000 pages, most of the Markdown).
 */
export function shardInput(input: RenderInput, jobs: readonly PageJob[]): RenderInput {
  const routes = new Map(input.manifest.routes.map((route) => [route.path, route]));
  const read = new Set<string>();
  for (const path of [...jobs.map((job) => job.route), ...searchedPaths(input.manifest)]) {
    const content = routes.get(path)?.content;
    if (content) read.add(content);
  }
  const markdown = new Map([...input.content.markdown].filter(([file]) => read.has(file)));
  return { ...input, content: { ...input.content, markdown } };
}

/**
 * What every page of the site is made of, in one digest: each page's key (whose parts hold the code, the site-wide
 * data, its route, Markdown and listings) and the facts of every image. Equal digests, equal pages: a merge takes
 * a shard's pages only when the shard's digest is its own.
 */
export function siteDigest(input: Pick<RenderInput, "images">, jobs: readonly PageJob[]): string {
  return digestJson([input.images, jobs.map(({ route, file, kind, parts }) => [route, file, kind, parts])]);
}

/**
 * Reads the shard folders given to a merge and checks that they are one split: each readable, its manifest of its
 * schema (shard-manifest.ts), each of the same code, all split into the same n, each i once and every i present.
 * Every problem at once, each located at the value of the manifest it is about; the shards missing are named by
 * their ranges, found from the shards given (never a list as long as n).
 */
export function readShards(dirs: readonly string[], code: string): ShardFolder[] {
  const errors: PpgError[] = [];
  const shards: ShardFolder[] = [];
  for (const dir of dirs) {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === "ENOENT" ? "it does not exist" : String(err);
      errors.push(new PpgError("ShardUnreadable", { shard: dir, why }, locate(dir)));
      continue;
    }
    let read: ShardManifestSource<ShardManifest>;
    try {
      read = readShardManifest<ShardManifest>(dir, real, FORMAT);
    } catch (err) {
      if (!(err instanceof PpgError)) throw err;
      errors.push(err);
      continue;
    }
    const { manifest, at } = read;
    if (manifest.code !== code)
      errors.push(
        new PpgError(
          "ShardMismatch",
          { shard: dir, what: "by another ppguide than this merge (its code differs)" },
          at(["code"]),
        ),
      );
    shards.push({ dir, real, manifest, at });
  }
  if (errors.length) throw new PpgErrorList(errors);
  // The CLI takes one folder or more, and each unread one was an error above.
  const first = expected(shards[0], "a shard folder, as merge is given one or more");
  const total = first.manifest.shard.total;
  for (const { dir, manifest, at } of shards) {
    if (manifest.shard.total !== total) {
      const { index, total: its } = manifest.shard;
      const what = `as shard ${index} of ${its}, where ${first.dir} is one of ${total},`;
      errors.push(new PpgError("ShardMismatch", { shard: dir, what }, at(["shard", "total"])));
    }
  }
  if (errors.length) throw new PpgErrorList(errors);
  const byIndex = new Map<number, ShardFolder>();
  for (const shard of shards) {
    const { index } = shard.manifest.shard;
    const first = byIndex.get(index);
    if (first)
      errors.push(
        new PpgError("ShardTwice", { index, total, first: first.dir, second: shard.dir }, shard.at(["shard", "index"])),
      );
    else byIndex.set(index, shard);
  }
  const { count, ranges } = absentRanges(byIndex.keys(), total);
  // Located at the number of shards the first shard says the site was split into.
  if (count)
    errors.push(
      new PpgError(
        "ShardMissing",
        { missing: rangesText(ranges), count, total, given: cappedList(dirs) },
        first.at(["shard", "total"]),
      ),
    );
  if (errors.length) throw new PpgErrorList(errors);
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, shard]) => shard);
}

/** A shard's problem that no value of its manifest is the place of: located at the file's start. */
function locate(dir: string) {
  return { location: { file: join(dir, SHARD_MANIFEST), line: 1, column: 1 } };
}

/** A page of a shard: the shard, the page's record, and its place in the shard manifest's pages. */
export interface ShardPageRecord {
  shard: ShardFolder;
  record: PageRecord;
  at: number;
}

/**
 * The shards are of the site the merge loaded (`site`: siteDigest of its pages), and each holds exactly the pages
 * the split gives it. Returns each page's shard and record, by file. A shard's damaged files are listed up to
 * LIST_LIMIT, the last saying how many more there are.
 */
export function pagesOfShards(
  shards: readonly ShardFolder[],
  site: string,
  jobs: readonly PageJob[],
): Map<string, ShardPageRecord> {
  const errors: PpgError[] = [];
  for (const shard of shards) {
    if (shard.manifest.site !== site) {
      const what = "from other sources than this merge (another commit, another --clock, other images)";
      errors.push(new PpgError("ShardMismatch", { shard: shard.dir, what }, shard.at(["site"])));
    }
  }
  if (errors.length) throw new PpgErrorList(errors);
  const total = shards.length;
  const pages = new Map<string, ShardPageRecord>();
  for (const shard of shards)
    for (const [at, page] of shard.manifest.pages.entries())
      pages.set(`${shard.manifest.shard.index}\0${page.file}`, { shard, record: page.record, at });
  const found = new Map<string, ShardPageRecord>();
  const damage = new ShardDamage();
  for (const job of jobs) {
    // readShards gave every index from 0 to total - 1 once, in order.
    const owner = expected(shards[shardOf(job.route, total)], `the shard of ${job.route}`);
    const page = pages.get(`${owner.manifest.shard.index}\0${job.file}`);
    if (!page)
      damage.add(owner, job.file, `is not in the shard, which the split gives the page ${job.route}`, ["pages"]);
    else found.set(job.file, page);
  }
  for (const shard of shards) {
    for (const [at, page] of shard.manifest.pages.entries()) {
      if (found.get(page.file)?.shard === shard) continue;
      damage.add(shard, page.file, "is in the shard, but the split gives no page of this site to it", [
        "pages",
        at,
        "file",
      ]);
    }
  }
  damage.throwIfAny();
  return found;
}

/**
 * A shard's damaged files, collected as they are found: each shard's first LIST_LIMIT are errors, located at the
 * value of the manifest that names them, the last of them saying how many more the shard has.
 */
export class ShardDamage {
  private readonly found = new Map<ShardFolder, { first: [string, string, PathSegment[]][]; more: number }>();

  add(shard: ShardFolder, file: string, why: string, at: PathSegment[]): void {
    let of = this.found.get(shard);
    if (!of) this.found.set(shard, (of = { first: [], more: 0 }));
    if (of.first.length < LIST_LIMIT) of.first.push([file, why, at]);
    else of.more++;
  }

  throwIfAny(): void {
    const errors = [...this.found].flatMap(([shard, { first, more }]) =>
      first.map(
        ([file, why, at], i) =>
          new PpgError(
            "ShardDamaged",
            { shard: shard.dir, file, why, ...(more && i === first.length - 1 ? { more } : {}) },
            shard.at(at),
          ),
      ),
    );
    if (errors.length) throw new PpgErrorList(errors);
  }
}

/**
 * The path of a file a shard's manifest names (a path inside the folder: shard-manifest.ts), once it is known to be a
 * plain file inside the shard folder: a link leading anywhere is refused as damage, never followed. Returns the
 * damage found instead, if any.
 */
export function shardFile(shard: ShardFolder, file: string): { path: string } | { why: string } {
  const path = join(shard.real, file);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return { why: "is missing" };
  if (!stat.isFile()) return { why: "is not a plain file" };
  const real = realpathSync(path);
  if (!isInside(real, shard.real) || relative(shard.real, real).split(sep).join("/") !== file)
    return { why: "leads out of the shard folder through a symbolic link" };
  return { path };
}

/** Why a shard's file is damaged when its bytes are not those its manifest recorded. */
export const CHANGED = "does not hold the bytes the shard recorded (an artifact cut short or edited)";

/** Writes SHARD_MANIFEST into the shard's copy, once its pages are written there. */
export async function writeShardManifest(
  state: { writer: CopyWriter; jobs: PageJob[]; records: Map<string, PageRecord> },
  own: OwnPages,
): Promise<void> {
  const record = (file: string) => {
    // Its stat is the served copy's, for that copy's next build: of no use to a merge on another machine.
    const { stat: _, scan, search, ...kept } = state.records.get(file) ?? unreachable(file);
    return {
      ...kept,
      // The manifest's format holds each page's references whole, and its locations as a list.
      ...(scan && { scan: flatScan(scan) }),
      ...(search && { search: search.map((entry) => ({ ...entry, items: Array.from(entry.items) })) }),
    };
  };
  const values = {
    format: FORMAT,
    code: currentCode(),
    site: own.site,
    shard: own.shard,
    pages: state.jobs.map((job) => ({ file: job.file, route: job.route, record: record(job.file) })),
  };
  await state.writer.add(SHARD_MANIFEST, JSON.stringify({ ...values, sum: manifestSum(values) }));
  await state.writer.flush();
}

function unreachable(file: string): never {
  throw new Error(`no record of ${file}`);
}

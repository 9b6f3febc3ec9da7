import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { deserialize, serialize } from "node:v8";
import { currentCode } from "../core/code-id.ts";
import { digest, digestJson } from "../core/digest.ts";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import { changedAt, changedNear, fileStamp, kindName, linkTarget } from "../core/file-stamp.ts";

/**
 * A build of the very inputs the served copy was built from, by the same code and with the same
 * settings (options, day), would build the same site: the build is told so without reading the
 * site again, from a record kept beside the copy. The record keeps the inputs as git's index keeps
 * a work tree: each file's identity, size and times, and the digest of its bytes.
 *
 * - A file whose `lstat` is as recorded is the same file. One whose `lstat` differs (a `touch`, a
 *   checkout, a cache restore) is read, and is the same if its bytes are.
 * - A record is kept only when no input was changed in the RACY_MS before the build began, and none
 *   while it ran (its files are looked at again before the copy is served): so every recorded time
 *   is older than any write after it (core/file-stamp.ts).
 * - The inputs are everything in the site folder but the output, its store, the caches, and
 *   `node_modules` and `.git` at any depth: more than a build reads, so nothing it reads is missed.
 * - The served copy must be as the build that wrote it left it, file by file (`lstat`): a page
 *   edited or removed by hand is built again, as a build always repairs it.
 *
 * Anything else (no record, a damaged one, a file that cannot be read) is "not the same", and the
 * build runs as ever. docs/performance.md has the figures.
 */

/** The inputs of one build, looked at before anything is read. */
export interface Inputs {
  root: string;
  /** What in the site folder is not an input: the output, its store, the caches. */
  skip: string[];
  /** The code and the build's settings. */
  key: string;
  /** Date.now() when the files were looked at. */
  at: number;
  /** Each file's kind, identity, size and times, and a link's target, by its path in the site. */
  stamps: Map<string, string>;
  /** The latest time any input was changed at. */
  newest: number;
  /** The served copy's record, once read. */
  served?: InputsRecord;
}

interface InputsRecord {
  key: string;
  inputs: [path: string, stamp: string, digest: string][];
  served: [path: string, stamp: string][];
  result: unknown;
}

/** The record kept beside a copy of the output (`dist.ppguide/a` → `dist.ppguide/a.inputs`). */
export function inputsFile(copy: string): string {
  return `${copy}.inputs`;
}

/**
 * The site's inputs now, for a build with `settings`: every file of `root` but those under `skip`
 * (the output, its store, the caches). Undefined when a folder cannot be read: the build says why.
 */
export function takeInputs(root: string, skip: string[], settings: unknown): Inputs | undefined {
  const at = Date.now();
  try {
    const { stamps, newest } = stampsUnder(root, skip);
    return { root, skip, key: digestJson({ code: currentCode(), settings }), at, stamps, newest };
  } catch {
    return undefined;
  }
}

/**
 * What the build of the served copy kept as its result, when `inputs` are what it was built from
 * and the copy is as that build left it; undefined otherwise.
 */
export function sameAsServed(inputs: Inputs, copy: string | undefined): unknown {
  try {
    const record = copy === undefined ? undefined : readRecord(copy);
    inputs.served = record;
    if (!copy || !record || record.key !== inputs.key || record.inputs.length !== inputs.stamps.size) return undefined;
    for (const [path, stamp, recorded] of record.inputs) {
      const now = inputs.stamps.get(path);
      if (now === undefined) return undefined;
      if (now !== stamp && contentDigest(inputs.root, path) !== recorded) return undefined;
    }
    const served = stampsUnder(copy, []).stamps;
    if (served.size !== record.served.length) return undefined;
    for (const [path, stamp] of record.served) if (served.get(path) !== stamp) return undefined;
    return record.result;
  } catch {
    return undefined;
  }
}

/**
 * Keeps, beside the complete copy `copy` before it is served, what it was built from and the
 * build's `result`, unless an input was changed just before the build or while it ran. Only the
 * files whose `lstat` is not as the served copy's record has it are read for their digest.
 */
export function recordInputs(inputs: Inputs, copy: string, served: string | undefined, result: unknown): void {
  try {
    if (!changedNear(inputs.newest, inputs.at) && unchanged(inputs)) writeRecord(inputs, copy, served, result);
  } catch {
    // No record: the next build reads the site, as every build did before there were records.
  }
}

function unchanged(inputs: Inputs): boolean {
  const now = stampsUnder(inputs.root, inputs.skip).stamps;
  return now.size === inputs.stamps.size && [...inputs.stamps].every(([path, stamp]) => now.get(path) === stamp);
}

function writeRecord(inputs: Inputs, copy: string, served: string | undefined, result: unknown): void {
  const previous = inputs.served ?? (served ? readRecord(served) : undefined);
  const known = new Map(previous?.inputs.map(([p, s, d]) => [p, [s, d]] as const));
  const record: InputsRecord = {
    key: inputs.key,
    inputs: [...inputs.stamps].map(([path, stamp]) => {
      const kept = known.get(path);
      return [path, stamp, kept?.[0] === stamp ? kept[1] : contentDigest(inputs.root, path)];
    }),
    served: [...stampsUnder(copy, []).stamps],
    result,
  };
  writeChecked(inputsFile(copy), serialize(record));
}

/**
 * Every file under `top` but those in `skip`, `node_modules` and `.git`, by its path there, with
 * its stamp; folders are walked, never followed through a link. `newest`: the latest change time.
 */
function stampsUnder(top: string, skip: readonly string[]): { stamps: Map<string, string>; newest: number } {
  const stamps = new Map<string, string>();
  let newest = 0;
  // Each path made as the walk goes, by adding a name to its folder's: path.relative() of every file
  // took 19 ms of a 0.5 s build with no change, and path.join() 10 ms of a 0.46 s one.
  const walk = (dir: string, under: string): void => {
    const folder = dir.endsWith(sep) ? dir : dir + sep;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = folder + entry.name;
      if (entry.name === "node_modules" || entry.name === ".git" || skip.includes(path)) continue;
      const s = lstatSync(path);
      if (s.isDirectory()) {
        walk(path, `${under}${entry.name}/`);
        continue;
      }
      newest = Math.max(newest, changedAt(s));
      stamps.set(`${under}${entry.name}`, fileStamp(s, path));
    }
  };
  walk(top, "");
  return { stamps, newest };
}

/** The digest of a file's bytes, or of what else stands at the path (a link's target); a pipe is never opened. */
function contentDigest(root: string, path: string): string {
  const full = join(root, path);
  const s = lstatSync(full);
  return digest(s.isFile() ? readFileSync(full) : `${kindName(s)}${linkTarget(s, full)}`);
}

function readRecord(copy: string): InputsRecord | undefined {
  const bytes = readChecked(inputsFile(copy));
  return bytes === undefined ? undefined : (deserialize(bytes) as InputsRecord);
}

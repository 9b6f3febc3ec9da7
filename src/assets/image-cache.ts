import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import { readChecked, writeChecked } from "../core/disk-cache.ts";
import { checksum } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";

/**
 * The image cache is a hint, never a truth. What an image key made (a photo's size and the
 * digest of each encoded variant, or a page image's share images) is kept in a record beside
 * the encoded files: the record ends with its own SHA-256 and names the key it was stored under,
 * so a damaged or swapped record is never read; and each encoded file is checked against its
 * recorded digest when it is read to be published, a hash of bytes read anyway. A damaged entry
 * is made again, with a CacheEntryDamaged warning (once: a variant or share image with 40 bytes
 * flipped was published, and a rewritten size record gave a page the wrong width and height).
 */

/** An encoded file as its record knows it. */
export interface EntryDigest {
  bytes: number;
  sha256: string;
}

export function entryDigest(bytes: Uint8Array): EntryDigest {
  return { bytes: bytes.byteLength, sha256: checksum(bytes) };
}

/** Warnings about damaged entries, located at the entry's file (relative to the site when inside it). */
export class CacheWarnings {
  readonly found: PpgError[] = [];
  constructor(private readonly root: string) {}

  damaged(file: string, what: string): void {
    const rel = relative(this.root, file);
    const shown = rel.startsWith("..") || isAbsolute(rel) ? file : rel.split(sep).join("/");
    this.found.push(
      new PpgError("CacheEntryDamaged", { entry: shown, what }, { location: { file: shown, line: 1, column: 1 } }),
    );
  }
}

/**
 * The record stored under `key`, or undefined when there is none, or when it is damaged
 * (a warning), written by other code, or stored under another key (a swapped file).
 */
export function readRecord<T extends object>(
  file: string,
  key: string,
  version: string,
  warnings: CacheWarnings,
): T | undefined {
  const bytes = readChecked(file);
  if (!bytes) {
    if (existsSync(file)) warnings.damaged(file, "its bytes do not match the checksum it was stored with");
    return undefined;
  }
  try {
    const stored = JSON.parse(bytes.toString("utf8")) as { key?: unknown; version?: unknown; body?: T };
    // Stored under this key by an older encoder: simply not there.
    if (stored.key === key && stored.version !== version) return undefined;
    if (stored.key === key && stored.body && typeof stored.body === "object") return stored.body;
  } catch {
    // Checked bytes that are not JSON were not written by this code either.
  }
  warnings.damaged(file, `it is not the record of ${key}`);
  return undefined;
}

export function writeRecord(file: string, key: string, version: string, body: object): void {
  writeChecked(file, JSON.stringify({ key, version, body }));
}

/**
 * The encoded file's bytes when they are the ones recorded; "missing" when there is none,
 * "damaged" when there is another.
 */
export async function readVerified(file: string, expected: EntryDigest): Promise<Buffer | "missing" | "damaged"> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return "missing";
  }
  return bytes.byteLength === expected.bytes && checksum(bytes) === expected.sha256 ? bytes : "damaged";
}

import { createHash, type Hash } from "node:crypto";

/**
 * Every digest ppguide takes, here and nowhere else: SHA-256 in the form each use needs (a key, a
 * file's checksum, a name), one bucket function, and the SHA-1 names of Pagefind's format. One
 * algorithm for ppguide's own, so a digest never has to say which one made it; the forms differ
 * only in how much of it they show and in which alphabet.
 */
export type DigestInput = string | Uint8Array;

/**
 * The digest of the engine's keys and records: 22 base64 characters (132 bits). A page's key parts
 * digest JSON (engine/page-keys.ts); its record digests its bytes and its <main>, which a served
 * file must still hash to for the page to be reused (output/page-cache.ts).
 */
export function digest(data: DigestInput): string {
  return new Digest().add(data).key();
}

/** The key-form digest of a value's JSON: what a page's key part is. */
export function digestJson(value: unknown): string {
  return digest(JSON.stringify(value));
}

/**
 * Dev mode keys the site after every change, most of it the same objects as before (a route entry,
 * a Markdown file it did not reload): each object is hashed once while it lives.
 */
const byObject = new WeakMap<object, string>();

/** digestJson of an object, computed once per object; `undefined` digests as null. */
export function digestOf(value: object | undefined): string {
  if (value === undefined) return digestJson(null);
  let d = byObject.get(value);
  if (d === undefined) byObject.set(value, (d = digestJson(value)));
  return d;
}

/** A file's checksum: the whole SHA-256 in base64, for bytes a record vouches for (image cache, index files). */
export function checksum(data: DigestInput): string {
  return new Digest().add(data).checksum();
}

/**
 * The first `length` hex characters of the digest of `parts` fed in turn: a name for a file or a
 * cache (bundles, encoded images, the service worker's build), where base64's '/' and '+' cannot go.
 */
export function hexDigest(length: number, ...parts: DigestInput[]): string {
  return new Digest().add(...parts).hex(length);
}

/**
 * Which of `buckets` a key falls in, by its digest alone: the build's shards split pages by it, so
 * every shard agrees on every machine. SHA-1, as the split has always been made: another hash would
 * move every page of a restored shard to another.
 */
export function bucketOf(key: string, buckets: number): number {
  return buckets === 1 ? 0 : createHash("sha1").update(key).digest().readUInt32BE(0) % buckets;
}

/**
 * The digest Pagefind names its search index's files by (`full_hash` in its source): SHA-1, each
 * byte in hex without its leading zero. Its client asks for the files by these names, so ppguide's
 * index (search/assemble.ts) is named the same way.
 */
export function pagefindDigest(data: DigestInput): string {
  let hex = "";
  for (const byte of createHash("sha1").update(data).digest()) hex += byte.toString(16);
  return hex;
}

/** A SHA-256 fed in parts (a file's name, then its bytes; a list of records), read once in one of the forms above. */
export class Digest {
  private readonly hash: Hash = createHash("sha256");

  add(...parts: DigestInput[]): this {
    for (const part of parts) this.hash.update(part);
    return this;
  }

  /** The key form: 22 base64 characters. */
  key(): string {
    return this.hash.digest("base64").slice(0, 22);
  }

  /** The checksum form: all 44 base64 characters. */
  checksum(): string {
    return this.hash.digest("base64");
  }

  /** The name form: the first `length` hex characters (at most 64). */
  hex(length = 64): string {
    return this.hash.digest("hex").slice(0, length);
  }

  /** The 32 raw bytes, for a file's trailer (core/disk-cache.ts). */
  bytes(): Buffer {
    return this.hash.digest();
  }
}

/**
 * An index file as Pagefind's client fetches it: gzipped, Pagefind's signature before the content
 * (`pagefind_dcd`, which its client checks and strips once it has inflated the file).
 */
import { promisify } from "node:util";
import { gzip, gunzipSync } from "node:zlib";

const SIGNATURE = new TextEncoder().encode("pagefind_dcd");
const gzipAsync = promisify(gzip);

/**
 * The file's bytes as written. Compressed on libuv's threads, so the files of an index are
 * compressed on every core at once.
 */
export async function gzipped(bytes: Uint8Array): Promise<Uint8Array> {
  const signed = new Uint8Array(SIGNATURE.length + bytes.length);
  signed.set(SIGNATURE);
  signed.set(bytes, SIGNATURE.length);
  return gzipAsync(signed, { level: 9 });
}

/** A written file's content again: what the client reads (tests, and reading an index back). */
export function gunzipped(written: Uint8Array): Uint8Array {
  const raw = gunzipSync(written);
  if (!raw.subarray(0, SIGNATURE.length).every((b, i) => b === SIGNATURE[i]))
    throw new Error("not a Pagefind index file: its signature is missing");
  return raw.subarray(SIGNATURE.length);
}

import { createHash } from "node:crypto";

/**
 * The one digest of the engine's keys and records: SHA-256, in 22 base64 characters (132 bits).
 * A page's key parts digest JSON (engine/page-keys.ts); its record digests its bytes and its
 * <main>, which a served file must still hash to for the page to be reused (output/page-cache.ts).
 */
export function digest(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("base64").slice(0, 22);
}

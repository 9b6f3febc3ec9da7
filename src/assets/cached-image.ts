import { readFile } from "node:fs/promises";

/**
 * Whether a cached encoded image is whole, judged from its own framing, so a truncated file is
 * encoded again rather than published (issue 27: a truncated share JPEG was published on every
 * later build). JPEG ends with its EOI marker; WebP's RIFF header states its size; AVIF is a
 * sequence of ISO BMFF boxes whose sizes must add up to the file's.
 */
export async function wholeImage(file: string): Promise<boolean> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return false;
  }
  if (file.endsWith(".jpg")) return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  if (file.endsWith(".webp")) return bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.readUInt32LE(4) + 8 === bytes.length && bytes.toString("latin1", 8, 12) === "WEBP";
  if (file.endsWith(".avif")) return boxesFill(bytes);
  return bytes.length > 0;
}

function boxesFill(bytes: Buffer): boolean {
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(at + 8));
    } else if (size === 0) size = bytes.length - at;
    if (size < 8) return false;
    at += size;
  }
  return at === bytes.length && bytes.length > 0;
}

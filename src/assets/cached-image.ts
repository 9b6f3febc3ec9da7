import { type FileHandle, open } from "node:fs/promises";

/**
 * Whether a cached encoded image is whole, judged from its own framing, so a truncated file is
 * encoded again rather than published (once: a truncated share JPEG was published on every
 * later build). JPEG ends with its EOI marker; WebP's RIFF header states its size; AVIF is a
 * sequence of ISO BMFF boxes whose sizes must add up to the file's. Only a few bytes are read:
 * a rebuild checks every cached variant.
 */
export async function wholeImage(file: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch {
    return false;
  }
  try {
    const { size } = await handle.stat();
    const at = async (position: number, length: number): Promise<Buffer | undefined> => {
      if (position < 0 || position + length > size) return undefined;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return bytesRead === length ? buffer : undefined;
    };
    if (file.endsWith(".jpg")) {
      const [head, tail] = [await at(0, 2), await at(size - 2, 2)];
      return (
        !!head && !!tail && size > 4 && head[0] === 0xff && head[1] === 0xd8 && tail[0] === 0xff && tail[1] === 0xd9
      );
    }
    if (file.endsWith(".webp")) {
      const head = await at(0, 12);
      return (
        !!head &&
        head.toString("latin1", 0, 4) === "RIFF" &&
        head.readUInt32LE(4) + 8 === size &&
        head.toString("latin1", 8, 12) === "WEBP"
      );
    }
    if (file.endsWith(".avif")) {
      let position = 0;
      while (position + 8 <= size) {
        const box = await at(position, 16 <= size - position ? 16 : 8);
        if (!box) return false;
        let length = box.readUInt32BE(0);
        if (length === 1) length = box.length === 16 ? Number(box.readBigUInt64BE(8)) : 0;
        else if (length === 0) length = size - position;
        if (length < 8) return false;
        position += length;
      }
      return position === size && size > 0;
    }
    return size > 0;
  } finally {
    await handle.close();
  }
}

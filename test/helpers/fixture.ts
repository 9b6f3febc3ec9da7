import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** A private copy of a fixture site, so a test may break it without touching the others. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `ppguide-${name}-`));
  // Without caches a run may have left in the fixture (gitignored): every copy starts clean.
  await cp(join(FIXTURES, name), dir, { recursive: true, filter: (src) => !src.includes(".ppguide-cache") });
  return dir;
}

/** Replaces exactly one occurrence of `from` in a file; fails loudly if the fixture changed. */
export async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, "utf8");
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`expected one '${from}' in ${file}, found ${count}`);
  await writeFile(file, text.replace(from, to));
}

/**
 * A built site as a map of relative path → bytes, and a short, readable account of how two differ:
 * which files only one has, and for the first few that differ, where and what (an excerpt of each
 * side around the first differing byte), never the whole page.
 */
import { createHash } from "node:crypto";
import { cp, readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { isPackName, packsNamedBy } from "../../src/output/page-cache.ts";

export type Tree = Map<string, Buffer>;

/** Every file under dir (following the output's symlink to its served copy), by relative path. */
export async function readTree(dir: string): Promise<Tree> {
  const tree: Tree = new Map();
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else tree.set(relative(dir, path).split(sep).join("/"), await readFile(path));
    }
  };
  // `dist` itself is a symlink to the served copy (src/output/output-folder.ts): start from its target.
  await walk(`${dir}/`);
  return tree;
}

/** Every file under dir by relative path, with the SHA-256 of its bytes: a tree to compare whole, cheaply. */
export async function treeDigests(dir: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const [path, bytes] of await readTree(dir)) digests.set(path, createHash("sha256").update(bytes).digest("hex"));
  return digests;
}

/** The site's sources, without its output, the output's store or any cache ppguide keeps in it. */
export async function copySources(root: string, to: string): Promise<void> {
  await cp(root, to, {
    recursive: true,
    filter: (src) => {
      const top = relative(root, src).split(sep)[0]!;
      return !/^(dist($|\.)|\.ppguide-cache$)/.test(top);
    },
  });
}

function excerpt(bytes: Buffer, at: number): string {
  const text = bytes.subarray(Math.max(0, at - 80), at + 120).toString("utf8");
  return JSON.stringify(text);
}

/** Undefined when the trees are equal; otherwise a few lines saying how they differ. */
export function describeDifference(
  actual: Tree,
  expected: Tree,
  labels = ["rebuild", "clean build"],
): string | undefined {
  const lines: string[] = [];
  const onlyIn = (a: Tree, b: Tree) => [...a.keys()].filter((k) => !b.has(k)).sort();
  const extra = onlyIn(actual, expected);
  const missing = onlyIn(expected, actual);
  if (extra.length)
    lines.push(
      `only in the ${labels[0]} (${extra.length}): ${extra.slice(0, 8).join(", ")}${extra.length > 8 ? ", …" : ""}`,
    );
  if (missing.length)
    lines.push(
      `only in the ${labels[1]} (${missing.length}): ${missing.slice(0, 8).join(", ")}${missing.length > 8 ? ", …" : ""}`,
    );
  const differing = [...actual.keys()]
    .filter((k) => expected.has(k) && !actual.get(k)!.equals(expected.get(k)!))
    .sort();
  if (differing.length)
    lines.push(
      `differing files (${differing.length}): ${differing.slice(0, 8).join(", ")}${differing.length > 8 ? ", …" : ""}`,
    );
  for (const file of differing.slice(0, 2)) {
    const a = actual.get(file)!;
    const b = expected.get(file)!;
    let at = 0;
    while (at < a.length && at < b.length && a[at] === b[at]) at++;
    lines.push(`  ${file}: first difference at byte ${at} (${a.length} bytes against ${b.length})`);
    lines.push(`    ${labels[0]}:    ${excerpt(a, at)}`);
    lines.push(`    ${labels[1]}: ${excerpt(b, at)}`);
  }
  return lines.length ? lines.join("\n") : undefined;
}

/**
 * What an output's store (`dist.ppguide/`) holds, its search-entry packs counted apart: each of them
 * must be one that a copy's page cache names, and each one named must be there.
 */
export async function storeEntries(
  store: string,
): Promise<{ names: string[]; packs: string[]; unnamed: string[]; records: string[] }> {
  const all = (await readdir(store)).sort();
  const packs = all.filter(isPackName);
  // A copy's record of its inputs (output/same-inputs.ts) is kept only when no input changed just before its build,
  // which depends on the clock: listed apart.
  const records = all.filter((name) => /^[ab]\.inputs$/.test(name));
  const named = new Set(["a", "b"].flatMap((copy) => packsNamedBy(join(store, copy))));
  return {
    names: all.filter((name) => !packs.includes(name) && !records.includes(name)),
    packs,
    records,
    unnamed: [
      ...packs.filter((p) => !named.has(p)),
      ...[...named].filter((p) => !packs.includes(p)).map((p) => `missing ${p}`),
    ],
  };
}

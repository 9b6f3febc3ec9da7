/**
 * PPGUIDE_CACHE_DIR moves every cache of what a build computed (the page cache, compiled schema
 * validators) out of ppguide's node_modules/.cache: the test suite points it at a
 * temporary folder (test/helpers/private-caches.ts) so that no test touches a developer's caches.
 */
import { execFile } from "node:child_process";
import { appendFile, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { copyPackage } from "../helpers/package-copy.ts";
import { tempDir } from "../helpers/scratch.ts";

/** Each file under dir with its inode and mtime: a file rewritten or replaced shows a change. */
async function identities(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  const entries = await Promise.all(
    files.map(async (d) => {
      const s = await stat(join(d.parentPath, d.name));
      return [join(d.parentPath, d.name).slice(dir.length), `${s.ino}:${s.mtimeMs}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("the caches' folder", () => {
  it("is PPGUIDE_CACHE_DIR when set, for the CLI too, and a validator cached there is used as it is", async () => {
    const caches = await mkdtemp(join(tmpdir(), "ppguide-caches-"));
    const root = await copyFixture("basic-site");
    // A ppguide whose lib/ ships no compiled validators (lib/validators/, scripts/ship-validators.ts),
    // as after a schema is edited: it compiles them, and keeps them among the caches.
    const pkg = await copyPackage(await tempDir("ppguide-package-"));
    await rm(join(pkg, "lib", "validators"), { recursive: true });
    const build = () =>
      promisify(execFile)(join(pkg, "bin/ppguide"), ["build", "--root", root], {
        env: { ...process.env, PPGUIDE_CACHE_DIR: caches },
        encoding: "utf8",
      });

    const before = await identities(join(PACKAGE_DIR, "node_modules/.cache/ppguide-schemas")).catch(() => ({}));
    await build();
    // The page cache is not here: it travels with the output (dist.ppguide/a.pages, output/page-cache.ts).
    expect((await readdir(caches)).sort()).toEqual(["ppguide-schemas"]);
    // The three schemas' validators, and the three of Google's structured-data rules (render/structured-data-check.ts).
    expect((await readdir(join(caches, "ppguide-schemas"))).filter((f) => /^[0-9a-f]{32}$/.test(f))).toHaveLength(6);
    // Nothing of this build went to the default place.
    expect(await identities(join(PACKAGE_DIR, "node_modules/.cache/ppguide-schemas")).catch(() => ({}))).toEqual(
      before,
    );

    // An edited site.yaml is checked again, through the validator compiled by the first run: were
    // it not loadable from this folder, it would be compiled and written anew.
    const validators = await identities(join(caches, "ppguide-schemas"));
    await appendFile(join(root, "site.yaml"), "# edited\n");
    await build();
    expect(await identities(join(caches, "ppguide-schemas"))).toEqual(validators);
  });
});

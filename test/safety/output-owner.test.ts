/**
 * The output owns only what it made (issue 27): `--out out` deleted a user's `out.ppguide/a/notes.txt`,
 * and `--out .git --force` and `--out schema --force` deleted the repository and the build's own
 * schemas. Each is refused (exit 2) with nothing touched, --force or not.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { checkOutputFolder } from "../../src/output/output-folder.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, treeHash } from "../helpers/outcome.ts";

describe("an output folder ppguide did not make", () => {
  it.each([false, true])(
    "out.ppguide/ holding a user's files is refused (force: %s), the files kept",
    async (force) => {
      const root = await copyFixture("basic-site");
      await mkdir(join(root, "out.ppguide/a"), { recursive: true });
      await writeFile(join(root, "out.ppguide/a/notes.txt"), "my notes");
      const outcome = await attempt({ root, out: join(root, "out"), force });
      expect(outcome.lines).toEqual([
        expect.stringMatching(
          /^OutputRefused {2}refusing to write the site: .*\/out\.ppguide exists and ppguide did not make it/,
        ),
      ]);
      expect(outcome.exit).toBe(2);
      expect(await readFile(join(root, "out.ppguide/a/notes.txt"), "utf8")).toBe("my notes");
    },
  );

  it("--out .git --force is refused, the repository kept", async () => {
    const root = await copyFixture("basic-site");
    await mkdir(join(root, ".git/objects"), { recursive: true });
    await writeFile(join(root, ".git/HEAD"), "ref: refs/heads/main\n");
    const before = await treeHash(join(root, ".git"));
    const outcome = await attempt({ root, out: join(root, ".git"), force: true });
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^OutputRefused {2}refusing to write the site into .*\/\.git: it is or holds a git repository/,
      ),
    ]);
    expect(outcome.exit).toBe(2);
    expect(await treeHash(join(root, ".git"))).toBe(before);
  });

  it("--force on a folder holding a repository is refused", async () => {
    const root = await copyFixture("basic-site");
    await mkdir(join(root, "other/.git"), { recursive: true });
    const outcome = await attempt({ root, out: join(root, "other"), force: true });
    expect(outcome.lines).toEqual([expect.stringMatching(/it is or holds a git repository \(\.git\)/)]);
  });

  // Checked without building: were the check missing, a build would delete ppguide's own folders.
  it.each(["schema", "templates", "src", "node_modules"])(
    "ppguide's own %s/ is refused as --out even with --force",
    (folder) => {
      const root = join(PACKAGE_DIR, "test/fixtures/basic-site");
      expect(() => checkOutputFolder(root, join(PACKAGE_DIR, folder), true)).toThrow(
        /which the build reads|inside the site's/,
      );
    },
  );

  it("a folder holding site.yaml is refused even with --force", async () => {
    const root = await copyFixture("basic-site");
    expect(() => checkOutputFolder(join(root, "nested-site"), root, true)).toThrow(/which the build reads|holds it/);
    expect(() => checkOutputFolder(root, join(root, "site.yaml"), true)).toThrow();
  });
});

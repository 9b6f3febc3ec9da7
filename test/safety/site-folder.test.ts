/**
 * What the build reads from public/ and content/ (issue 27): only regular files and folders (a
 * named pipe once hung the build past Ctrl-C), never a dot file or a build's output through a
 * link (`public/env.txt -> ../.env` published the secrets, `public/mirror -> ../dist` made the
 * output contain itself), and dev serves exactly what the build publishes.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import fs, { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startDev } from "../../src/dev/index.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt, attemptBroken } from "../helpers/outcome.ts";

type Breakage = (root: string) => Promise<void>;
const link =
  (target: string, at: string): Breakage =>
  async (root) => {
    await mkdir(join(root, at, ".."), { recursive: true });
    await symlink(target, join(root, at));
  };
const fifo =
  (at: string): Breakage =>
  async (root) => {
    execFileSync("mkfifo", [join(root, at)]);
  };
const both =
  (...steps: Breakage[]): Breakage =>
  async (root) => {
    for (const step of steps) await step(root);
  };
const secret =
  (name: string): Breakage =>
  async (root) =>
    writeFile(join(root, name), "API_KEY=hunter2\n");

/** [what, breakage, the one expected line] */
const CASES: [string, Breakage, RegExp][] = [
  [
    "a named pipe in public/",
    fifo("public/pipe.txt"),
    /^NotRegularFile {2}public\/pipe\.txt is a named pipe \(FIFO\), not a file or a folder/,
  ],
  [
    "a link in public/ to a named pipe",
    both(fifo("pipe"), link("../pipe", "public/l.txt")),
    /^NotRegularFile {2}public\/l\.txt is a symbolic link to pipe, which is a named pipe \(FIFO\)/,
  ],
  [
    "a named pipe where a Markdown file goes",
    fifo("content/articles/pipe.md"),
    /^NotRegularFile {2}content\/articles\/pipe\.md is a named pipe \(FIFO\)/,
  ],
  [
    "a named pipe in place of site.yaml",
    both(async (root) => rm(join(root, "site.yaml")), fifo("site.yaml")),
    /^NotRegularFile {2}site\.yaml:1:1 {2}site\.yaml is a named pipe \(FIFO\), not a file or a folder/,
  ],
  [
    "a link in public/ to .env",
    both(secret(".env"), link("../.env", "public/env.txt")),
    /^SymlinkHidden {2}public\/env\.txt is a symbolic link to \.env, a hidden file or folder/,
  ],
  [
    "a link in public/ to .git",
    both(
      async (root) => void (await mkdir(join(root, ".git/objects"), { recursive: true })),
      link("../.git", "public/repo"),
    ),
    /^SymlinkHidden {2}public\/repo is a symbolic link to \.git, a hidden file or folder/,
  ],
  [
    "a link in public/ to the output",
    link("../dist", "public/mirror"),
    /^SymlinkIntoOutput {2}public\/mirror is a symbolic link to dist\.ppguide\/a, a build's output/,
  ],
];

describe("what public/ and content/ may hold", () => {
  it.each(CASES)(
    "%s: one error, exit 1, promptly, the previous output untouched",
    async (_what, breakIt, expected) => {
      const outcome = await attemptBroken(breakIt);
      expect(outcome.lines).toEqual([expect.stringMatching(expected)]);
      expect(outcome).toMatchObject({ exit: 1, untouched: true });
    },
    20_000,
  );

  it("dot files in public/ are not published, .well-known/ is; dev serves the same", async () => {
    const root = await copyFixture("basic-site");
    await secret("public/.env")(root);
    await mkdir(join(root, "public/.git"));
    await writeFile(join(root, "public/.git/config"), "[core]\n");
    await mkdir(join(root, "public/.well-known"));
    await writeFile(join(root, "public/.well-known/security.txt"), "Contact: mailto:security@fixture.example\n");
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    expect(existsSync(join(root, "dist/.env"))).toBe(false);
    expect(existsSync(join(root, "dist/.git"))).toBe(false);
    expect(await readFile(join(root, "dist/.well-known/security.txt"), "utf8")).toContain("Contact:");
    const dev = await startDev({ root, port: 0, log: () => {} });
    try {
      for (const path of ["/.env", "/.git/config"])
        expect((await fetch(new URL(path, dev.url))).status, path).not.toBe(200);
      expect((await fetch(new URL("/.well-known/security.txt", dev.url))).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe("a site folder whose path holds any legal character", () => {
  // Regression (issue 35): a site under a folder named with a backslash (legal on Linux and macOS)
  // reported every content file missing: the walk of content/ was a glob whose cwd read the
  // backslash as an escape. The walk is now a plain readdir (core/site-folder.ts).
  it.each([
    "back\\slash",
    "two  spaces",
    "hash#and%25percent",
    "glob*[chars]{a,b}?!",
    "dollar$HOME",
    "quote'\"",
    "ünï-çødé",
    "new\nline",
  ])("builds under %j", async (name) => {
    const parent = await mkdtemp(join(tmpdir(), "ppguide-folder-"));
    const root = join(parent, name);
    await rename(
      await writeInlineSite(
        `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA page under a folder with an odd name. ![A picture](/images/photo.svg)\n`,
      ),
      root,
    );
    const { exit, lines } = await attempt({ root, out: join(root, "dist") });
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    expect(await readFile(join(root, "dist/a.html"), "utf8")).toContain("A page under a folder with an odd name.");
    expect(existsSync(join(root, "dist/images/photo.svg"))).toBe(true);
  });
});

describe("the one door every read of a site file goes through", () => {
  // Regression: a listing of content/ refused a link out, but a file replaced by a link after the
  // listing (while dev ran) was read and served: `root:x:0:0:…` as a page.
  const refusals: [string, (root: string) => Promise<string>, RegExp][] = [
    [
      "a file replaced by a link to /etc/passwd",
      async (root) => {
        await rm(join(root, "content/a.md"));
        await symlink("/etc/passwd", join(root, "content/a.md"));
        return "content/a.md";
      },
      /^content\/a\.md is a symbolic link to \/etc\/passwd, outside the site$/,
    ],
    [
      "a folder replaced by a link to a folder outside",
      async (root) => {
        const outside = await mkdtemp(join(tmpdir(), "ppguide-outside-"));
        await writeFile(join(outside, "b.md"), "Not the site's.\n");
        await mkdir(join(root, "content/more"));
        await writeFile(join(root, "content/more/b.md"), "The site's.\n");
        await rm(join(root, "content/more"), { recursive: true });
        await symlink(outside, join(root, "content/more"));
        return "content/more/b.md";
      },
      /^content\/more\/ is a symbolic link to \/.*\/b\.md, outside the site$/,
    ],
    [
      "a link to the site's .env",
      async (root) => {
        await secret(".env")(root);
        await symlink("../.env", join(root, "public/env.txt"));
        return "public/env.txt";
      },
      /^public\/env\.txt is a symbolic link to \.env, a hidden file or folder$/,
    ],
    [
      "a named pipe",
      async (root) => {
        execFileSync("mkfifo", [join(root, "public/pipe.txt")]);
        return "public/pipe.txt";
      },
      /^public\/pipe\.txt is a named pipe \(FIFO\), not a file or a folder$/,
    ],
    [
      "a link to a device",
      async (root) => {
        await symlink("/dev/zero", join(root, "public/zero.bin"));
        return "public/zero.bin";
      },
      /^public\/zero\.bin is a symbolic link to \/dev\/zero, outside the site$/,
    ],
  ];

  it.each(refusals)("refuses %s, at once and naming the link", async (_what, breakIt, message) => {
    const { openSiteFile, readSiteFile } = await import("../../src/core/site-folder.ts");
    const root = await writeInlineSite(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA.\n",
    );
    const file = await breakIt(root);
    const started = performance.now();
    expect(() => readSiteFile(root, file)).toThrow(message);
    expect(() => openSiteFile(root, file)).toThrow(message);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  // The path judged before the open is not judged again, and a folder's real path is kept for the rest of the
  // event loop's turn; what the kernel opened is judged whenever it differs.
  describe("a folder swapped for a link out after it was resolved", () => {
    const site = async () => {
      const root = await writeInlineSite(
        "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: more/b.md }\n-- content/more/b.md --\nThe site's.\n",
      );
      const outside = await mkdtemp(join(tmpdir(), "ppguide-outside-"));
      await writeFile(join(outside, "b.md"), "Not the site's.\n");
      const swap = () => {
        fs.rmSync(join(root, "content/more"), { recursive: true });
        fs.symlinkSync(outside, join(root, "content/more"));
      };
      return { root, swap };
    };
    const REFUSED = /^content\/more\/ is a symbolic link to \/.*, outside the site$/;

    it("between the judgement of the path and its opening, is refused", async () => {
      const { readSiteFile } = await import("../../src/core/site-folder.ts");
      const { root, swap } = await site();
      const resolve = fs.realpathSync.native;
      // The swap lands right after the guard has resolved the file's folder, inside the site, and before it opens.
      fs.realpathSync.native = ((path: string) => {
        const real = resolve(path);
        if (path.endsWith("more")) swap();
        return real;
      }) as typeof fs.realpathSync.native;
      try {
        expect(() => readSiteFile(root, "content/more/b.md")).toThrow(REFUSED);
      } finally {
        fs.realpathSync.native = resolve;
      }
      expect(readFileSync(join(root, "content/more/b.md"), "utf8")).toBe("Not the site's.\n");
    });

    it("later in the same turn of the event loop, is refused, and so in the next", async () => {
      const { readSiteFile } = await import("../../src/core/site-folder.ts");
      const { root, swap } = await site();
      expect(readSiteFile(root, "content/more/b.md").toString()).toBe("The site's.\n");
      swap();
      expect(() => readSiteFile(root, "content/more/b.md")).toThrow(REFUSED);
      await new Promise((turned) => setImmediate(turned));
      expect(() => readSiteFile(root, "content/more/b.md")).toThrow(REFUSED);
    });
  });

  it("reads a link that stays inside the site, as the build publishes it", async () => {
    const { readSiteFile } = await import("../../src/core/site-folder.ts");
    const root = await writeInlineSite(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA.\n-- notes/shared.md --\nShared.\n",
    );
    await symlink("../notes/shared.md", join(root, "content/b.md"));
    expect(readSiteFile(root, "content/b.md").toString()).toBe("Shared.\n");
    expect(() => readSiteFile(root, "content/none.md")).toThrow(/ENOENT/);
  });

  it("a build refuses site.yaml as a link out of the site", async () => {
    const root = await copyFixture("basic-site");
    const outside = join(await mkdtemp(join(tmpdir(), "ppguide-manifest-")), "site.yaml");
    await writeFile(outside, await readFile(join(root, "site.yaml"), "utf8"));
    await rm(join(root, "site.yaml"));
    await symlink(outside, join(root, "site.yaml"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.lines).toEqual([expect.stringMatching(/^SymlinkOutside {2}site\.yaml is a symbolic link to /)]);
    expect(outcome.exit).toBe(1);
  });
});

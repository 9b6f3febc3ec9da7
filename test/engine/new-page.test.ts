/**
 * `ppguide new article|recipe|listing <slug>` (issue 33): the route entry goes after the last
 * route of its kind with every byte of the rest of site.yaml kept (comments too), the stubs carry
 * the schema hint, and the site still builds; with its draft line removed the page is published.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { newPage } from "../../src/site/new-page.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { CLI, runCli } from "../helpers/outcome.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

const ARTICLE =
  "kind: article, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";
const SITE = `
-- site.yaml --
# yaml-language-server: $schema=./schema/site.schema.json
# The comments of a site's manifest stay where they are.
routes:
  # Articles first.
  - { path: /a, title: A, content: travel/a.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE} }

  # Then the recipes.
  - path: /flan
    kind: recipe
    title: Flan
    description: A caramel custard for a test of new pages.
    image: { src: /images/photo.svg, alt: A flan }
    author: desk
    dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }
    content: recipes/flan.md
    related: [/filler-1, /filler-2, /filler-3]
-- content/travel/a.md --
A.
-- content/recipes/flan.md --
---
recipe: { servings: 4, category: Dessert, ingredients: [eggs], instructions: [Bake it.] }
---
Flan.
`;

describe("ppguide new", () => {
  it.each([
    [
      "article",
      "content/travel/carnival.md",
      /^# yaml-language-server: \$schema=.*schema\/front-matter\/article\.schema\.json$/m,
    ],
    [
      "recipe",
      "content/recipes/carnival.md",
      /^# yaml-language-server: \$schema=.*schema\/front-matter\/recipe\.schema\.json$/m,
    ],
    [
      "listing",
      "content/listings/carnival.yaml",
      /^# yaml-language-server: \$schema=.*schema\/listings\.schema\.json$/m,
    ],
  ] as const)(
    "%s: adds the draft route after the last of its kind, keeps the rest of site.yaml byte for byte, and the site builds",
    async (kind, stub, hint) => {
      const root = await writeInlineSite(SITE);
      const before = await readFile(join(root, "site.yaml"), "utf8");
      const done = await newPage(root, kind, "carnival", "2026-01-15");
      const after = await readFile(join(root, "site.yaml"), "utf8");
      // Only lines were added, all together, and they start at the line reported.
      const added = after
        .split("\n")
        .slice(done.line - 1, done.line - 1 + after.split("\n").length - before.split("\n").length);
      expect(
        after
          .split("\n")
          .filter((_, i) => i < done.line - 1 || i >= done.line - 1 + added.length)
          .join("\n"),
      ).toBe(before);
      expect(added[0]).toBe("  - path: /carnival");
      expect(added).toContain("    draft: true");
      // The inline site's filler articles come last: an article goes after them, a recipe after the flan.
      if (kind === "article")
        expect(after.indexOf("path: /carnival")).toBeGreaterThan(after.lastIndexOf("path: /filler-4"));
      if (kind === "recipe") expect(after.indexOf("path: /carnival")).toBeGreaterThan(after.indexOf("path: /flan"));
      expect(await readFile(join(root, stub), "utf8")).toMatch(hint);
      const schema = /\$schema=(\S+)/.exec(await readFile(join(root, stub), "utf8"))![1]!;
      expect(existsSync(resolve(dirname(join(root, stub)), schema)), schema).toBe(true);

      const out = join(root, "dist");
      const first = await build({ root, out, clock: "2026-01-15" });
      expect(first.pages.map((p) => p.route)).not.toContain("/carnival");
      // Published: the stub's every required field is there (its TODOs are placeholders to replace).
      await writeFile(join(root, "site.yaml"), after.replace("    draft: true\n", ""));
      const published = await build({ root, out, clock: "2026-01-15" });
      expect(published.pages.map((p) => p.route)).toContain("/carnival");
    },
    120_000,
  );

  it("refuses a slug that is not lowercase words, and a page that is there: exit 2, nothing written", async () => {
    const root = await writeInlineSite(SITE);
    const before = await readFile(join(root, "site.yaml"), "utf8");
    const bad = await runCli(["new", "article", "Carnival_2026", "--root", root], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'Carnival_2026' is not a page name of lowercase words joined by hyphens");
    const taken = await runCli(["new", "recipe", "flan", "--root", root], root);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("the route /flan already exists");
    const kind = await runCli(["new", "video", "x", "--root", root], root);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain("'video' is not a kind of page ppguide new makes. Pass article, recipe or listing");
    expect(await readFile(join(root, "site.yaml"), "utf8")).toBe(before);
    const ok = await runCli(["new", "article", "carnival", "--root", root, "--clock", "2026-01-15"], root);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Added \/carnival to site\.yaml at line \d+, as a draft; wrote content\/travel\/carnival\.md\./,
    );
  }, 60_000);

  it("keeps a CRLF site.yaml CRLF, every other byte as it was, and the file's mode", async () => {
    const root = await writeInlineSite(SITE);
    const lf = await readFile(join(root, "site.yaml"), "utf8");
    const before = lf.replace(/\n/g, "\r\n");
    await writeFile(join(root, "site.yaml"), before);
    await chmod(join(root, "site.yaml"), 0o640);
    const done = await newPage(root, "recipe", "carnival", "2026-01-15");
    const after = await readFile(join(root, "site.yaml"), "utf8");
    // Every line ends in CR LF, the new ones too, and the old lines are all there, in order.
    expect(after.split("\r\n").length - 1).toBe(after.split("\n").length - 1);
    const lines = after.split("\r\n");
    const added = lines.length - before.split("\r\n").length;
    expect(lines[done.line - 1]).toBe("  - path: /carnival");
    expect([...lines.slice(0, done.line - 1), ...lines.slice(done.line - 1 + added)].join("\r\n")).toBe(before);
    // The same entry, in the same place, as in the LF file: only the line endings differ.
    const twin = await writeInlineSite(SITE);
    await newPage(twin, "recipe", "carnival", "2026-01-15");
    expect(after).toBe((await readFile(join(twin, "site.yaml"), "utf8")).replace(/\n/g, "\r\n"));
    // The stub is written with the manifest's line endings too.
    const stub = await readFile(join(root, "content/recipes/carnival.md"), "utf8");
    expect(stub.split("\r\n").length - 1).toBe(stub.split("\n").length - 1);
    expect((await stat(join(root, "site.yaml"))).mode & 0o777).toBe(0o640);
    expect((await readdir(root)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const out = join(root, "dist");
    expect((await build({ root, out, clock: "2026-01-15" })).pages.length).toBeGreaterThan(0);
  }, 60_000);

  // Regression: a site.yaml with CR-only line endings built, but `new` refused it ("missing required field
  // 'routes'"): it parsed the text with another reader than the build's.
  it("reads a site.yaml with CR-only line endings as build does: the route added, CR kept, the site builds", async () => {
    const root = await writeInlineSite(SITE);
    const lf = await readFile(join(root, "site.yaml"), "utf8");
    await writeFile(join(root, "site.yaml"), lf.replace(/\n/g, "\r"));
    const done = await newPage(root, "article", "carnival", "2026-01-15");
    const after = await readFile(join(root, "site.yaml"), "utf8");
    // The same entry, in the same place, as in the LF file: only the line endings differ.
    const twin = await writeInlineSite(SITE);
    expect((await newPage(twin, "article", "carnival", "2026-01-15")).line).toBe(done.line);
    expect(after).toBe((await readFile(join(twin, "site.yaml"), "utf8")).replace(/\n/g, "\r"));
    expect(after.split("\r")[done.line - 1]).toBe("  - path: /carnival");
    const stub = await readFile(join(root, "content/travel/carnival.md"), "utf8");
    expect(stub).not.toContain("\n");
    expect((await build({ root, out: join(root, "dist"), clock: "2026-01-15" })).pages.length).toBeGreaterThan(0);
  }, 60_000);

  it("keeps a byte-order mark at the start of site.yaml, and every other byte", async () => {
    const root = await writeInlineSite(SITE);
    const lf = await readFile(join(root, "site.yaml"), "utf8");
    await writeFile(join(root, "site.yaml"), `\uFEFF${lf}`);
    await newPage(root, "article", "carnival", "2026-01-15");
    const twin = await writeInlineSite(SITE);
    await newPage(twin, "article", "carnival", "2026-01-15");
    expect(await readFile(join(root, "site.yaml"), "utf8")).toBe(
      `\uFEFF${await readFile(join(twin, "site.yaml"), "utf8")}`,
    );
  }, 60_000);

  it.each([
    ["CR-only", (text: string) => text.replace(/\n/g, "\r")],
    ["CRLF", (text: string) => text.replace(/\n/g, "\r\n")],
    ["BOM", (text: string) => `\uFEFF${text}`],
  ])(
    "a mistake in a %s site.yaml is reported by new where build reports it, in the file on disk",
    async (_what, spell) => {
      const root = await writeInlineSite(SITE);
      const text = (await readFile(join(root, "site.yaml"), "utf8")).replace("kind: recipe", "kind: recipes");
      await writeFile(join(root, "site.yaml"), spell(text));
      const built = await runCli(["build", "--format", "json"], root);
      const added = await runCli(["new", "article", "carnival", "--format", "json"], root);
      expect([built.code, added.code]).toEqual([1, 1]);
      const problems = (stdout: string) => (JSON.parse(stdout) as { problems: unknown[] }).problems;
      expect(problems(built.stdout)).toEqual([
        expect.objectContaining({ code: "ManifestInvalid", file: "site.yaml", line: 9, column: 11 }),
      ]);
      expect(problems(added.stdout)).toEqual(problems(built.stdout));
      expect(await readFile(join(root, "site.yaml"), "utf8")).toBe(spell(text));
    },
    60_000,
  );

  // Regression: `new article index` was refused at site.yaml:55:11, a line of the file as it would have been
  // (on disk, another route), with exit 1; and `new article 404` was accepted, though no build of the site could
  // then succeed.
  it.each([
    ["index", "route '/index' ends in 'index', which hosts answer with a redirect to its folder ('/')"],
    ["404", "route '/404' would be served where the build writes 404.html"],
    ["pagefind", "route '/pagefind' would be served where the build writes pagefind"],
  ])(
    "new article %s, a route the build owns, is a usage error (exit 2) located nowhere, and writes nothing",
    async (slug, why) => {
      const root = await writeInlineSite(SITE);
      const before = await readFile(join(root, "site.yaml"));
      const { code, stderr } = await runCli(["new", "article", slug], root);
      expect(code).toBe(2);
      const refused = stderr.split("\n").filter((line) => line.endsWith("[NewPageRefused]"));
      expect(refused).toEqual([
        expect.stringMatching(new RegExp(`^the route /${slug} cannot be added: ${escapeRegExp(why)}`)),
      ]);
      expect(stderr).not.toContain("site.yaml:");
      expect(await readFile(join(root, "site.yaml"))).toEqual(before);
      expect(existsSync(join(root, `content/travel/${slug}.md`))).toBe(false);
    },
    60_000,
  );

  // A file-size limit (ulimit -f 1: 512 bytes in sh) stops the write of the new site.yaml part
  // way; Node ignores SIGXFSZ, so the write fails with EFBIG, as a full disk fails with ENOSPC.
  it("a failure while writing site.yaml leaves its bytes as they were, and no stub or temporary file", async () => {
    const root = await writeInlineSite(SITE);
    const before = await readFile(join(root, "site.yaml"));
    expect(before.length).toBeGreaterThan(512);
    const run = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(
        "sh",
        ["-c", 'ulimit -f 1 && exec "$NODE" "$PPGUIDE_CLI" new article carnival --clock 2026-01-15'],
        { cwd: root, env: { ...process.env, NODE: process.execPath, PPGUIDE_CLI: CLI } },
        (err, _stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
      ),
    );
    expect(run.stderr).toMatch(/the file is larger than this process may write \(EFBIG in write\).*\[DiskFull\]/);
    expect(run.code).toBe(1);
    expect(await readFile(join(root, "site.yaml"))).toEqual(before);
    expect(existsSync(join(root, "content/travel/carnival.md"))).toBe(false);
    expect((await readdir(root)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  }, 60_000);
});

/**
 * An editor's first hour, as a new user walks it: `ppguide new`, build the draft, publish it
 * untouched, build, write it, build under --strict. Every line `new` writes for the editor to
 * replace (the TODO lines and values, and the `# TODO` marks on a recipe's figures) is reported at
 * its own file:line:col once the page is published: a warning, and under --strict an error with
 * nothing written. Regression: an unfinished stub went live with exit 0, even under --strict.
 */
describe("an editor's walk: new, publish, build, write, build --strict", () => {
  // A site with real values, so --strict fails on the stub alone.
  const REAL = `
-- site.yaml --
site:
  name: Walk Site
  url: https://walk-guide.org
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Walk Site }
  email: info@walk-guide.org
  social: { facebook: https://www.facebook.com/walkguide, twitter: https://x.com/walkguide, pinterest: https://www.pinterest.com/walkguide/, youtube: https://www.youtube.com/@walkguide }
  disclosure: Some links are affiliate links.
authors:
  desk: { name: Test Desk, avatar: /images/avatar.svg, email: desk@walk-guide.org }
routes:
  - { path: /a, title: A, content: travel/a.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE} }
-- content/travel/a.md --
A.
`;
  const CLOCK = ["--clock", "2026-01-15"];

  it.each(["article", "recipe", "listing"] as const)(
    "%s: every TODO it wrote is reported once published, and --strict passes once each is written",
    async (kind) => {
      const root = await writeInlineSite(REAL);
      const made = await runCli(["new", kind, "carnival", "--root", root, ...CLOCK], root);
      expect(made.code).toBe(0);
      const files = (made.stdout.match(/content\/\S+?\.(?:md|yaml)/g) ?? []).map((f) => f);
      expect(files.length).toBe(kind === "listing" ? 2 : 1);
      const build = (...more: string[]) => runCli(["build", "--root", root, ...CLOCK, ...more], root);

      // A draft is being written: its stub text is nobody's business yet.
      const draft = await build("--strict");
      expect(draft.stderr).toBe("");
      expect(draft.code).toBe(0);

      // Published untouched: a warning at every line that holds a TODO, in site.yaml's new entry and in each stub.
      const yaml = await readFile(join(root, "site.yaml"), "utf8");
      await writeFile(join(root, "site.yaml"), yaml.replace("    draft: true\n", ""));
      const marked: string[] = [];
      for (const file of ["site.yaml", ...files]) {
        const lines = (await readFile(join(root, file), "utf8")).split("\n");
        lines.forEach((line, i) => {
          const column = line.indexOf("TODO");
          // A quoted value is located at its quote, as the YAML parser reports it.
          if (column >= 0) marked.push(`${file}:${i + 1}:${line[column - 1] === '"' ? column : column + 1}`);
        });
      }
      expect(marked.length).toBeGreaterThanOrEqual(kind === "article" ? 3 : 7);
      const published = await build();
      expect(published.code).toBe(0);
      const warned = published.stderr.split("\n").filter((l) => l.endsWith("[StubTextLeft]"));
      expect(warned.map((l) => /^warning: (\S+)/.exec(l)![1]).sort()).toEqual([...marked].sort());
      expect(published.stderr.split("\n").filter(Boolean)).toEqual(warned);

      const strict = await build("--strict");
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain(`${marked.length} problems found; nothing was published`);
      expect(strict.stderr.split("\n").filter((l) => l.endsWith("[StubTextLeft]"))).toHaveLength(marked.length);

      // Written: each TODO value and line replaced by the editor's own words, each `# TODO` mark done.
      for (const file of ["site.yaml", ...files]) {
        const text = await readFile(join(root, file), "utf8");
        await writeFile(
          join(root, file),
          text
            .replace(/ # TODO:.*$/gm, "")
            .replace(/"TODO:[^"]*"/g, '"Words the editor wrote about this place, in full."')
            .replace(/^TODO:.*$/gm, "The editor's own introduction, written in full."),
        );
      }
      const written = await build("--strict");
      expect(written.stderr).toBe("");
      expect(written.code).toBe(0);
      expect(written.stdout).toMatch(/^Built \d+ pages/);
    },
    120_000,
  );
});

describe("what ppguide new chooses for the editor", () => {
  // Two desks, the first site.yaml names writing the articles, the other the recipes; pages named for a beach, a
  // town and a dish.
  const DESKS = `
-- site.yaml --
authors:
  desk: { name: Travel Desk, avatar: /images/avatar.svg, email: travel@inline.example }
  food: { name: Food Desk, avatar: /images/avatar.svg, email: food@inline.example }
routes:
  - { path: /sosua-beach, kind: article, content: a.md, related: [/cabarete-kites, /mangu, /filler-1] }
  - { path: /cabarete-kites, kind: article, content: a.md, related: [/sosua-beach, /mangu, /filler-1] }
  - { path: /mangu, kind: recipe, author: food, content: r.md, related: [/sosua-beach, /cabarete-kites, /filler-1] }
-- content/a.md --
A.
-- content/r.md --
---
recipe: { servings: 4, category: Breakfast, ingredients: [plantains], instructions: [Boil them.] }
---
Mangú.
`;
  const entryOf = (text: string, path: string) => text.slice(text.indexOf(`  - path: ${path}\n`)).split("\n\n")[0]!;

  it("relates a page to those that name what its slug names, marked TODO; and the author of its kind writes it", async () => {
    const root = await writeInlineSite(DESKS);
    await newPage(root, "article", "cabarete-surf-schools", "2026-01-15");
    await newPage(root, "recipe", "mangu-with-salami", "2026-01-15");
    const text = await readFile(join(root, "site.yaml"), "utf8");
    const surf = entryOf(text, "/cabarete-surf-schools");
    expect(surf).toMatch(/^ {4}related: \[\/cabarete-kites, .*\] # TODO: three pages a reader of this one wants next/m);
    expect(surf).toContain("    author: desk\n");
    const recipe = entryOf(text, "/mangu-with-salami");
    expect(recipe).toMatch(/^ {4}related: \[\/mangu, .*\] # TODO: /m);
    // Not the first author of site.yaml: the one who writes the recipes.
    expect(recipe).toContain("    author: food\n");
  });

  it("ends every file it writes with a line break, in the site's own line endings", async () => {
    for (const eol of ["\n", "\r\n"]) {
      const root = await writeInlineSite(SITE);
      const yaml = join(root, "site.yaml");
      await writeFile(yaml, (await readFile(yaml, "utf8")).replace(/\r?\n/g, eol));
      const done = await newPage(root, "listing", "carnival", "2026-01-15");
      for (const file of done.files) {
        const text = await readFile(join(root, file), "utf8");
        expect(text.endsWith(eol), `${file} ends with ${JSON.stringify(eol)}`).toBe(true);
        expect(text.endsWith(`${eol}${eol}`), `${file} ends with one line break`).toBe(false);
      }
    }
  });

  it("states one rule for a description, the schema's, which the stub and docs/content-format.md repeat", async () => {
    const schema = JSON.parse(await readFile(join(PACKAGE_DIR, "schema/site.schema.json"), "utf8"));
    const rule: string = schema.definitions.route.properties.description.description;
    const [, low, high] = /(\d+)–(\d+) characters/.exec(rule)!;
    const root = await writeInlineSite(SITE);
    await newPage(root, "article", "carnival", "2026-01-15");
    expect(await readFile(join(root, "site.yaml"), "utf8")).toContain(`description: "TODO: ${rule}"`);
    const docs = await readFile(join(PACKAGE_DIR, "docs/content-format.md"), "utf8");
    const said = [...docs.matchAll(/(\d+)[–-](\d+) characters/g)].map((m) => `${m[1]}–${m[2]}`);
    expect(said.length).toBeGreaterThan(0);
    expect(new Set(said)).toEqual(new Set([`${low}–${high}`]));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The store of parsed YAML (src/manifest/parsed-yaml.ts): a rebuild finds what an earlier load parsed,
 * each time as a fresh copy; what it cannot trust (another code's file, damaged bytes, a link out of
 * the site) it parses again; and a site built with it is byte for byte the site built without it,
 * its mistakes located at the same line and column.
 */
import { cpSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { appendFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { currentCode } from "../../src/core/code-id.ts";
import { readChecked, writeChecked } from "../../src/core/disk-cache.ts";
import { errorData, PpgError, PROBLEMS_AS_DATA, type PpgErrorData } from "../../src/core/errors.ts";
import { build } from "../../src/engine/build.ts";
import { ParsedYaml } from "../../src/manifest/parsed-yaml.ts";
import { parseYamlSource } from "../../src/manifest/yaml-source.ts";
import { treeDigests } from "../helpers/output-tree.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt } from "../helpers/outcome.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";

const CODE = "code-a";
const scratch = async () => join(await mkdtemp(join(tmpdir(), "ppguide-parsed-")), "parsed-yaml");

/** A load: each text parsed through the store, which is then saved. */
function load(file: string, texts: string[], code = CODE): unknown[] {
  const parsed = ParsedYaml.open(file, code);
  const data = texts.map((text) => parseYamlSource(text, "x.yaml", 0, parsed).data);
  parsed.save();
  return data;
}

describe("the store of parsed YAML", () => {
  it("gives a later load the data parsed before, a fresh copy each time", async () => {
    const file = await scratch();
    const [first] = load(file, ["title: Cabarete\nfacts: [1, 2]\n"]);
    const store = ParsedYaml.open(file, CODE);
    const found = store.find("title: Cabarete\nfacts: [1, 2]\n");
    expect(found?.data).toEqual(first);
    (found!.data as { facts: number[] }).facts.push(3);
    expect(store.find("title: Cabarete\nfacts: [1, 2]\n")?.data).toEqual({ title: "Cabarete", facts: [1, 2] });
    expect(store.find("title: Sosúa\n")).toBeUndefined();
  });

  it("keeps what the parser made of numbers JSON cannot hold and of a __proto__ key", async () => {
    const file = await scratch();
    const text = "a: .nan\nb: -.inf\nc: -0\nd: 0x1F\n__proto__: plain\n";
    const fresh = parseYamlSource(text, "x.yaml").data as Record<string, unknown>;
    load(file, [text]);
    const stored = ParsedYaml.open(file, CODE).find(text)?.data as Record<string, unknown>;
    expect(Object.is(stored.a, Number.NaN)).toBe(true);
    expect(stored.b).toBe(Number.NEGATIVE_INFINITY);
    expect(Object.is(stored.c, fresh.c)).toBe(true);
    expect(stored.d).toBe(31);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(Object.keys(fresh));
    expect(Object.getOwnPropertyDescriptor(stored, "__proto__")?.value).toBe(
      Object.getOwnPropertyDescriptor(fresh, "__proto__")?.value,
    );
  });

  it("holds the texts of the last load only, and is not written again when they are the same", async () => {
    const file = await scratch();
    load(file, ["a: 1\n", "b: 2\n"]);
    load(file, ["a: 1\n", "c: 3\n"]);
    const store = ParsedYaml.open(file, CODE);
    expect([store.find("a: 1\n"), store.find("b: 2\n"), store.find("c: 3\n")].map((f) => f?.data)).toEqual([
      { a: 1 },
      undefined,
      { c: 3 },
    ]);
    const before = statSync(file);
    load(file, ["c: 3\n", "a: 1\n"]);
    const after = statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it("finds nothing in a file of another code, a damaged one, or one that is not its format", async () => {
    const file = await scratch();
    load(file, ["a: 1\n"]);
    expect(ParsedYaml.open(file, "code-b").find("a: 1\n")).toBeUndefined();
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x20;
    writeFileSync(file, bytes);
    expect(ParsedYaml.open(file, CODE).find("a: 1\n")).toBeUndefined();
    writeFileSync(file, readFileSync(file).subarray(0, 10));
    expect(ParsedYaml.open(file, CODE).find("a: 1\n")).toBeUndefined();
    writeChecked(file, "not v8 at all");
    expect(ParsedYaml.open(file, CODE).find("a: 1\n")).toBeUndefined();
    // Each time the text was parsed again, and the store is whole once more.
    expect(load(file, ["a: 1\n"])).toEqual([{ a: 1 }]);
    expect(ParsedYaml.open(file, CODE).find("a: 1\n")?.data).toEqual({ a: 1 });
  });

  it("never reads through a link out of its folder, and saving replaces the link, not what it leads to", async () => {
    const file = await scratch();
    const outside = `${file}-outside`;
    load(outside, ["a: 1\n"]);
    const outsideBytes = readFileSync(outside);
    symlinkSync(outside, file);
    expect(ParsedYaml.open(file, CODE).find("a: 1\n")).toBeUndefined();
    // Nor through one planted at the name it writes before renaming.
    symlinkSync(outside, `${file}.tmp-${process.pid}`);
    load(file, ["b: 2\n"]);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(ParsedYaml.open(file, CODE).find("b: 2\n")?.data).toEqual({ b: 2 });
    expect(readFileSync(outside)).toEqual(outsideBytes);
  });

  it("runs a check once per text that passes it, and every time on one that does not", async () => {
    const file = await scratch();
    const runs: string[] = [];
    const check = (store: ParsedYaml, text: string, found: string[] = []) =>
      store.checked(text, "rule", () => {
        runs.push(text);
        return found;
      });
    const first = ParsedYaml.open(file, CODE);
    for (const text of ["a: 1\n", "b: 2\n"]) first.keep(text, {});
    expect(check(first, "a: 1\n")).toEqual([]);
    expect(check(first, "b: 2\n", ["wrong"])).toEqual(["wrong"]);
    expect(check(first, "a: 1\n")).toEqual([]);
    first.save();
    const second = ParsedYaml.open(file, CODE);
    for (const text of ["a: 1\n", "b: 2\n"]) second.find(text);
    expect(check(second, "a: 1\n")).toEqual([]);
    expect(check(second, "b: 2\n", ["wrong"])).toEqual(["wrong"]);
    // A pass is the check's own, for that text under that code.
    expect(second.checked("a: 1\n", "another rule", () => ["other"])).toEqual(["other"]);
    expect(check(ParsedYaml.open(file, "code-b"), "a: 1\n")).toEqual([]);
    expect(runs).toEqual(["a: 1\n", "b: 2\n", "b: 2\n", "a: 1\n"]);
  });

  it("keeps a pass for a text it holds no data of (site.yaml as written with CR LF), and is then not written again", async () => {
    const file = await scratch();
    let runs = 0;
    const load = () => {
      const store = ParsedYaml.open(file, CODE);
      if (!store.find("a: 1\n")) store.keep("a: 1\n", { a: 1 });
      store.checked("a: 1\r\n", "site schema", () => {
        runs++;
        return [];
      });
      store.save();
    };
    load();
    load();
    const held = statSync(file);
    load();
    expect(runs).toBe(1);
    expect([statSync(file).ino, statSync(file).mtimeMs]).toEqual([held.ino, held.mtimeMs]);
  });

  it("refuses a text whose values break the rules on every load, and believes a pass it holds", async () => {
    const file = await scratch();
    const bad = 'title: "Sos\\x0bua"\n';
    for (let i = 0; i < 2; i++) expect(() => load(file, [bad])).toThrow(/U\+000B/);
    // A pass is trusted as given (the store is checksummed and names its code): one written for the bad text is
    // what lets it through, so it is the pass that saves the work.
    const forged = ParsedYaml.open(file, CODE);
    forged.keep(bad, { title: "Sos\x0bua" });
    forged.checked(bad, "values", () => []);
    forged.save();
    expect(load(file, [bad])).toEqual([{ title: "Sos\x0bua" }]);
    expect(() => load(file, [bad], "code-b")).toThrow(/U\+000B/);
  });

  it("keeps an answer with its text and what else the scan read, its problems as data", async () => {
    const file = await scratch();
    const runs: string[] = [];
    const scan = (store: ParsedYaml, context: string) =>
      store.answer(
        "url: https://a.example\n",
        "placeholders",
        context,
        () => {
          runs.push(context);
          return [
            new PpgError("PlaceholderLeft", { kind: "reservedDomain", url: "https://a.example", domain: "a.example" }),
          ];
        },
        PROBLEMS_AS_DATA,
      );
    const first = ParsedYaml.open(file, CODE);
    const found = scan(first, "public/ as it was").map((e) => e.format());
    first.save();
    const second = ParsedYaml.open(file, CODE);
    expect(scan(second, "public/ as it was").map((e) => e.format())).toEqual(found);
    expect(runs).toEqual(["public/ as it was"]);
    expect(scan(second, "a file added to public/").map((e) => e.format())).toEqual(found);
    expect(runs).toEqual(["public/ as it was", "a file added to public/"]);
    // The answer is the scan's own, under this code.
    expect(second.answer("url: https://a.example\n", "another scan", "public/ as it was", () => 7)).toBe(7);
    scan(ParsedYaml.open(file, "code-b"), "public/ as it was");
    expect(runs).toHaveLength(3);
  });

  it("tells two long texts of one length apart (a long string's hash is its length)", async () => {
    const store = ParsedYaml.open(await scratch(), CODE);
    const long = (c: string) => `a: ${c.repeat(1 << 17)}\n`;
    store.keep(long("x"), { a: "x" });
    store.keep(long("y"), { a: "y" });
    for (let i = 0; i < 10; i++) store.keep(long(String(i)), { a: i });
    expect([store.find(long("x"))?.data, store.find(long("y"))?.data]).toEqual([{ a: "x" }, { a: "y" }]);
    expect(store.key(long("x"))).not.toBe(store.key(long("y")));
  });

  it("a store that cannot be written is left as it is, and the load goes on", async () => {
    const file = await scratch();
    mkdirSync(file);
    writeFileSync(join(file, "keep"), "mine");
    expect(load(file, ["a: 1\n"])).toEqual([{ a: 1 }]);
    expect(readFileSync(join(file, "keep"), "utf8")).toBe("mine");
  });
});

describe("a site built with the store", () => {
  const SITE = `-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
---
section: Beaches
keywords: [playa, arena]
---
Golden sand at Playa Dorada.
`;

  it("is the site built without it, and a rebuild finds site.yaml and each front matter there", async () => {
    const root = await writeInlineSite(SITE);
    const store = join(root, ".ppguide-cache/parsed-yaml");
    expect((await attempt({ root, out: "dist" })).exit).toBe(0);
    const first = await treeDigests(join(root, "dist"));
    // site.yaml and a.md's front matter, as a fresh parse makes them.
    const entries = ParsedYaml.open(store, currentCode());
    const siteYaml = readFileSync(join(root, "site.yaml"), "utf8");
    expect(entries.find(siteYaml)?.data).toEqual(parseYamlSource(siteYaml, "site.yaml").data);
    expect(entries.find("section: Beaches\nkeywords: [playa, arena]")?.data).toEqual({
      section: "Beaches",
      keywords: ["playa", "arena"],
    });
    const held = statSync(store);
    rmSync(join(root, "dist"), { recursive: true });
    rmSync(join(root, "dist.ppguide"), { recursive: true, force: true });
    expect((await attempt({ root, out: "dist" })).exit).toBe(0);
    expect(await treeDigests(join(root, "dist"))).toEqual(first);
    // Nothing changed, so the store was not written again.
    expect([statSync(store).ino, statSync(store).mtimeMs]).toEqual([held.ino, held.mtimeMs]);
    writeFileSync(
      join(root, "content/a.md"),
      readFileSync(join(root, "content/a.md"), "utf8").replace("Beaches", "Towns"),
    );
    expect((await attempt({ root, out: "dist" })).exit).toBe(0);
    const after = ParsedYaml.open(store, currentCode());
    expect(after.find("section: Towns\nkeywords: [playa, arena]")).toBeDefined();
    expect(after.find("section: Beaches\nkeywords: [playa, arena]")).toBeUndefined();
  });

  it("reports a mistake found after site.yaml came from the store at the line and column a fresh parse gives", async () => {
    const withStore = await writeInlineSite(SITE);
    expect((await attempt({ root: withStore, out: "dist" })).exit).toBe(0);
    rmSync(join(withStore, "content/a.md"));
    const fresh = await writeInlineSite(SITE);
    rmSync(join(fresh, "content/a.md"));
    const [found, expected] = [
      await attempt({ root: withStore, out: "dist" }),
      await attempt({ root: fresh, out: "dist" }),
    ];
    expect(found.exit).toBe(1);
    expect(found.lines.map((l) => l.replace(withStore, "ROOT"))).toEqual(
      expected.lines.map((l) => l.replace(fresh, "ROOT")),
    );
    expect(found.lines.join("\n")).toMatch(/ContentMissing {2}site\.yaml:2:41 /);
  });

  /** A route published on 2026-02-01 whose description is a stub `ppguide new` left, beside the fixture's placeholders. */
  const scheduled = async () => {
    const root = await copyFixture("basic-site");
    await appendFile(
      join(root, "site.yaml"),
      [
        "  - path: /carnival",
        "    kind: article",
        "    title: Carnival",
        "    description: TODO describe the parade for a reader who has never seen it.",
        "    image: { src: /images/photo.svg, alt: A float in the parade }",
        "    author: desk",
        "    dates: { created: 2026-01-01, published: 2026-02-01, modified: 2026-02-01 }",
        "    content: articles/carnival.md",
        "    related: [/beaches, /flan-recipe, /bakeries]",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(root, "content/articles/carnival.md"),
      "The parade fills the Malecón every Sunday in February.\n",
    );
    return root;
  };
  const reported = (result: { placeholders: PpgError[]; warnings: readonly PpgError[] }) =>
    [...result.placeholders, ...result.warnings].map((e) => `${e.code}  ${e.format()}`).sort();
  /** What a build of a copy of `root` with no store reports on `clock`. */
  const fresh = async (root: string, clock: string) => {
    const copy = await mkdtemp(join(tmpdir(), "ppguide-fresh-"));
    cpSync(root, copy, { recursive: true, filter: (f) => !/\.ppguide-cache|dist/.test(f) });
    return reported(await build({ root: copy, out: "dist", clock }));
  };

  it("takes site.yaml's placeholders as kept with its text, and scans again on a day that publishes another page", async () => {
    const root = await scheduled();
    const store = join(root, ".ppguide-cache/parsed-yaml");
    const before = reported(await build({ root, out: "dist", clock: "2026-01-15" }));
    expect(before).toEqual(await fresh(root, "2026-01-15"));
    expect(before.join("\n")).not.toMatch(/describe the parade/);
    // A placeholder the scan cannot find, written into the kept answer: a rebuild that reports it took the answer.
    const stored = deserialize(readChecked(store)!) as { answers: Map<string, Map<string, { value: PpgErrorData[] }>> };
    const answer = stored.answers
      .get(ParsedYaml.open(store, currentCode()).key(readFileSync(join(root, "site.yaml"), "utf8")))
      ?.get("placeholders");
    const forged = new PpgError("PlaceholderLeft", {
      kind: "reservedDomain",
      url: "https://kept.example",
      domain: "kept.example",
    });
    answer!.value.push(errorData(forged));
    writeChecked(store, serialize(stored));
    const kept = reported(await build({ root, out: "dist", clock: "2026-01-20" }));
    expect(kept).toEqual([...before, `PlaceholderLeft  ${forged.format()}`].sort());
    // On the day the route is published, site.yaml's published routes are others: scanned again.
    const published = reported(await build({ root, out: "dist", clock: "2026-02-01" }));
    expect(published).toEqual(await fresh(root, "2026-02-01"));
    expect(published).toContainEqual(
      expect.stringMatching(/^StubTextLeft {2}site\.yaml:\d+:18 {2}routes\[7\]\.description/),
    );
    expect(published.join("\n")).not.toMatch(/kept\.example/);
  });

  it("finds an image site.yaml names again when public/ loses it, site.yaml as it was", async () => {
    const root = await copyFixture("basic-site");
    expect((await attempt({ root, out: "dist" })).exit).toBe(0);
    rmSync(join(root, "public/images/banner.svg"));
    const [kept, expected] = [await attempt({ root, out: "dist" }), await freshAttempt(root)];
    expect(kept.exit).toBe(1);
    expect(kept.lines.map((l) => l.replaceAll(root, "ROOT"))).toEqual(expected.lines);
    expect(kept.lines.join("\n")).toMatch(/^AssetMissing {2}site\.yaml:15:\d+ {2}site\.banners\[0\]\.image/m);
  });

  it("finds a page's clash with a file again when public/ gains one at its path, site.yaml as it was", async () => {
    const root = await copyFixture("basic-site");
    expect((await attempt({ root, out: "dist" })).exit).toBe(0);
    writeFileSync(join(root, "public/beaches.html"), "<!doctype html><title>Beaches</title>\n");
    const [kept, expected] = [await attempt({ root, out: "dist" }), await freshAttempt(root)];
    expect(kept.exit).toBe(1);
    expect(kept.lines.map((l) => l.replaceAll(root, "ROOT"))).toEqual(expected.lines);
    expect(kept.lines.join("\n")).toMatch(/^RouteIsFile {2}site\.yaml:\d+:\d+ {2}routes\[1\]\.path/m);
  });

  const freshAttempt = async (root: string) => {
    const copy = await mkdtemp(join(tmpdir(), "ppguide-fresh-"));
    cpSync(root, copy, { recursive: true, filter: (f) => !/\.ppguide-cache|dist/.test(f) });
    const outcome = await attempt({ root: copy, out: "dist" });
    return { ...outcome, lines: outcome.lines.map((l) => l.replaceAll(copy, "ROOT")) };
  };
});

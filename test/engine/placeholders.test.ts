import { execFile } from "node:child_process";
import { appendFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture } from "../helpers/fixture.ts";

const bin = fileURLToPath(new URL("../../bin/ppguide", import.meta.url));
const run = (args: string[]) =>
  promisify(execFile)(bin, args, { encoding: "utf8" }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** The basic fixture keeps its placeholders (.example domains, bare social links) and gains two in Markdown. */
async function siteWithPlaceholders(): Promise<string> {
  const root = await copyFixture("basic-site");
  await appendFile(
    join(root, "content/articles/beaches.md"),
    "\n::video { title: Sunset surf, summary: Surfers at Cabarete. }\n\nBook at [the hotel](https://www.hotel.example/book).\n",
  );
  return root;
}

/** The same site with every placeholder replaced by a real-looking value. */
async function siteWithRealValues(): Promise<string> {
  const root = await copyFixture("basic-site");
  const replaceAll = async (file: string, pairs: [string, string][]) => {
    let text = await readFile(join(root, file), "utf8");
    for (const [from, to] of pairs) {
      if (!text.includes(from)) throw new Error(`no '${from}' in ${file}`);
      text = text.replaceAll(from, to);
    }
    await writeFile(join(root, file), text);
  };
  await replaceAll("site.yaml", [
    ["fixture.example", "fixtureguide.org"],
    ["https://www.facebook.com/", "https://www.facebook.com/fixtureguide"],
    ["https://x.com/", "https://x.com/fixtureguide"],
    ["https://www.pinterest.com/", "https://www.pinterest.com/fixtureguide/"],
    ["https://www.youtube.com/", "https://www.youtube.com/@fixtureguide"],
    ["https://hotels.example/?aid=1", "https://www.booking.com/?aid=304142"],
  ]);
  await replaceAll("content/listings/bakeries.yaml", [["corner-bakery.example", "cornerbakery.com.do"]]);
  await appendFile(
    join(root, "content/articles/beaches.md"),
    "\n::video { id: abcDEF12345, title: Sunset surf, summary: Surfers at Cabarete. }\n",
  );
  return root;
}

describe("the placeholder report", () => {
  it("lists every placeholder with its file:line:col", async () => {
    const result = await build({ root: await siteWithPlaceholders(), write: false });
    expect(result.placeholders.map((p) => p.format().split(". ")[0])).toEqual([
      "site.yaml:4:8  site.url  'https://fixture.example' uses the reserved domain 'fixture.example'",
      "site.yaml:7:10  site.email  e-mail address 'info@fixture.example' uses the reserved domain 'fixture.example'",
      "site.yaml:9:15  site.social.facebook  social link 'https://www.facebook.com/' is the network's home page, not the site's profile",
      "site.yaml:10:14  site.social.twitter  social link 'https://x.com/' is the network's home page, not the site's profile",
      "site.yaml:11:16  site.social.pinterest  social link 'https://www.pinterest.com/' is the network's home page, not the site's profile",
      "site.yaml:12:14  site.social.youtube  social link 'https://www.youtube.com/' is the network's home page, not the site's profile",
      "site.yaml:15:15  site.banners[0].href  'https://hotels.example/?aid=1' uses the reserved domain 'hotels.example'",
      "site.yaml:20:12  authors.desk.email  e-mail address 'desk@fixture.example' uses the reserved domain 'fixture.example'",
      "content/listings/bakeries.yaml:11:11  items[0].link  'https://www.corner-bakery.example/' uses the reserved domain 'www.corner-bakery.example'",
      "content/listings/bakeries.yaml:13:14  items[0].sources[0].url  'https://www.corner-bakery.example/contact' uses the reserved domain 'www.corner-bakery.example'",
      "content/articles/beaches.md:21:1  video 'Sunset surf' has no real id yet",
      "content/articles/beaches.md:23:21  'https://www.hotel.example/book' uses the reserved domain 'www.hotel.example'",
    ]);
  });

  it("finds stand-in ids in affiliate links and videos", async () => {
    const root = await copyFixture("basic-site");
    await writeFile(
      join(root, "site.yaml"),
      (await readFile(join(root, "site.yaml"), "utf8")).replace(
        "https://hotels.example/?aid=1",
        "https://www.booking.com/?aid=AFFILIATE_ID",
      ),
    );
    await appendFile(join(root, "content/articles/beaches.md"), "\n::video PLACEHOLDER_SURF Sunset surf\n");
    const found = (await build({ root, write: false })).placeholders.map((p) => p.format());
    expect(found).toContainEqual(
      expect.stringMatching(
        /^site\.yaml:15:15 {2}site\.banners\[0\]\.href {2}'https:\/\/www\.booking\.com\/\?aid=AFFILIATE_ID' holds the stand-in 'AFFILIATE_ID'/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^content\/articles\/beaches\.md:21:1 {2}video id 'PLACEHOLDER_SURF' is a stand-in/),
    );
  });

  // The guide's own stand-ins (its videos to choose, its affiliate id) printed 18 lines on every
  // build and buried what an editor had just done: they are counted on one line.
  it("counts them on one line after the summary, and the build still succeeds", async () => {
    const root = await siteWithPlaceholders();
    const result = await run(["build", "--root", root]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Built 8 pages/);
    expect(lines[1]).toBe(
      "12 placeholders left to replace before going live (7 example domains, 4 social links to a network's home " +
        "page, 1 video without an id): --placeholders lists them, --strict fails on them unless acknowledged.yaml " +
        "lists them.",
    );
    expect(lines[2]).toMatch(/^Next change: \d{4}-\d\d-\d\d \(/);
  });

  it("--placeholders lists each under that line, at its file:line:col", async () => {
    const root = await siteWithPlaceholders();
    const result = await run(["build", "--root", root, "--placeholders"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[1]).toMatch(
      /^12 placeholders left to replace before going live \(.*\), --strict fails on them unless acknowledged\.yaml lists them:$/,
    );
    expect(lines.slice(2, -1)).toHaveLength(12);
    expect(lines[2]).toMatch(/^ {2}site\.yaml:4:8 {2}site\.url {2}/);
    expect(lines.at(-1)).toMatch(/^Next change: /);
  });

  it("--strict: exit 1, every placeholder as a located error, and the previous output untouched", async () => {
    const root = await siteWithPlaceholders();
    const out = join(root, "dist");
    expect((await run(["build", "--root", root])).code).toBe(0);
    const snapshot = async () => {
      const files = (await readdir(out, { recursive: true })).sort();
      return { files, home: await readFile(join(out, "index.html"), "utf8") };
    };
    const before = await snapshot();
    const result = await run(["build", "--root", root, "--strict"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("content/articles/beaches.md:21:1  video 'Sunset surf' has no real id yet.");
    expect(result.stderr).toContain("site.yaml:4:8  site.url  'https://fixture.example' uses the reserved domain");
    // The stages after the check went on, to report what they find too; the copy they wrote is not served.
    expect(result.stderr).toMatch(
      /12 problems found; nothing was published \(the copy being prepared, .*, is not served\)\./,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("the same site with real values has no list, and --strict builds it", async () => {
    const root = await siteWithRealValues();
    expect((await build({ root, write: false })).placeholders).toEqual([]);
    const result = await run(["build", "--root", root, "--strict"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [summary, next, ...rest] = result.stdout.trim().split("\n");
    expect(summary).toMatch(/^Built 8 pages, 1 aliases and \d+ assets into .*dist in \d+\.\d\d s$/);
    expect(next).toMatch(/^Next change: \d{4}-01-01 \(the footer's year changes\)$/);
    expect(rest).toEqual([]);
  });
});

/**
 * The gate an editor's change meets (audits/acknowledged.ts): `ppguide acknowledge` lists what the site has, and
 * `--strict` then fails only on what a change brings, each at its place, while the acknowledged ones stay one line.
 */
describe("the gate: --strict with acknowledged.yaml", () => {
  it("passes the site as acknowledged; fails a published stub's TODO and a price typed by hand, and only them", async () => {
    const root = await siteWithPlaceholders();
    const written = await run(["acknowledge", "--root", root]);
    expect(written.stdout).toBe("Wrote acknowledged.yaml: 12 problems --strict lets through until each is fixed.\n");
    const untouched = await run(["build", "--root", root, "--strict"]);
    expect(untouched.stderr).toBe("");
    expect(untouched.code).toBe(0);
    // Listed once: the acknowledged placeholders are the summary's one line, as without --strict.
    expect(untouched.stdout.split("\n")[1]).toMatch(/^12 placeholders left to replace before going live \(/);

    await appendFile(
      join(root, "content/articles/beaches.md"),
      "\nTODO: say where to park.\n\nThe boat ride costs $20 a person.\n",
    );
    const changed = await run(["build", "--root", root, "--strict"]);
    expect(changed.code).toBe(1);
    const errors = changed.stderr.split("\n").filter((l) => / {2}\[\w+\]$/.test(l) && !l.startsWith("warning:"));
    expect(errors).toEqual([
      expect.stringMatching(/^content\/articles\/beaches\.md:\d+:1 {2}'TODO: say where to park\.' is stub text/),
      expect.stringMatching(
        /^content\/articles\/beaches\.md:\d+:\d+ {2}the money amount '\$20' is written here, not taken from a fact\./,
      ),
    ]);
  });

  it("warns of an acknowledged problem the site no longer has, so the list only shrinks", async () => {
    const root = await siteWithPlaceholders();
    await run(["acknowledge", "--root", root]);
    await writeFile(
      join(root, "content/articles/beaches.md"),
      (await readFile(join(root, "content/articles/beaches.md"), "utf8")).replace(
        "https://www.hotel.example/book",
        "https://www.hotelpuertoplata.do/book",
      ),
    );
    const result = await run(["build", "--root", root, "--strict"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: acknowledged\.yaml:\d+:3 {2}PlaceholderLeft in content\/articles\/beaches\.md is acknowledged but no longer found: 'https:\/\/www\.hotel\.example\/book' uses the reserved domain/m,
    );
  });
});

/**
 * One reading of line breaks: a Markdown file is read the same whether its lines end in LF, CR LF
 * or CR alone (YAML 1.2 and CommonMark both take a lone CR for a line break). Regression: a
 * CR-only file's front matter was published as prose ("section: Dominican Travel genre: …") with
 * exit 0, in build and in dev; and `ppguide new` on a CR-only site.yaml wrote a CR-only stub that
 * did the same once published.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { newPage } from "../../src/site/new-page.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const SITE = `
-- site.yaml --
routes:
  - { path: /parade, kind: article, content: parade.md }
-- content/parade.md --
The parade.
`;
/** A page whose front matter changes what the page shows: its table of contents and its sources. */
const MARKDOWN = [
  "---",
  "toc: true",
  "keywords: [carnival, masks]",
  "sources:",
  '  - { url: "https://carnival.example.org/2026", says: the parade route, date: 2024-11 }',
  "---",
  "",
  "## The route",
  "",
  "The parade walks [the Malecón](/filler-1).",
  "",
  "## The masks",
  "",
  "Devils in bright masks.",
  "",
].join("\n");
const ENDINGS = { LF: "\n", "CR LF": "\r\n", CR: "\r" } as const;

async function pageWith(text: string): Promise<string> {
  const root = await writeInlineSite(SITE);
  removeWhenDone(root);
  await writeFile(join(root, "content/parade.md"), text);
  const { pages } = await build({ root, write: false });
  return pages.find((p) => p.route === "/parade")!.html!;
}

describe("a Markdown file's line breaks", () => {
  it("give the same page whatever they are: front matter found after CR, LF or CR LF alike", async () => {
    const [lf, crlf, cr] = await Promise.all(
      Object.values(ENDINGS).map((eol) => pageWith(MARKDOWN.replace(/\n/g, eol))),
    );
    // The front matter was read: its keys are not prose, and the sources it lists are shown.
    expect(lf).not.toContain("toc: true");
    expect(lf).toContain("carnival.example.org/2026");
    expect(crlf).toBe(lf);
    expect(cr).toBe(lf);
  }, 60_000);

  it("place a mistake at the same line and column whatever they are", async () => {
    const broken = MARKDOWN.replace("toc: true", "toc: maybe").replace("(/filler-1)", "(/nowhere)");
    const seen: string[][] = [];
    for (const eol of Object.values(ENDINGS)) {
      const root = await writeInlineSite(SITE);
      removeWhenDone(root);
      await writeFile(join(root, "content/parade.md"), broken.replace(/\n/g, eol));
      seen.push((await attempt({ root, write: false })).lines);
    }
    expect(seen[0]).toEqual([expect.stringMatching(/^FrontMatterInvalid {2}content\/parade\.md:2:6 /)]);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  }, 60_000);

  it("an unclosed fence in a CR-only file is refused, not published as prose", async () => {
    const root = await writeInlineSite(SITE);
    removeWhenDone(root);
    await writeFile(join(root, "content/parade.md"), "---\rtoc: true\r\rThe parade.\r");
    expect((await attempt({ root, write: false })).lines).toEqual([
      expect.stringMatching(/^FrontMatterUnclosed {2}content\/parade\.md:1:1 /),
    ]);
  }, 60_000);

  it("ppguide new on a CR-only site.yaml writes a stub whose front matter is read once it is published", async () => {
    const root = await writeInlineSite(SITE);
    removeWhenDone(root);
    const lf = await readFile(join(root, "site.yaml"), "utf8");
    await writeFile(join(root, "site.yaml"), lf.replace(/\n/g, "\r"));
    await newPage(root, "article", "carnival", "2026-01-15");
    const manifest = await readFile(join(root, "site.yaml"), "utf8");
    expect(manifest).not.toContain("\n");
    const stub = await readFile(join(root, "content/travel/carnival.md"), "utf8");
    expect(stub).toMatch(/^---\r/);
    expect(stub).not.toContain("\n");
    // Published: the draft line removed, as an editor does.
    await writeFile(join(root, "site.yaml"), manifest.replace(/\r[ \t]*draft: true(?=\r)/, ""));
    const { pages } = await build({ root, write: false, clock: "2026-01-15" });
    const html = pages.find((p) => p.route === "/carnival")!.html!;
    expect(html).toContain("TODO: write the page.");
    expect(html).not.toMatch(/keywords: \[|yaml-language-server/);
  }, 60_000);
});

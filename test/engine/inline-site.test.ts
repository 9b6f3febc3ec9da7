import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildInline, completeManifest, parseTxtar } from "../helpers/inline-site.ts";

describe("an inline site", () => {
  it("splits a txtar text into files, without the indentation of the test's source", () => {
    const files = parseTxtar(`
      -- site.yaml --
      routes:
        - path: /a
      -- content/a.md --
      # A

      Text.
    `);
    expect([...files]).toEqual([
      ["site.yaml", "routes:\n  - path: /a\n"],
      ["content/a.md", "# A\n\nText.\n"],
    ]);
  });

  it("fills in what the text leaves out after its own lines, so their positions hold", () => {
    const own = "routes:\n  - { path: /a }\n";
    const manifest = completeManifest(own);
    expect(manifest.startsWith(own)).toBe(true);
    expect(manifest).toMatch(/^ {2}- \{ path: \/filler-1, /m);
    expect(manifest).toMatch(/^site:\n/m);
    expect(manifest).toMatch(/^authors:\n/m);
    expect(manifest).toMatch(/^nav:\n/m);
    // A text that names its own site settings keeps them, and gets no second `site:`.
    expect(completeManifest("site:\n  name: Mine\n").match(/^site:/gm)).toHaveLength(1);
  });

  it("fills a one-line route's required fields for its kind before its closing brace, its own columns kept", () => {
    const own =
      "routes:\n  - { path: /a, kind: article, content: a.md }\n  - { path: /i, kind: index, title: Everything }\n";
    const [a, i] = completeManifest(own).split("\n").slice(1, 3);
    expect(a!.startsWith("  - { path: /a, kind: article, content: a.md")).toBe(true);
    expect(a).toMatch(
      /, title: Page \/a, description: .+, image: \{ src: \/images\/photo\.svg, alt: A picture \}, author: desk, dates: \{ .+ \}, related: \[\/filler-1, \/filler-2, \/filler-3\] \}$/,
    );
    // What the test wrote stays as written: no second title.
    expect(i!.match(/title:/g)).toHaveLength(1);
    expect(i).toMatch(/cards: \[\/filler-1, \/filler-2\], columns: 2 \}$/);
  });

  it("a route of `{ path, kind, content }` alone builds", async () => {
    const outcome = await buildInline(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nHello.\n",
    );
    expect(outcome).toMatchObject({ exit: 0, lines: [] });
  });

  it("with nothing declared, builds: the defaults are a whole valid site", async () => {
    const outcome = await buildInline("-- content/unused.md --\nNothing links here.\n");
    expect(outcome).toMatchObject({ exit: 0, lines: [] });
    expect(
      await readFile(join(outcome.root, "dist/filler-1/index.html"), "utf8").catch(() =>
        readFile(join(outcome.root, "dist/filler-1.html"), "utf8"),
      ),
    ).toContain("Filler 1");
  });

  it("one route of its own, related to the fillers, builds and is rendered", async () => {
    const outcome = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, title: Page A, description: One page of its own., image: { src: /images/photo.svg, alt: A },
            author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 },
            content: a.md, related: [/filler-1, /filler-2, /filler-3] }
      -- content/a.md --
      Hello from **page A**.
    `);
    expect(outcome.exit).toBe(0);
  });
});

// Error codes on sites declared here, each asserted at a position in the test's own text.
describe("error codes on inline sites", () => {
  it("AuthorNotFound at the author's value, line 3 of this site.yaml", async () => {
    const outcome = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, title: Page A, description: One page of its own on the inline site., image: { src: /images/photo.svg, alt: A },
            author: nobody, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 },
            content: a.md, related: [/filler-1, /filler-2, /filler-3] }
      -- content/a.md --
      Hello.
    `);
    expect(outcome.exit).toBe(1);
    expect(outcome.lines[0]).toMatch(
      /^AuthorNotFound {2}site\.yaml:3:15 {2}routes\[0\]\.author {2}unknown author 'nobody'/,
    );
  });

  it("ListingUnsourced at the phone of a listing whose source supports only its website", async () => {
    const outcome = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /shops, kind: directory, title: Shops, description: Two shops in the town of the inline site., image: { src: /images/photo.svg, alt: Shops },
            content: shops.md, listings: shops.yaml, columns: 2, related: [/filler-1, /filler-2, /filler-3] }
      -- content/shops.md --
      Two shops in town.
      -- content/shops.yaml --
      itemType: Store
      items:
        - id: 1
          name: Corner Shop
          image: /images/photo.svg
          alt: A shop window
          address2: Puerto Plata 57000
          phone: "+1 809 555 0100"
          link: https://corner.example/
          sources:
            - { url: "https://corner.example/", supports: [link], says: "The shop's own site." }
    `);
    expect(outcome.exit).toBe(1);
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^ListingUnsourced {2}content\/shops\.yaml:8:12 {2}items\[0\]\.phone {2}phone '\+1 809 555 0100' of 'Corner Shop' names no source/,
      ),
    ]);
  });
});

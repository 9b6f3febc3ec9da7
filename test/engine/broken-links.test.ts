/**
 * Link-check findings are located errors, one per broken link or anchor (issue 23: BrokenLink
 * wrapped a text report, so the dev overlay could point at none of them).
 */
import { describe, expect, it } from "vitest";
import { describeAll, PpgError } from "../../src/core/errors.ts";
import { dedupe } from "../../src/engine/render-pages.ts";
import { buildInline } from "../helpers/inline-site.ts";

describe("broken links", () => {
  it("each is its own BrokenLink at its place in the Markdown, with the href and reason as data", async () => {
    const outcome = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, title: Page A, description: One page of its own., image: { src: /images/photo.svg, alt: A },
            author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 },
            content: a.md, related: [/filler-1, /filler-2, /filler-3] }
      -- content/a.md --
      ## Where to eat

      See [the list](#where-to-eet).

      Then [filler one](/filler-1#nowhere).
    `);
    expect(outcome.exit).toBe(1);
    expect(outcome.lines).toEqual([
      "BrokenLink  content/a.md:3:16  #where-to-eet  missing anchor. Fix the link, or set site.checkLinks to 'warn' in site.yaml while you work.",
      "BrokenLink  content/a.md:5:19  /filler-1#nowhere  missing anchor. Fix the link, or set site.checkLinks to 'warn' in site.yaml while you work.",
    ]);
  });

  it("the CLI gives the shared hint once, after the last of them", () => {
    const at = (line: number) => ({ location: { file: "content/a.md", line, column: 1 } });
    const lines = describeAll([
      new PpgError("BrokenLink", { href: "/x", reason: "missing page" }, at(1)),
      new PpgError("BrokenLink", { href: "/y", reason: "missing page" }, at(2)),
    ]);
    expect(lines).toEqual([
      "content/a.md:1:1  /x  missing page  [BrokenLink]",
      "content/a.md:2:1  /y  missing page. Fix the link, or set site.checkLinks to 'warn' in site.yaml while you work.  [BrokenLink]",
    ]);
  });

  it("dedupes by code, place and data, not by the message's text", () => {
    const link = (line: number) =>
      new PpgError(
        "BrokenLink",
        { href: "/x", reason: "missing page" },
        { location: { file: "content/a.md", line, column: 1 } },
      );
    expect(dedupe([link(1), link(1), link(2)]).map((e) => e.location!.line)).toEqual([1, 2]);
  });
});

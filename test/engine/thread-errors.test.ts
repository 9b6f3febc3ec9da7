/**
 * A user error raised on a render thread reaches the CLI as the same typed error: code, location,
 * hint and exit 1. Regression test for issue 23: it arrived as a plain Error through the thread
 * (structured clone drops prototypes), which the CLI took for a bug in ppguide, exit 70.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  errorsOf,
  exitCodeOf,
  isUserError,
  PpgError,
  PpgErrorList,
  reviveUserError,
  userErrorData,
} from "../../src/core/errors.ts";
import { sitePages } from "../../src/render/kinds/index.ts";
import { keyPages, renderInputOf } from "../../src/engine/page-keys.ts";
import { renderJobs } from "../../src/engine/render-pages.ts";
import { loadSite } from "../../src/site/load-site.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";

const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";
const page = (markdown: string, kind = ARTICLE) =>
  `-- site.yaml --\nroutes:\n  - { path: /a, content: a.md, related: [/filler-1, /filler-2, /filler-3], ${kind} }\n-- content/a.md --\n${markdown}\n`;

/** Each kind of mistake a page can hold that only rendering finds, and the line it is reported at. */
const RENDER_ERRORS: [code: string, text: string, where: RegExp][] = [
  ["RouteNotFound", page("See [the beach](/nowhere)."), /^RouteNotFound {2}content\/a\.md:1:\d+ {2}link '\/nowhere'/],
  [
    "AssetMissing",
    page("![A photo](/images/none.svg)"),
    /^AssetMissing {2}content\/a\.md:1:\d+ {2}image '\/images\/none\.svg'/,
  ],
  ["UrlMalformed", page("See [it](/%E0%A4%A)."), /^UrlMalformed {2}content\/a\.md:1:10 /],
  ["RawHtmlUnsafe", page("Hi <script>alert(1)</script>"), /^RawHtmlUnsafe {2}content\/a\.md:1:\d+ /],
  ["DirectiveUnknown", page("Intro.\n\n::bannr\n\nMore."), /^DirectiveUnknown {2}content\/a\.md:3:1 /],
  ["VideoInvalid", page("Intro.\n\n::video { title: [unclosed\n\nMore."), /^VideoInvalid {2}content\/a\.md:3:\d+/],
  [
    "BannersMissing",
    page("Intro.\n\n::banner\n\nMore."),
    /^BannersMissing {2}content\/a\.md:3:1 {2}content\/a\.md places a ::banner/,
  ],
  [
    "RecipeMissing",
    page("A.", ARTICLE.replace("kind: article", "kind: recipe")),
    /^RecipeMissing {2}content\/a\.md:1:1 /,
  ],
];

describe("a user error on a render thread", () => {
  it.each(RENDER_ERRORS)(
    "%s found on a thread of the pool is reported as inline: code, place, exit 1",
    async (_code, text, where) => {
      const pooled = await buildInline(text, { workers: true });
      expect(pooled.exit).toBe(1);
      expect(pooled.lines[0]).toMatch(where);
      expect(pooled.lines).toEqual((await buildInline(text, { workers: false })).lines);
    },
  );

  it("OutputPathOutside from a file name that climbs out arrives typed, exit 1", async () => {
    const site = await loadSite(await writeInlineSite(page("A.")));
    const input = renderInputOf(site, {
      spec: { target: await mkdtemp(join(tmpdir(), "ppguide-thread-")) },
      scan: false,
      search: false,
    });
    const jobs = keyPages(input, sitePages(site.manifest)).map((job) =>
      job.route === "/a" ? { ...job, file: "../escape.html" } : job,
    );
    const found = await renderJobs(input, jobs, () => {}, { threads: true }).then(
      () => [],
      (err: unknown) => errorsOf(err as PpgError),
    );
    expect(found.map((e) => e.code)).toEqual(["OutputPathOutside"]);
    expect(found[0]!.message).toBe("the output file name '../escape.html' would not stay inside the output folder");
    expect(found[0]!.format()).toContain("Route, alias and asset paths may not contain");
    expect(exitCodeOf(found[0]!)).toBe(1);
  });

  it("keeps each error's location, path and hint through a structured clone", () => {
    const list = new PpgErrorList([
      new PpgError(
        "RouteNotFound",
        { what: "related card", path: "/nowhere" },
        { location: { file: "site.yaml", line: 4, column: 29 }, path: "routes[0].related[1]" },
      ),
      new PpgError("AssetMissing", { what: "image", path: "/images/none.svg" }, { hint: "A hint of the call's own." }),
    ]);
    const revived = reviveUserError(structuredClone(userErrorData(list)));
    expect(errorsOf(revived).map((e) => [e.code, e.format()])).toEqual(list.errors.map((e) => [e.code, e.format()]));
    expect(errorsOf(revived)[0]!.location).toEqual({ file: "site.yaml", line: 4, column: 29 });
  });

  it("is recognised by its type field, not its class (a second copy of the module)", () => {
    const foreign = Object.assign(new Error("from another copy"), {
      type: "PpgError",
      code: "RouteNotFound",
      format: () => "from another copy",
    });
    expect(isUserError(foreign)).toBe(true);
    expect(exitCodeOf(foreign as unknown as PpgError)).toBe(1);
    expect(isUserError(Object.assign(new Error("plain"), { code: "ENOENT" }))).toBe(false);
  });
});

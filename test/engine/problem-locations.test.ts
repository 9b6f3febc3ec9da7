/**
 * Every problem the link check or the image check finds is reported once, at the source that
 * wrote it (engine/link-sources.ts, engine/render-pages.ts missingImageErrors). Once: a link to a
 * missing non-ASCII anchor (`/flan-recipe#Mangú`, `#Niño`) was reported at the built page
 * (`beaches.html:8:17`, a file nobody wrote), and a missing image `café.svg` twice, the second
 * time with no location, telling the user to fix site.yaml.
 */
import { describe, expect, it } from "vitest";
import { buildInline } from "../helpers/inline-site.ts";

describe("problems are located in the sources, once", () => {
  it("a link to a missing non-ASCII anchor is reported at its Markdown line, as written", async () => {
    const outcome = await buildInline(`-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
## Mangú {#Mangú}

See [the niño](/filler-1#Niño), [mangú](/a#Mangu) and [x](/filler-2#Mangú).

Written decomposed: [y](/filler-3#Man\u0067\u0075\u0301).
`);
    expect(outcome.exit).toBe(1);
    expect(outcome.lines).toEqual([
      expect.stringMatching(/^BrokenLink {2}content\/a\.md:3:16 {2}\/filler-1#Niño {2}missing anchor/),
      expect.stringMatching(
        /^BrokenLink {2}content\/a\.md:3:41 {2}\/a#Mangu {2}missing anchor \(did you mean \/a#Mangú\?\)/,
      ),
      expect.stringMatching(/^BrokenLink {2}content\/a\.md:3:59 {2}\/filler-2#Mangú {2}missing anchor/),
      expect.stringMatching(/^BrokenLink {2}content\/a\.md:5:25 {2}\/filler-3#Mangú {2}missing anchor/),
    ]);
  });

  // Regression: a Markdown link to no route got no "did you mean", though check-links and site.yaml's links offer one.
  it("a Markdown link to no route names the route it most likely meant", async () => {
    const outcome = await buildInline(`-- site.yaml --
aliases:
  - { from: /old-guide, to: /filler-2 }
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
See [the guide](/filer-1), [the old one](/old-guid) and [nothing like it](/zzzzzzzzzz).
`);
    expect(outcome.exit).toBe(1);
    expect(outcome.lines).toEqual([
      "RouteNotFound  content/a.md:1:17  link '/filer-1' is not a route or alias. Did you mean '/filler-1'?",
      "RouteNotFound  content/a.md:1:42  link '/old-guid' is not a route or alias. Did you mean '/old-guide'?",
      "RouteNotFound  content/a.md:1:75  link '/zzzzzzzzzz' is not a route or alias. " +
        "Add the route to site.yaml, add an alias, or fix the path.",
    ]);
  });

  it("a missing image with a non-ASCII name is reported once, at its line", async () => {
    const outcome = await buildInline(`-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
A page.

![A café](/images/café.svg) and again ![The café](/images/caf%C3%A9.svg)
`);
    // One file, written two ways on one line: one problem, at the first.
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^AssetMissing {2}content\/a\.md:3:11 {2}image '\/images\/café\.svg' is not a file under public\//,
      ),
    ]);
  });
});

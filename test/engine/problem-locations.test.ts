/**
 * Every problem the link check or the image check finds is reported once, at the source that
 * wrote it (engine/link-sources.ts, engine/render-pages.ts missingImageErrors). Once: a link to a
 * missing non-ASCII anchor (`/flan-recipe#Mangú`, `#Niño`) was reported at the built page
 * (`beaches.html:8:17`, a file nobody wrote), and a missing image `café.svg` twice, the second
 * time with no location, telling the user to fix site.yaml.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";

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

  // Regression: `/beaches-puerto-plata` suggested `/bakeries-puerto-plata`, nearer letter by letter but about other
  // places, and an image written `.jpeg` for `.jpg`, or under `recipe/` for `recipes/`, got no suggestion at all.
  it("suggests by what a path names: the page about the same places, the picture of the same name", async () => {
    const root = await writeInlineSite(`-- site.yaml --
routes:
  - { path: /5-best-beaches-puerto-plata, kind: article, content: a.md }
  - { path: /bakeries-puerto-plata, kind: article, content: b.md, image: { src: /images/recipe/flan.jpg, alt: A flan } }
-- content/a.md --
See [the beaches](/beaches-puerto-plata) and ![a flan](/images/recipes/flan.jpeg).
-- content/b.md --
Bread.
`);
    await mkdir(join(root, "public/images/recipes"), { recursive: true });
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c93" } })
      .jpeg()
      .toFile(join(root, "public/images/recipes/flan.jpg"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.lines).toEqual([
      "AssetMissing  site.yaml:3:81  routes[1].image.src  image '/images/recipe/flan.jpg' is not a file under " +
        "public/. Did you mean '/images/recipes/flan.jpg'? Fix the path, or add the file to public/.",
      "RouteNotFound  content/a.md:1:19  link '/beaches-puerto-plata' is not a route or alias. " +
        "Did you mean '/5-best-beaches-puerto-plata'?",
      "AssetMissing  content/a.md:1:56  image '/images/recipes/flan.jpeg' is not a file under public/. " +
        "Did you mean '/images/recipes/flan.jpg'? Fix the path, or add the file to public/.",
    ]);
  });
});

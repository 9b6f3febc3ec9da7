/**
 * Mistakes an editor makes that once exited 70, "a bug in ppguide", or failed far from their cause
 * (issue 27): each is now one located error, exit 1, and the previous output as it was.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attemptBroken } from "../helpers/outcome.ts";

type Breakage = (root: string) => Promise<void>;

/** Replaces every `from` in a file (at least one). */
const replaceAll =
  (file: string, from: string, to: string): Breakage =>
  async (root) => {
    const text = await readFile(join(root, file), "utf8");
    if (!text.includes(from)) throw new Error(`'${from}' not in ${file}`);
    await writeFile(join(root, file), text.replaceAll(from, to));
  };
const longSegment = "a".repeat(300);

/** [what, breakage, the one expected line (code, location, start of message)] */
const CASES: [string, Breakage, RegExp][] = [
  [
    "a malformed percent-escape in a Markdown link",
    replaceAll("content/articles/beaches.md", "[flan](/flan-recipe)", "[flan](/%E0%A4%A)"),
    /^UrlMalformed {2}content\/articles\/beaches\.md:7:38 {2}link '\/%E0%A4%A' holds a malformed percent-escape/,
  ],
  [
    "a malformed percent-escape in a Markdown image",
    replaceAll("content/articles/beaches.md", "(/images/photo.svg ", "(/images/%E0%A4%A.svg "),
    /^UrlMalformed {2}content\/articles\/beaches\.md:13:29 {2}image '\/images\/%E0%A4%A\.svg' holds a malformed percent-escape/,
  ],
  [
    "a malformed percent-escape in a ::video poster",
    replaceAll(
      "content/articles/beaches.md",
      "::banner",
      "::video { title: Dawn, summary: The beach at dawn., poster: /%E0%A4%A }",
    ),
    /^UrlMalformed {2}content\/articles\/beaches\.md:15:1 {2}'::video' poster '\/%E0%A4%A' holds a malformed percent-escape/,
  ],
  [
    "a ::video poster that is not under public/",
    replaceAll(
      "content/articles/beaches.md",
      "::banner",
      "::video { title: Dawn, summary: The beach at dawn., poster: /images/nope.svg }",
    ),
    /^AssetMissing {2}content\/articles\/beaches\.md:15:1 {2}'::video' poster '\/images\/nope\.svg' is not a file under public\//,
  ],
  [
    "a malformed percent-escape in a site.yaml image",
    replaceAll(
      "site.yaml",
      "image: { src: /images/photo.svg, alt: A wide sandy beach",
      "image: { src: /images/%E0%A4%A.svg, alt: A wide sandy beach",
    ),
    /^AssetMissing {2}site\.yaml:50:19 {2}routes\[1\]\.image\.src/,
  ],
  [
    "author: constructor",
    replaceAll(
      "site.yaml",
      "    author: desk\n    dates: { created: 2025-01-02",
      "    author: constructor\n    dates: { created: 2025-01-02",
    ),
    /^AuthorNotFound {2}site\.yaml:51:13 {2}routes\[1\]\.author {2}unknown author 'constructor'/,
  ],
  [
    "author: __proto__",
    replaceAll(
      "site.yaml",
      "    author: desk\n    dates: { created: 2025-01-02",
      "    author: __proto__\n    dates: { created: 2025-01-02",
    ),
    /^AuthorNotFound {2}site\.yaml:51:13 {2}routes\[1\]\.author {2}unknown author '__proto__'/,
  ],
  [
    "author: toString",
    replaceAll(
      "site.yaml",
      "    author: desk\n    dates: { created: 2025-01-02",
      "    author: toString\n    dates: { created: 2025-01-02",
    ),
    /^AuthorNotFound {2}site\.yaml:51:13 {2}routes\[1\]\.author {2}unknown author 'toString'/,
  ],
  [
    "a route path segment of 300 characters",
    replaceAll("site.yaml", "/guides", `/${longSegment}`),
    /^PathTooLong {2}site\.yaml:73:11 {2}routes\[4\]\.path {2}route '\/a{39}…' has a segment of 300 bytes/,
  ],
  [
    "a route /robots.txt",
    replaceAll("site.yaml", "/guides", "/robots.txt"),
    /^RouteIsFile {2}site\.yaml:73:11 {2}routes\[4\]\.path {2}route '\/robots\.txt' would be served where the build writes robots\.txt/,
  ],
  [
    "a route /index.html",
    replaceAll("site.yaml", "/guides", "/index.html"),
    /^RouteIsFile {2}site\.yaml:73:11 {2}routes\[4\]\.path {2}route '\/index\.html' would be served where the build writes index\.html/,
  ],
  [
    "an alias /favicon.svg",
    replaceAll("site.yaml", "/old-beaches", "/favicon.svg"),
    /^RouteIsFile {2}site\.yaml:32:13 {2}aliases\[0\]\.from {2}alias '\/favicon\.svg' would be served where the build copies public\/favicon\.svg/,
  ],
];

describe("an editor's mistake", () => {
  it.each(CASES)("%s: one located error, exit 1, the previous output untouched", async (_what, breakIt, expected) => {
    const outcome = await attemptBroken(breakIt);
    expect(outcome.lines).toEqual([expect.stringMatching(expected)]);
    expect(outcome).toMatchObject({ exit: 1, untouched: true });
  });
});

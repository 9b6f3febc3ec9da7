import { load } from "cheerio";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseVideoDirective } from "../../src/content/directives.ts";
import { build } from "../../src/engine/build.ts";
import { PpgError, PpgErrorList } from "../../src/core/errors.ts";
import { copyFixture } from "../helpers/fixture.ts";

describe("::video arguments", () => {
  it.each([
    ["abc_DEF-123 Waves at dawn", { video: { id: "abc_DEF-123", title: "Waves at dawn" } }],
    ['{ title: "Waves", summary: Surf rolling in. }', { video: { title: "Waves", summary: "Surf rolling in." } }],
    [
      '{ id: "", title: Waves, summary: Surf., search: surf Sosúa, poster: /images/photo.svg }',
      { video: { title: "Waves", summary: "Surf.", search: "surf Sosúa", poster: "/images/photo.svg" } },
    ],
  ])("%s", (arg, expected) => {
    expect(parseVideoDirective(arg)).toEqual(expected);
  });

  it.each([
    ["", /needs a video id and a title/],
    ["not/an/id Title", /is not a video id/],
    ["{ title: Waves }", /without an id needs a summary/],
    ["{ title: Waves, summary: x, colour: red }", /has no field 'colour'/],
    ["{ summary: x }", /needs a title/],
    ["{ title: Waves, summary: x, poster: images/a.svg }", /must be a path under public/],
    ["{ title: [", /not valid YAML/],
  ])("rejects %j", (arg, message) => {
    const parsed = parseVideoDirective(arg);
    expect("problem" in parsed && new PpgError("VideoInvalid", parsed.problem).message).toMatch(message);
  });
});

describe("videos in a built fixture", () => {
  it("a video with an id is a facade; one without is a card with its summary and a search, never a player", async () => {
    const root = await copyFixture("basic-site");
    await appendFile(
      join(root, "content/articles/beaches.md"),
      "\n::video abcDEF12345 Waves at Playa Dorada\n\n::video { title: Sunset surf, summary: Surfers catching the last waves at Cabarete., search: Cabarete surf sunset, poster: /images/photo.svg }\n",
    );
    const result = await build({ root, write: false });
    const $ = load(result.pages.find((p) => p.route === "/beaches")!.html!);
    const facade = $(".prose a.video-facade");
    expect(facade.attr("data-video-id")).toBe("abcDEF12345");
    expect(facade.attr("href")).toBe("https://www.youtube.com/watch?v=abcDEF12345");
    const card = $(".prose .video-pending");
    expect(card.find("[data-video-id], .play-icon").length).toBe(0);
    expect(card.find(".video-title").text()).toBe("Sunset surf");
    expect(card.find(".video-summary").text()).toBe("Surfers catching the last waves at Cabarete.");
    expect(card.find("a.video-search").attr("href")).toBe(
      "https://www.youtube.com/results?search_query=Cabarete%20surf%20sunset",
    );
    expect(card.find("a.video-search").text()).toBe("Search YouTube for it: Cabarete surf sunset");
    expect(card.find("img.video-poster").attr("src")).toBe("/images/photo.svg");
  });

  it("a bad ::video line fails the build at its file, line and column", async () => {
    const root = await copyFixture("basic-site");
    await appendFile(join(root, "content/articles/beaches.md"), "\n  ::video { title: Sunset surf }\n");
    const failure = await build({ root, write: false }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PpgErrorList);
    // beaches.md has 19 lines; the appended blank line is 20, the directive 21 (indented by two).
    expect((failure as PpgErrorList).errors.map((e) => e.format())).toEqual([
      "content/articles/beaches.md:21:3  a '::video' without an id needs a summary. Say in `summary` what the video will show: readers see it until a real id is set.",
    ]);
  });
});

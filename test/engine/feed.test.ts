import { parseFeed } from "@rowanmanning/feed-parser";
import { load } from "cheerio";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadManifest } from "../../src/site/load-site.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";

describe("/feed.xml (issue 16)", () => {
  let root: string;
  const out = () => join(root, "dist");

  beforeAll(async () => {
    root = await copyFixture("basic-site");
    // A character that must be escaped, in a title a reader sees in full.
    await edit(join(root, "site.yaml"), "title: The Best Beaches\n", "title: The Best Beaches & Coves <North Coast>\n");
    await build({ root });
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is an Atom feed of the articles and recipes, newest first, with full titles, summaries, dates, authors and images", async () => {
    const feed = parseFeed(await readFile(join(out(), "feed.xml"), "utf8"));
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Fixture Guide");
    expect(feed.url).toBe("https://fixture.example/");
    expect(feed.self).toBe("https://fixture.example/feed.xml");
    expect(feed.updated?.toISOString()).toBe("2025-09-01T00:00:00.000Z");
    expect(feed.items.map((i) => [i.title, i.url, i.published?.toISOString(), i.updated?.toISOString()])).toEqual([
      ["Caramel Flan", "https://fixture.example/flan-recipe", "2025-02-01T00:00:00.000Z", "2025-03-15T00:00:00.000Z"],
      [
        "The Best Beaches & Coves <North Coast>",
        "https://fixture.example/beaches",
        "2025-01-03T00:00:00.000Z",
        "2025-09-01T00:00:00.000Z",
      ],
    ]);
    const beaches = feed.items[1]!;
    expect(beaches.description).toBe("Where to swim, where to eat and when to go to the beach.");
    expect(beaches.authors.map((a) => a.name)).toEqual(["Test Desk"]);
    const image = beaches.media.find((m) => m.type === "image");
    expect(image?.mimeType).toBe("image/jpeg");
    // The image is the page's 1200x630 share image, written to the output with the length the feed states.
    const file = join(out(), new URL(image!.url).pathname);
    expect(image?.length).toBe((await stat(file)).size);
    const og = load(await readFile(join(out(), "beaches.html"), "utf8"))('meta[property="og:image"]').attr("content");
    expect(image?.url).toBe(og);
    expect(beaches.image?.url).toBe(og);
  });

  it("is linked from the head of every page, the 404 page included", async () => {
    for (const file of ["index.html", "beaches.html", "bakeries.html", "search.html", "404.html"]) {
      const link = load(await readFile(join(out(), file), "utf8"))(
        'head link[rel="alternate"][type="application/atom+xml"]',
      );
      expect(link.attr("href"), file).toBe("/feed.xml");
      expect(link.attr("title"), file).toBe("Fixture Guide");
    }
  });

  it("on the guide itself: every article and recipe, each with an image, newest first", async () => {
    const site = fileURLToPath(new URL("../..", import.meta.url));
    const tmp = await mkdtemp(join(tmpdir(), "ppguide-feed-"));
    try {
      await build({ root: site, out: tmp, linkMode: "off" });
      const feed = parseFeed(await readFile(join(tmp, "feed.xml"), "utf8"));
      const { manifest } = await loadManifest(site);
      const dated = manifest.routes.filter((r) => r.kind === "article" || r.kind === "recipe");
      expect(feed.items.map((i) => i.title).sort()).toEqual(dated.map((r) => r.title).sort());
      const published = feed.items.map((i) => i.published!.getTime());
      expect(published).toEqual([...published].sort((a, b) => b - a));
      expect(feed.items.filter((i) => !i.image || !i.description)).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }, 300_000);
});

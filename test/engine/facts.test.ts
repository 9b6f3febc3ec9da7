import { load } from "cheerio";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";

// Issue 34: a fact that changes (a closure, an opening, a fare) is stated once under `facts:` in
// site.yaml and shown wherever it is mentioned. The cable car was said to be closed on four pages
// and offered as a ride on nine, each page in its own words.

const RELATED = "related: [/filler-1, /filler-2, /filler-3]";
const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-12-31 }";
const FACTS = `facts:
  lift:
    subject: Hill lift
    status: closed
    since: 2024-06
    text: The lift up the hill has been out of service since June 2024; a road climbs to the top.
    mentions: [lift, teleférico]
    sources:
      - { url: "https://news.example/lift-still-closed", says: the lift was still closed in December, date: 2025-12-05 }
      - { url: "https://other.example/lift", says: the lift closed in June 2024, date: 2024-07 }
  ferry-fare:
    subject: Ferry fare
    text: The ferry charged RD$200 a crossing in 2025.
    sources:
      - { url: "https://ferry.example/fares", says: RD$200 a crossing }
`;
const DIRECTORY = `kind: directory, columns: 2, listings: l.yaml, title: Sights, description: Sights of the inline site for a test., content: d.md, ${RELATED}`;
const listing = (extra = "", description = "The green hill above the town with its lift.") =>
  `itemType: TouristAttraction\nitems:\n  - { id: 1, name: Hill, image: /images/photo.svg, alt: A hill, description: ${description}, address2: Town 57000${extra} }\n`;

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

/**
 * An inline site whose home slide (the filler's: the helper writes the home page) says `slide`
 * instead of the filler's text, e.g. `text: Views., alt: A lift, facts: [lift]`.
 */
async function writeSite(text: string, slide?: string): Promise<string> {
  const root = await writeInlineSite(text);
  roots.push(root);
  if (slide) {
    const yaml = join(root, "site.yaml");
    await writeFile(
      yaml,
      (await readFile(yaml, "utf8")).replace(
        "text: A filler slide., image: /images/photo.svg, alt: A filler picture",
        `image: /images/photo.svg, ${slide}`,
      ),
    );
  }
  return root;
}

/** The built pages of an inline site, in memory. */
async function pages(text: string, slide?: string): Promise<Map<string, string>> {
  const root = await writeSite(text, slide);
  const result = await build({ root, write: false });
  return new Map(result.pages.map((p) => [p.route, p.html!]));
}

describe("a fact shown where it is mentioned", () => {
  it("::fact shows the status line, the text, when it was last confirmed and every source", async () => {
    const built = await pages(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nThe lift was the easy way up.\n\n::fact lift\n\nMore.\n`,
    );
    const $ = load(built.get("/a")!);
    const box = $(".prose .fact");
    expect(box.length).toBe(1);
    expect(box.attr("role")).toBe("note");
    expect(box.hasClass("fact-closed")).toBe(true);
    const first = box.find("p").first();
    expect(first.find("strong").text()).toBe("Hill lift: closed since June 2024.");
    expect(first.find("strong time").attr("datetime")).toBe("2024-06");
    expect(first.text()).toContain("a road climbs to the top");
    // The newest of the sources' dates, whatever their order.
    expect(box.find(".fact-confirmed time").attr("datetime")).toBe("2025-12-05");
    expect(
      box
        .find(".fact-sources li a")
        .map((_, a) => a.attribs.href)
        .get(),
    ).toEqual(["https://news.example/lift-still-closed", "https://other.example/lift"]);
    expect(box.find(".fact-sources li").first().text()).toBe(
      "news.example: the lift was still closed in December (Dec 05, 2025)",
    );
  });

  // Regression: a directive on a page's first line followed the template's opening tag on one
  // line, so it was never placed and stayed an HTML comment.
  it("a directive on a page's first line is placed; a figure shows its subject and text, and no date when its sources give none", async () => {
    const built = await pages(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n::fact ferry-fare\n`,
    );
    const box = load(built.get("/a")!)(".fact");
    expect(box.hasClass("fact-figure")).toBe(true);
    expect(box.find("strong").text()).toBe("Ferry fare.");
    expect(box.find(".fact-confirmed").length).toBe(0);
  });

  it("a listing card and a home slide show the status line of the facts they list", async () => {
    const built = await pages(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /d, ${DIRECTORY} }\n-- content/d.md --\nSights.\n-- content/l.yaml --\n${listing(", facts: [lift, ferry-fare]")}`,
      "text: Views over the town., alt: A lift above a green hill, facts: [lift]",
    );
    const card = load(built.get("/d")!)(".listing-card");
    const lines = card
      .find(".fact-line")
      .map((_, p) => load(p).text())
      .get();
    expect(lines).toEqual([
      "Hill lift: closed since June 2024. Last confirmed Dec 05, 2025.",
      "Ferry fare. The ferry charged RD$200 a crossing in 2025.",
    ]);
    const home = load(built.get("/")!);
    expect(home(".slide .slide-caption .fact-line.fact-closed strong").text()).toBe(
      "Hill lift: closed since June 2024.",
    );
  });

  it("editing a fact renders again every page that shows it (facts are in every page's key)", async () => {
    const root = await writeSite(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n  - { path: /d, ${DIRECTORY} }\n-- content/a.md --\n::fact lift\n-- content/d.md --\nSights.\n-- content/l.yaml --\n${listing(", facts: [lift]")}`,
    );
    const out = join(root, "dist");
    await build({ root, out });
    expect((await build({ root, out })).rendered).toEqual([]);
    const yaml = join(root, "site.yaml");
    await writeFile(yaml, (await readFile(yaml, "utf8")).replace("since: 2024-06", "since: 2024-05"));
    const rendered = (await build({ root, out })).rendered?.map((p) => p.route);
    expect(rendered).toEqual(expect.arrayContaining(["/a", "/d"]));
    expect(load(await readFile(join(out, "d.html"), "utf8"))(".fact-line strong").text()).toBe(
      "Hill lift: closed since May 2024.",
    );
  });
});

describe("a fact mentioned but not shown, or contradicted", () => {
  const site = (markdown: string) =>
    `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n${markdown}\n`;

  it("a sentence that offers a closed place is an error; one that says it is closed or conditions the offer is not", async () => {
    const ok = await buildInline(
      site(
        [
          "::fact lift",
          "",
          "The lift has been closed since June 2024, so take a taxi up the road.",
          "When it runs, tickets for the lift are $10.",
          "Once the lift reopens, ride it early. The teleférico opened in 1975 and was closed in 2024.",
          "The [lift](/filler-1) shows on old postcards.",
        ].join("\n"),
      ),
    );
    expect(ok.lines).toEqual([]);
    const bad = await buildInline(
      site(
        [
          "::fact lift",
          "",
          "Views are great. Take the teleférico to the top, it runs daily.",
          "**Ride the lift** early.",
        ].join("\n"),
      ),
    );
    expect(bad.exit).toBe(1);
    expect(bad.lines).toEqual([
      expect.stringMatching(
        /^FactContradicted {2}content\/a\.md:3:27 {2}'Take the teleférico to the top, it runs daily\.' offers as open/,
      ),
      expect.stringMatching(/^FactContradicted {2}content\/a\.md:4:12 {2}'Ride the lift early\.'/),
    ]);
  });

  it("mentions are whole words, any case, and a link's target is not a mention", async () => {
    const built = await buildInline(site("Uplifting views from the [Hill](/filler-1), and no LIFTS here."));
    expect(built.lines).toEqual([]);
    const named = await buildInline(site("The LIFT."));
    expect(named.lines).toEqual([
      expect.stringMatching(/^FactNotShown {2}content\/a\.md:1:5 {2}'LIFT' is mentioned without the fact 'lift'/),
    ]);
  });

  it("a listing, a home slide and a video that mention a fact must show it; a route's description may not offer it", async () => {
    const root = await writeSite(
      `-- site.yaml --\n${FACTS}routes:\n` +
        `  - { path: /d, ${DIRECTORY} }\n` +
        `  - { path: /v, kind: videos, title: Videos, description: Ride the lift to the top on video this week., content: v.md, ${RELATED}, videos: [{ title: The lift, summary: The climb above the town. }] }\n` +
        `-- content/d.md --\nSights.\n-- content/v.md --\nVideos.\n-- content/l.yaml --\n${listing()}`,
      "text: Views over the town., alt: A lift above a green hill",
    );
    const { lines } = await attempt({ root, out: join(root, "dist") });
    // Code, file and YAML path of each: the listing's description, the slide's alt, the video's title, the route's description.
    expect(
      lines
        .map((l) =>
          l
            .replace(/:\d+:\d+ /, " ")
            .split("  ")
            .slice(0, 3)
            .join("  "),
        )
        .sort(),
    ).toEqual(
      [
        "FactNotShown  content/l.yaml  items[0].description",
        "FactNotShown  site.yaml  routes[1].videos[0].title",
        "FactContradicted  site.yaml  routes[1].description",
        "FactNotShown  site.yaml  routes[2].home.slides[0].alt",
      ].sort(),
    );
  });

  it("a ::fact line is read as the renderer reads it: its whole argument is the id", async () => {
    // The renderer places nothing for `::fact lift now` (no fact has that id): so the load stage must name it.
    const result = await buildInline(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nThe easy way up.\n\n  ::fact lift now\n`,
    );
    expect(result.lines).toEqual([
      expect.stringMatching(/^FactUnknown {2}content\/a\.md:3:3 {2}fact 'lift now' is not defined/),
    ]);
  });

  it("an unknown fact in a listing or on a slide is located where it is named", async () => {
    const result = await buildInline(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /d, ${DIRECTORY} }\n-- content/d.md --\nSights.\n-- content/l.yaml --\n${listing(", facts: [lfit]", "The green hill above the town.")}`,
    );
    expect(result.lines).toEqual([
      expect.stringMatching(
        /^FactUnknown {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.facts\[0\] {2}fact 'lfit' is not defined/,
      ),
    ]);
    const root = await writeSite(
      `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
      "text: Views., alt: A hill, facts: [lift, lfit]",
    );
    expect((await attempt({ root, out: join(root, "dist") })).lines).toEqual([
      expect.stringMatching(
        /^FactUnknown {2}site\.yaml:\d+:\d+ {2}routes\[1\]\.home\.slides\[0\]\.facts\[1\] {2}fact 'lfit'/,
      ),
    ]);
  });
});

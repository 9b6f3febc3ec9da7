import { load, type CheerioAPI } from "cheerio";
import { describe, expect, it } from "vitest";
import { confirmedOn } from "../../src/content/fact-figures.ts";
import { checkLegs } from "../../src/content/legs.ts";
import { figuresIn, isAmbiguous } from "../../src/content/figures.ts";
import { lastDay } from "../../src/core/dates.ts";

/** The first day a YYYY, YYYY-MM or YYYY-MM-DD date names: "2023-04" is not later than 2023-04-07. */
const firstDay = (d: string) => (d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d);
import { builtSite, loadedSite } from "../helpers/site-pages.ts";

// Issue 50: the guide's figures were true one by one, but shown so that a traveler could not act on
// them: "$2" where "$" also means pesos, "earlier" figures dated later than the ones they followed,
// "Last confirmed Oct 01, 2024" on a fee no source after May 2021 gives. These hold the built guide
// to the targets, page by page.

/** Every text of a page a reader (or a search engine) reads: the body, the title, descriptions, alt texts, JSON-LD. */
function readable($: CheerioAPI): string {
  const body = $("body").clone();
  body.find("script, style, template").remove();
  return [
    $("title").text(),
    $('meta[name="description"]').attr("content") ?? "",
    body.text(),
    ...$("img[alt]")
      .map((_, el) => el.attribs.alt)
      .get(),
    ...$('script[type="application/ld+json"]')
      .map((_, el) => $(el).text())
      .get(),
  ]
    .join("\n")
    .replace(/[ \t]+/g, " ");
}

describe("how the guide shows a figure", () => {
  it("no page has a bare '$' figure: every amount says US$ or RD$", async () => {
    const bare: string[] = [];
    for (const [route, html] of await builtSite()) {
      const text = readable(load(html));
      for (const f of figuresIn(text, ["money amount"]).filter(isAmbiguous))
        bare.push(`${route}: …${text.slice(Math.max(0, f.index - 40), f.index + f.figure.length + 10)}…`);
    }
    expect(bare).toEqual([]);
  });

  it("every amount in pesos on a page shows its approximate US$ beside it", async () => {
    const alone: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      const main = $("main").clone();
      main.find("script").remove();
      const text = main.text().replace(/\s+/g, " ");
      for (const f of figuresIn(text, ["money amount"])) {
        if (f.currency !== "DOP") continue;
        const after = text.slice(f.index + f.figure.length, f.index + f.figure.length + 80);
        // The exchange rate itself is a price of the dollar, not a figure to convert; nor is a conversion.
        if (/^\s*(?:to the US dollar|buying|selling)/.test(after)) continue;
        if (/\(about [^()]*$/.test(text.slice(Math.max(0, f.index - 60), f.index))) continue;
        // A price the guide cannot convert says why: no exchange rate for its year, or no date at all.
        if (/^\s*\(not converted: /.test(after)) continue;
        if (!/^[^.;()]*\(about US\$\d/.test(after) && !/^\s*\(about US\$/.test(after))
          alone.push(`${route}: …${text.slice(Math.max(0, f.index - 30), f.index)}${f.figure}${after.slice(0, 40)}…`);
      }
    }
    expect(alone).toEqual([]);
  });

  it("no fact shows a 'Last confirmed' date later than its newest source", async () => {
    const { manifest } = await loadedSite();
    for (const [id, fact] of Object.entries(manifest.facts ?? {})) {
      const confirmed = confirmedOn(fact);
      if (!confirmed) continue;
      const newest =
        (fact.sources ?? [])
          .map((s) => s.date ?? "")
          .sort()
          .at(-1) ?? "";
      expect(firstDay(confirmed) <= lastDay(newest), `${id}: ${confirmed} after ${newest}`).toBe(true);
    }
    // And as the boxes show it: the date beside "Last confirmed" is one of the box's sources' dates or older.
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      $(".fact").each((_, box) => {
        const confirmed = $(box).find(".fact-confirmed time").attr("datetime");
        if (!confirmed) return;
        const dates = $(box)
          .find(".fact-sources time")
          .map((_, t) => $(t).attr("datetime"))
          .get();
        const newest = dates.sort().at(-1);
        expect(newest, `${route}: a fact confirmed ${confirmed} lists no dated source`).toBeDefined();
        expect(firstDay(confirmed) <= lastDay(newest!), `${route}: confirmed ${confirmed}, newest ${newest}`).toBe(
          true,
        );
      });
    }
  });

  it("no figure is called 'earlier', and an older figure is never dated after the one that leads", async () => {
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      const shown = $(".fact, .fact-value, .fact-line")
        .map((_, el) => $(el).text())
        .get()
        .join(" ");
      expect(shown, route).not.toMatch(/\bearlier\b/i);
      $(".fact").each((_, box) => {
        const lead = $(box).find(".fact-plan time").first().attr("datetime");
        $(box)
          .find(".fact-older li time")
          .each((_, t) => {
            expect(firstDay($(t).attr("datetime")!) <= lastDay(lead!), `${route}: older figure after ${lead}`).toBe(
              true,
            );
          });
      });
    }
  });

  it("no raw fact marker reaches a page, its title or its JSON-LD", async () => {
    for (const [route, html] of await builtSite()) {
      expect(readable(load(html)), route).not.toMatch(/\{\{|\{\s*fact\b/i);
      expect(html, route).not.toContain("ppg-fact");
    }
  });
});

// Issue 59: the figures were each right, and still misled: a conversion inside an amount ("RD$30 (about
// US$0.50) million"), a 2010 price at a 2026 rate, a travel site's figure called "this guide's own",
// pages "Updated" before the warnings they carried, and Sosúa and Cabarete times that could not both be
// true. These hold the built guide to the targets.
describe("figures a traveler can trust", () => {
  it("no conversion sits inside an amount: a word of scale stays with its number", async () => {
    const inside: string[] = [];
    for (const [route, html] of await builtSite()) {
      const text = load(html)("main").text().replace(/\s+/g, " ");
      for (const m of text.matchAll(
        /(?:RD|US)\$\s?[\d.,]+ \([^()]*\) (?:million|billion|thousand|mill[oó]n|millones)/gi,
      ))
        inside.push(`${route}: ${m[0]}`);
    }
    expect(inside).toEqual([]);
    const park = (await builtSite()).get("/central-park-puerto-plata")!;
    expect(load(park)("main").text().replace(/\s+/g, " ")).toContain("RD$30 million (about US$0.5 million)");
  });

  it("no old figure is converted at a later year's rate: a box names only the rates of the years it shows", async () => {
    const later: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      $(".fact").each((_, box) => {
        const note = $(box).find(".fact-rate");
        if (!note.length) return;
        const shown = new Set(
          $(box)
            .find("time")
            .not(note.find("time"))
            .map((_, t) => ($(t).attr("datetime") ?? "").slice(0, 4))
            .get(),
        );
        for (const m of note.text().matchAll(/for (\d{4})'s figures/g))
          if (!shown.has(m[1]!)) later.push(`${route}: ${m[0]} in a box dated ${[...shown].join(", ")}`);
      });
    }
    expect(later).toEqual([]);
  });

  it("no figure a source gives is called this guide's own", async () => {
    const { manifest } = await loadedSite();
    const mislabelled = Object.entries(manifest.facts ?? {}).filter(
      ([, f]) => f.guide && (f.sources ?? []).some((s) => s.gives?.trim() === f.value?.trim()),
    );
    expect(mislabelled.map(([id]) => id)).toEqual([]);
    // The pages of the issue say whose figure it is.
    for (const route of ["/sosua-resorts", "/cabarete-resorts", "/getting-to-and-around-puerto-plata"]) {
      const text = load((await builtSite()).get(route)!)("main").text();
      expect(text, route).not.toMatch(/this guide's own figure of [A-Za-z]+ \d{4}, read from/);
    }
  });

  it("no page's Updated date is older than a date it shows", async () => {
    const older: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      const updated = $(".byline time").attr("datetime");
      if (!updated) continue;
      const ld = $('script[type="application/ld+json"]')
        .map((_, el) => JSON.parse($(el).text()) as { dateModified?: string })
        .get()
        .find((d) => d.dateModified);
      expect(ld?.dateModified, route).toBe(updated);
      $("main article time").each((_, t) => {
        const date = $(t).attr("datetime") ?? "";
        if (firstDay(date) > updated) older.push(`${route}: Updated ${updated}, shows ${date}`);
      });
    }
    expect(older).toEqual([]);
  });

  it("the coast's travel times agree: each leg is one fact, and a place further on is never nearer", async () => {
    const { manifest, source } = await loadedSite();
    expect(checkLegs(manifest, source)).toEqual([]);
    const legs = Object.values(manifest.facts ?? {}).flatMap((f) => (f.between ? [f.between.join(" to ")] : []));
    expect(legs).toEqual(
      expect.arrayContaining(["Puerto Plata to Sosúa", "Sosúa to Cabarete", "Puerto Plata to Cabarete"]),
    );
    expect(manifest.coast).toEqual(["Puerto Plata", "Sosúa", "Cabarete"]);
  });

  it("the whale season is one fact, stated the same wherever a page gives it", async () => {
    const stated: string[] = [];
    for (const [route, html] of await builtSite()) {
      // What the guide states: the sources it quotes may give an older season, under their own dates.
      const main = load(html)("main").clone();
      main.find(".sources, .fact-sources, .fact-older").remove();
      const text = main.text().replace(/\s+/g, " ");
      for (const m of text.matchAll(/(?:mid-January|15 January|January 15)[^.;()]{0,40}(?:March)(?: \d+)?/g))
        stated.push(`${route}: ${m[0]}`);
    }
    const seasons = new Set(stated.map((s) => s.replace(/^[^:]+: /, "")));
    expect([...seasons].filter((s) => !/^15 January to 3[01] March$/.test(s))).toEqual([]);
    expect(stated.length).toBeGreaterThan(2);
  });
});

import { load, type CheerioAPI } from "cheerio";
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { builtSite, ROOT } from "../helpers/site-pages.ts";

// Issue 26: the site declares en-US, so it spells like it, and it reads with a confident voice:
// no sentence tells the reader what the guide does not know. Checked on the built pages, in
// every text a reader meets: the visible text, image alt text, title attributes, the page
// title and the meta description.

/** British spellings, each a whole word (with its inflections), and the US form to use. */
const BRITISH: [RegExp, string][] = [
  [/\b(?:kilo|centi|milli)?metres?\b/i, "meter"],
  [/\b(?:kilo|centi|milli)?litres?\b/i, "liter"],
  [/\bcentre(?:s|d|piece|pieces)?\b/i, "center"],
  [/\btheatres?\b/i, "theater"],
  [/\bfibres?\b/i, "fiber"],
  [
    /\b(?:colo|flavo|harbo|neighbo|favo|hono|labo|humo|odo|vapo|rumo|parlo|behavio|savo|armo|splendo|vigo|endeavo|glamo)ur(?:s|ed|ing|ful|fully|ite|ites|hood|hoods|able|y|less)?\b/i,
    "-or (color, flavor, harbor, neighborhood, favorite, parlor, savory…)",
  ],
  [
    /\b(?:travel|snorkel|label|cancel|model|fuel|marvel|level|panel|channel|signal|dial|total|counsel|jewel)l(?:er|ers|ed|ing|ous|or|ors|ery)\b/i,
    "a single l (traveler, snorkeling, labeled, paneled, jewelry…)",
  ],
  [/\bcos(?:y|ier|iest|iness)\b/i, "cozy"],
  [/\bgrey(?:s|ish|er|est)?\b/i, "gray"],
  [
    /\b(?:organ|recogn|real|special|apolog|caramel|emphas|minim|maxim|priorit|memor|custom|personal|summar|sanit|critic|symbol|modern|categor|harmon|tender|crystall|fossil|immortal|popular|revital|colon|author|stabil|util|optim|mobil|character|energ|moistur|pasteur|visual|familiar|final|ideal|neutral|normal|patron|social|digit|industrial|commercial|dramat|civil|glamor)is(?:e|ed|es|ing|ation|ations|er|ers|able)\b/i,
    "-ize (organize, recognize, specialize, caramelize, fossilized…)",
  ],
  [/\b(?:analy|paraly|cataly)s(?:e|ed|es|ing)\b/i, "-yze (analyze)"],
  [/\bprogrammes?\b/i, "program"],
  [/\bcatalogues?\b/i, "catalog"],
  [/\b(?:defence|offence|pretence)s?\b/i, "-se (defense, offense)"],
  [/\blicences?\b/i, "license"],
  [/\bmanoeuvr/i, "maneuver"],
  [/\baluminium\b/i, "aluminum"],
  [/\byoghurts?\b/i, "yogurt"],
  [/\b(?:un)?moulds?\b|\bmoulded\b/i, "mold"],
  [/\bsmoulder/i, "smolder"],
  [/\bsceptic/i, "skeptic"],
  [/\baeroplanes?\b/i, "airplane"],
  [/\btyres?\b/i, "tire"],
  [/\bpyjamas\b/i, "pajamas"],
  [/\bmoustaches?\b/i, "mustache"],
  [
    /\b(?:paediatric|anaemi|diarrhoea|haemorrh|oestrogen|encyclopaedi|mediaeval)/i,
    "US medical spelling (pediatric, anemia…)",
  ],
  [/\bwhilst\b/i, "while"],
  [/\bamongst\b/i, "among"],
  [/\bageing\b/i, "aging"],
  [/\bjudgement\b/i, "judgment"],
  [/\bsulphur/i, "sulfur"],
  [/\bchillies\b|\bchilli\b/i, "chili"],
  [/\bplough/i, "plow"],
  // Issue 34: words rather than spellings, which readers meet as British.
  [/\bstoreys?\b/i, "story (a two-story house)"],
  [/\btaxi ranks?\b/i, "taxi stand"],
  [/\btrousers\b/i, "pants"],
  [/\b(?:car|club|bike|boat|cycle) hire\b|\bhire (?:a |the )?car\b/i, "rental (car rental, club rental)"],
  [/\bagree (?:a|the|your) (?:fare|price|rate)\b/i, "agree on the fare"],
  [/\b(?:have|has|had|got|get|is|are|all) (?:an? \w+ )?sorted\b/i, "taken care of, settled"],
  [
    /\bholiday (?:apartments?|homes?|lets?|makers?|days?|rentals?)\b|\b(?:your|our|summer|school|beach|family) holidays?\b|\bon holiday\b/i,
    "vacation (a public holiday is fine)",
  ],
  [/\bpavements?\b/i, "sidewalk, street"],
  [/\bhave a flutter\b|\bfor a flutter\b/i, "gamble, try the tables"],
];

/**
 * Names written as their owners write them, quoted or official, that contain a British spelling.
 * Spanish words such as "Centro" never match the list above, so they need no entry here.
 * Keep it short: each entry is an exception a reader would expect.
 */
const ALLOWED: string[] = [];

/** Sentences about what the guide does not know: say a fact, give advice, or say nothing. */
const APOLOGIES: RegExp[] = [
  // "If you cannot find auyama…" is advice to the reader, not an apology: only the guide's own doubt counts.
  /\b(?:cannot|can['’]t|could not|couldn['’]t) (?:confirm|verify)\b/i,
  /\bnot (?:yet )?(?:been )?(?:confirmed|verified)\b/i,
  // Issue 50: a figure no source confirms is labelled "unconfirmed:" with what to do ("ask at the
  // gate"): a label a traveler acts on, not the guide's doubt.
  /\bun(?:confirmed|verified)\b(?!:)/i,
  /\b(?:have|has) not (?:yet )?been (?:chosen|found|added|decided)\b|\bnot chosen yet\b/i,
  /\bwe (?:do not|don['’]t|did not|didn['’]t) (?:know|have|credit)\b/i,
  /\bwe (?:could not|couldn['’]t|were unable to|have not been able to|cannot)\b/i,
  /\bprefer not to guess\b/i,
  /\bno (?:reliable |public )?source (?:was |could be )?found\b/i,
];

/** Everything a reader can read in `root`: its text, alt and title attributes; for a whole page also its title and meta description. */
function readableText($: CheerioAPI, root: ReturnType<CheerioAPI> = $("html")): string {
  const copy = root.clone();
  copy.find("script, style, template").remove();
  const attrs = copy
    .find("[alt], [title]")
    .map((_, el) => [$(el).attr("alt") ?? "", $(el).attr("title") ?? ""])
    .get();
  const head = root.is("html") ? [$("head > title").text(), $('meta[name="description"]').attr("content") ?? ""] : [];
  const body = root.is("html") ? copy.find("body").text() : copy.text();
  return [...head, body, ...attrs].join(" \n ").replace(/\s+/g, " ");
}

function problems(text: string): string[] {
  let checked = text;
  for (const name of ALLOWED) checked = checked.split(name).join(" ");
  const found: string[] = [];
  for (const [re, us] of BRITISH) {
    for (const m of checked.matchAll(new RegExp(re.source, "gi")))
      found.push(`"${m[0]}" (use ${us}) in "…${checked.slice(Math.max(0, m.index! - 40), m.index! + 40)}…"`);
  }
  for (const re of APOLOGIES) {
    const m = re.exec(checked);
    if (m) found.push(`apology "${m[0]}" in "…${checked.slice(Math.max(0, m.index - 60), m.index + 60)}…"`);
  }
  return found;
}

describe("one spelling, en-US, and a confident voice", () => {
  it("the word list catches what it is for, and leaves US and Spanish words alone", () => {
    expect(problems("The historic centre and its colourful harbour")).toHaveLength(3);
    expect(problems("Travellers love the jewellery parlour; it is cosy and grey")).toHaveLength(5);
    expect(problems("fossilised resin, a three-kilometre walk, caramelised sugar")).toHaveLength(3);
    expect(problems("This guide cannot confirm a website; the videos have not been chosen yet")).toHaveLength(2);
    expect(
      problems(
        "Centro, the historic center, colorful harbor, four tours an hour, our flour, turquoise, paradise, advertise, a surprise",
      ),
    ).toEqual([]);
    expect(problems("If you cannot find auyama, butternut squash works")).toEqual([]);
    expect(
      problems(
        "A two-storey house, the taxi rank, long trousers, club hire, agree the fare, you have an afternoon sorted, a holiday apartment, the pavement",
      ),
    ).toHaveLength(8);
    expect(
      problems(
        "A two-story house, the taxi stand, long pants, club rental, agree on the fare, results sorted by date, a public holiday, the sidewalk, for a holiday",
      ),
    ).toEqual([]);
  });

  it("no page outside the listing cards uses a British spelling or apologizes for a missing fact", async () => {
    const found: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      $(".listing-card").remove();
      for (const p of problems(readableText($))) found.push(`${route}: ${p}`);
    }
    expect(found).toEqual([]);
  });

  // Issue 34: an image was published as pink-street-jewellery.svg.
  it("no published file name uses a British spelling", () => {
    const found: string[] = [];
    for (const file of readdirSync(join(ROOT, "public"), { recursive: true }) as string[]) {
      for (const p of problems(file.replace(/[-_/.]+/g, " "))) found.push(`public/${file}: ${p}`);
    }
    expect(found).toEqual([]);
  });

  it("no listing card uses a British spelling or apologizes for a missing fact", async () => {
    const found: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      $(".listing-card").each((_, card) => {
        for (const p of problems(readableText($, $(card)))) found.push(`${route}: ${p}`);
      });
    }
    expect(found).toEqual([]);
  });
});

import { load } from "cheerio";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditFreshness } from "../../src/audits/freshness.ts";
import { build } from "../../src/engine/build.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";

// A figure a visitor acts on is written once, as a fact's value, and prose inserts it with
// {{fact:ID}}. Once a headline "$2" stood above the same page's dated note that a visitor had paid
// RD$400, and 23 of 27 sentences with a dollar figure carried no date and sat outside any fact.
// Then the budget page led with "RD$400 (June 2023; this guide's earlier figure: $2, September
// 2025)": an "earlier" figure dated later than the one it followed, and a "$" a reader could take
// for pesos. A figure now shows the one to plan on, in an explicit currency with its approximate
// amount in the other, who reported it and when, and this guide's own figures as unconfirmed.

const RELATED = "related: [/filler-1, /filler-2, /filler-3]";
const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2026-01-31 }";
const FACTS = `facts:
  fort-fee:
    subject: Fort admission
    value: RD$400
    date: 2023-06
    text: A visitor who went in June 2023 paid RD$400 at the gate.
    mentions: [fort]
    ask: read the board at the gate
    earlier:
      - { value: "US$2", date: 2025-09, guide: true }
      - { value: "RD$150", date: 2012-01, source: "https://old.example/fort", by: "a visitor's blog" }
      - { value: "RD$200", date: 2019-05, source: "https://news.example/fort", by: News Daily }
    sources:
      - { url: "https://fort.example/visit", says: "RD$400 at the gate", date: 2023-06, by: Fort Reviews, gives: RD$400 }
  museum-fee:
    subject: Museum admission
    value: "US$5"
    date: 2025-10
    guide: true
    ask: ask at the desk
    text: This guide's own figure for the museum's ticket; ask at the desk.
  rate:
    subject: The peso against the dollar
    value: RD$60 to the US dollar
    perDollar: 60
    date: 2026-01
    text: The reference rate of January 2026.
    sources:
      - { url: "https://bank.example/rate", says: RD$60 to the dollar, date: 2026-01, by: The Bank, gives: RD$60 to the US dollar }
  rate-2025:
    subject: The peso against the dollar in 2025
    value: RD$61 to the US dollar
    perDollar: 61
    date: 2025-09
    text: The reference rate of September 2025.
    sources:
      - { url: "https://bank.example/rate-2025", says: RD$61 to the dollar, date: 2025-09, by: The Bank, gives: RD$61 to the US dollar }
  rate-2023:
    subject: The peso against the dollar in 2023
    value: RD$55 to the US dollar
    perDollar: 55
    date: 2023-06
    text: The reference rate of June 2023.
    sources:
      - { url: "https://bank.example/rate-2023", says: RD$55 to the dollar, date: 2023-06, by: The Bank, gives: RD$55 to the US dollar }
`;
const site = (markdown: string, description = "One page of its own for a test.") =>
  `-- site.yaml --\n${FACTS}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE.replace("One page of its own for a test.", description)} }\n-- content/a.md --\n${markdown}\n`;

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));
async function root(text: string): Promise<string> {
  const r = await writeInlineSite(text);
  roots.push(r);
  return r;
}
async function pageOf(text: string, route = "/a") {
  const result = await build({ root: await root(text), write: false });
  return { $: load(result.pages.find((p) => p.route === route)!.html!), result };
}
const squeeze = (s: string) => s.replace(/\s+/g, " ").trim();

describe("{{fact:ID}} inserts the figure to plan on", () => {
  it("the first insertion: the figure, its approximate US$, who reported it and when, the guide's own as unconfirmed", async () => {
    const { $, result } = await pageOf(
      site("Entry costs {{fact:fort-fee}} at the gate.\n\nBring {{fact:fort-fee}} in pesos."),
    );
    const values = $(".prose .fact-value");
    expect(values.length).toBe(2);
    expect(squeeze(values.first().text())).toBe(
      "RD$400 (about US$7.50; reported by Fort Reviews, June 2023; this guide's own figure of September 2025, " +
        "US$2 (about RD$120), is unconfirmed: read the board at the gate)",
    );
    expect(values.first().find("a").attr("href")).toBe("https://fort.example/visit");
    expect(values.first().find("time").first().attr("datetime")).toBe("2023-06");
    // Later insertions on the page give the figure alone, still with its other currency.
    expect(values.last().text()).toBe("RD$400 (about US$7.50)");
    // Never "earlier" for a figure dated later than the one it follows: the guide's own is unconfirmed.
    expect($(".prose").text()).not.toMatch(/earlier/);
    expect(result.warnings.filter((w) => w.code === "FigureUnsourced")).toEqual([]);
  });

  it("the guide's own figure says so, with what to do; ::fact shows it with no empty source list", async () => {
    const { $ } = await pageOf(site("Tickets are {{fact:museum-fee}}.\n\n::fact museum-fee"));
    expect(squeeze($(".prose .fact-value").text())).toBe(
      "US$5 (about RD$310; this guide's own figure of October 2025, unconfirmed: ask at the desk)",
    );
    const box = $(".prose .fact");
    expect(squeeze(box.find(".fact-plan").text())).toBe(
      "To plan with: US$5 (about RD$310), this guide's own figure of October 2025, which no source we found confirms. Ask at the desk.",
    );
    expect(box.find("ul").length).toBe(0);
    expect(box.find(".fact-confirmed").length).toBe(0);
  });

  it("::fact: older figures under a disclosure, newest first; Last confirmed is the source that gives the value; the rate is named", async () => {
    const { $ } = await pageOf(site("The fort.\n\n::fact fort-fee"));
    const box = $(".prose .fact");
    expect(squeeze(box.find(".fact-plan").text())).toBe(
      "To plan with: RD$400 (about US$7.50), reported by Fort Reviews, June 2023.",
    );
    expect(squeeze(box.find(".fact-unconfirmed").text())).toBe(
      "Unconfirmed: this guide's own figure of September 2025, US$2 (about RD$120). Read the board at the gate.",
    );
    const older = box.find("details.fact-older");
    expect(older.attr("open")).toBeUndefined();
    expect(squeeze(older.find("summary").text())).toBe("2 older figures, newest first");
    expect(
      older
        .find("li time")
        .map((_, t) => $(t).attr("datetime"))
        .get(),
    ).toEqual(["2019-05", "2012-01"]);
    // Each at its own year's rate: this site has none for 2019, and says so.
    expect(squeeze(older.find("li").first().text())).toBe(
      "RD$200 (not converted: this guide has no exchange rate for 2019), reported by News Daily, May 2019",
    );
    expect(box.find(".fact-confirmed time").attr("datetime")).toBe("2023-06");
    // The rates of the years its amounts are of, newest first; not January 2026's, which converted none of them.
    expect(squeeze(box.find(".fact-rate").text())).toBe(
      'Amounts marked "about" are approximate, at RD$61.00 to the US dollar for 2025\'s figures (The Bank, September 2025) ' +
        "and RD$55.00 to the US dollar for 2023's figures (The Bank, June 2023): the rate moves, so check it before you change money.",
    );
    // The fact's text and what its source says carry the other currency too.
    expect(box.find("p").first().text()).toContain("paid RD$400 (about US$7.50) at the gate");
  });

  it("JSON-LD's articleBody keeps the value where the marker was", async () => {
    const { $ } = await pageOf(site("Entry is {{fact:fort-fee}} today."));
    const post = JSON.parse($('script[type="application/ld+json"]').first().text()) as { articleBody?: string };
    const posting = Array.isArray(post) ? post.find((p: { "@type": string }) => p["@type"] === "BlogPosting") : post;
    expect(posting.articleBody).toBe("Entry is RD$400 today.");
  });
});

describe("one grammar for fact markers: expanded in prose, refused anywhere else, located", () => {
  const cases: [string, string, RegExp][] = [
    [
      "spaces inside",
      "Entry is {{ fact:fort-fee }} today.",
      /^FactMarkerInvalid {2}content\/a\.md:1:10 .*Write it as \{\{fact:fort-fee\}\}/,
    ],
    [
      "upper case",
      "Entry is {{FACT:fort-fee}} today.",
      /^FactMarkerInvalid {2}content\/a\.md:1:10 .*Write it as \{\{fact:fort-fee\}\}/,
    ],
    ["nested", "Entry is {{fact:{{fact:fort-fee}}}} today.", /^FactMarkerInvalid {2}content\/a\.md:1:10 /],
    ["one brace", "Entry is {fact:fort-fee} today.", /^FactMarkerInvalid {2}content\/a\.md:1:10 /],
    ["unclosed", "Entry is {{fact:fort-fee} today.", /^FactMarkerInvalid {2}content\/a\.md:1:10 /],
    [
      "an id in capitals",
      "Entry is {{fact:Fort_Fee}} today.",
      /^FactMarkerInvalid {2}content\/a\.md:1:10 .*\{\{fact:fort-fee\}\}/,
    ],
    [
      "image alt",
      "![The gate, {{fact:fort-fee}}](/images/photo.svg)",
      /^FactMarkerMisplaced {2}content\/a\.md:1:13 .*an image's alt text/,
    ],
    [
      "image title",
      '![The gate](/images/photo.svg "Entry {{fact:fort-fee}}")',
      /^FactMarkerMisplaced {2}content\/a\.md:1:\d+ .*an image's title/,
    ],
    ["a heading", "## Entry {{fact:fort-fee}}", /^FactMarkerMisplaced {2}content\/a\.md:1:10 .*a heading/],
    ["inline code", "Write `{{fact:fort-fee}}` here.", /^FactMarkerMisplaced {2}content\/a\.md:1:8 .*code/],
    ["a code block", "```\n{{fact:fort-fee}}\n```", /^FactMarkerMisplaced {2}content\/a\.md:2:1 .*code/],
    ["raw HTML", "<p>{{fact:fort-fee}}</p>", /^FactMarkerMisplaced {2}content\/a\.md:1:4 .*raw HTML/],
    [
      "a link's text",
      "See [the fee, {{fact:fort-fee}}](/filler-1).",
      /^FactMarkerMisplaced {2}content\/a\.md:1:15 .*a link's text/,
    ],
    [
      "a link's target",
      "See [the fee]({{fact:fort-fee}}).",
      /^FactMarkerMisplaced {2}content\/a\.md:1:15 .*a link's target/,
    ],
    [
      "a directive's argument",
      '::video { title: "Entry {{fact:fort-fee}}", summary: "The gate." }',
      /^FactMarkerMisplaced {2}content\/a\.md:1:25 .*a directive/,
    ],
  ];
  it.each(cases)("%s", async (_what, markdown, expected) => {
    const outcome = await attempt({ root: await root(site(markdown)), write: false });
    expect(outcome.exit).toBe(1);
    expect(
      outcome.lines.find((l) => /^FactMarker/.test(l)),
      outcome.lines.join("\n"),
    ).toMatch(expected);
  });

  it("a marker in a route's title or description, or in front matter, is refused at its YAML line", async () => {
    const titled = await attempt({
      root: await root(site("A.", '"Entry is {{fact:fort-fee}} at the fort today."')),
      write: false,
    });
    expect(titled.lines[0]).toMatch(
      /^FactMarkerMisplaced {2}site\.yaml:\d+:\d+ {2}routes\[0\]\.description {2}'\{\{fact:fort-fee\}\}' is in a field of site\.yaml/,
    );
    const front = await attempt({ root: await root(site("---\nabout: The {{ fact:x }} fort\n---\nA.")), write: false });
    expect(front.lines[0]).toMatch(/^FactMarkerInvalid {2}content\/a\.md:2:8 {2}about {2}/);
  });

  it("a fact dated after the clock is refused, and check-facts names it", async () => {
    const r = await root(site("A.").replace("date: 2025-10", "date: 9999-12"));
    const built = await attempt({ root: r, write: false, clock: "2026-06-01" });
    expect(built.lines).toEqual([
      expect.stringMatching(
        /^FactDateFuture {2}site\.yaml:\d+:\d+ {2}facts\.museum-fee\.date {2}fact 'museum-fee' is dated 9999-12, after 2026-06-01/,
      ),
    ]);
    const audit = await auditFreshness(r, { clock: "2026-06-01" });
    expect(audit.problems.map((p) => p.code)).toContain("FactDateFuture");
  });
});

describe("the build holds every figure to a fact", () => {
  it("a money amount, a time of day or a travel time written by hand is a located warning, an error under --strict", async () => {
    const text = site(
      "The museum opens at 9 a.m. and costs US$5.\n\nThe beach is a 15-minute drive away. Simmer for 20 minutes.",
    );
    const r = await root(text);
    const result = await build({ root: r, out: join(r, "dist") });
    const warned = result.warnings.filter((w) => w.code === "FigureUnsourced");
    expect(warned.map((w) => [w.location, w.data])).toEqual([
      [
        { file: "content/a.md", line: 1, column: 21 },
        { figure: "9 a.m.", kind: "time of day" },
      ],
      [
        { file: "content/a.md", line: 1, column: 38 },
        { figure: "US$5", kind: "money amount" },
      ],
      [
        { file: "content/a.md", line: 3, column: 16 },
        { figure: "15-minute", kind: "travel time" },
      ],
    ]);
    expect(warned[1]?.format()).toMatch(/^content\/a\.md:1:38 {2}the money amount 'US\$5' is written here, not taken/);
    const strict = await attempt({ root: r, out: join(r, "dist"), strict: true });
    expect(strict.exit).toBe(1);
    expect(strict.lines.filter((l) => l.startsWith("FigureUnsourced"))).toHaveLength(3);
  });

  it("a sentence naming a fact's subject with another figure is an error, however the figure is spelled", async () => {
    // Each spelling the recognizer reads is held to the fact; "400 Pesos" beside RD$100 once passed.
    for (const [figure, column] of [
      ["$3", 26],
      ["500 Pesos", 26],
      ["Rd$250", 26],
      ["RD＄250", 26],
      ["250 RD$", 26],
    ] as const) {
      const prose = await attempt({ root: await root(site(`Admission to the fort is ${figure}.`)), write: false });
      expect(prose.lines, figure).toContainEqual(
        expect.stringMatching(
          new RegExp(`^FigureContradictsFact {2}content/a\\.md:1:${column} {2}'.+' contradicts the fact 'fort-fee'`),
        ),
      );
    }
    const described = await attempt({
      root: await root(site("A page.", "What to see on a US$20 visit to the fort today.")),
      write: false,
    });
    expect(described.lines[0]).toMatch(
      /^FigureContradictsFact {2}site\.yaml:\d+:\d+ {2}routes\[\d\]\.description {2}'US\$20' contradicts the fact 'fort-fee'/,
    );
    // The fact's own figures, however spelled, or a figure of another subject, are no contradiction.
    const fine = await attempt({
      root: await root(site("The fort charged {{fact:fort-fee}}. The museum is {{fact:museum-fee}}.")),
      write: false,
    });
    expect(fine.exit).toBe(0);
    const same = await attempt({
      root: await root(site("At the fort it was 400 pesos, once 200 pesos.")),
      write: false,
    });
    expect(same.lines.filter((l) => l.startsWith("FigureContradictsFact"))).toEqual([]);
  });

  it("a bare $ in a fact, a title or what a source says names no currency: an error at its YAML line", async () => {
    const r = await root(site("A.").replace('value: "US$5"', 'value: "$5"'));
    const outcome = await attempt({ root: r, write: false });
    expect(outcome.lines).toContainEqual(
      expect.stringMatching(
        /^FigureCurrencyAmbiguous {2}site\.yaml:\d+:\d+ {2}facts\.museum-fee\.value {2}'\$5' does not say/,
      ),
    );
  });

  it("a figure's date must be its newest giving source's; a newer sourced figure must lead", async () => {
    const undated = await attempt({
      root: await root(site("A.").replace("by: Fort Reviews, gives: RD$400", "by: Fort Reviews")),
      write: false,
    });
    expect(undated.lines).toContainEqual(
      expect.stringMatching(
        /^FactDateUnsupported {2}site\.yaml:\d+:\d+ {2}facts\.fort-fee\.date {2}fact 'fort-fee' is dated 2023-06, but no source gives 'RD\$400'/,
      ),
    );
    const newer = await attempt({
      root: await root(site("A.").replace("date: 2019-05", "date: 2024-05")),
      write: false,
    });
    expect(newer.lines).toContainEqual(
      expect.stringMatching(
        /^FactLeadNotNewest {2}site\.yaml:\d+:\d+ {2}facts\.fort-fee\.earlier\[2\] {2}fact 'fort-fee' shows 'RD\$400' \(2023-06\) first, but a source gave 'RD\$200' in 2024-05/,
      ),
    );
  });
});

describe("check-facts reports each fact's age", () => {
  it("a figure by its date, a status by its newest source, located in site.yaml", async () => {
    const r = await root(site("A."));
    const report = await auditFreshness(r, { clock: "2026-06-01" });
    const lines = report.problems.map((p) => `${p.code}  ${p.format()}`);
    expect(lines).toEqual([
      expect.stringMatching(
        /^FactStale {2}site\.yaml:5:11 {2}facts\.fort-fee {2}fact 'fort-fee' \(RD\$400\) was last dated 2023-06, more than 12 months ago/,
      ),
    ]);
    // A year later the guide's own figure of October 2025 is stale too.
    const later = await auditFreshness(r, { clock: "2027-01-01" });
    expect(later.problems.map((p) => p.data)).toContainEqual({
      what: "fact 'museum-fee' (US$5)",
      date: "2025-10",
      limit: "12 months",
    });
  });
});

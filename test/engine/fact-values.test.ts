import { load } from "cheerio";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditFreshness } from "../../src/check/freshness.ts";
import { figuresIn } from "../../src/content/fact-values.ts";
import { build } from "../../src/engine/build.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";

// A figure a visitor acts on is written once, as a fact's value, and prose inserts it with
// {{fact:ID}}. Once a headline "$2" stood above the same page's dated note that a visitor had paid
// RD$400, and 23 of 27 sentences with a dollar figure carried no date and sat outside any fact.

const RELATED = "related: [/filler-1, /filler-2, /filler-3]";
const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";
const FACTS = `facts:
  fort-fee:
    subject: Fort admission
    value: RD$400
    date: 2023-06
    text: A visitor who went in June 2023 paid RD$400 at the gate.
    mentions: [fort]
    earlier:
      - { value: "$2", date: 2025-09, guide: true }
    sources:
      - { url: "https://fort.example/visit", says: "RD$400 at the gate", date: 2023-06 }
  museum-fee:
    subject: Museum admission
    value: "$5"
    date: 2025-10
    guide: true
    text: This guide's own figure for the museum's ticket; ask at the desk.
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

describe("{{fact:ID}} inserts a fact's value", () => {
  it("the first insertion carries its date and the guide's earlier figure; later ones the value alone", async () => {
    const r = await root(site("Entry costs {{fact:fort-fee}} at the gate.\n\nBring {{fact:fort-fee}} in pesos."));
    const result = await build({ root: r, write: false });
    const $ = load(result.pages.find((p) => p.route === "/a")!.html!);
    const values = $(".prose .fact-value");
    expect(values.length).toBe(2);
    expect(values.first().text()).toBe("RD$400 (June 2023; this guide's earlier figure: $2, September 2025)");
    expect(values.first().find("time").first().attr("datetime")).toBe("2023-06");
    expect(values.last().text()).toBe("RD$400");
    expect($(".prose p").first().text()).toBe(
      "Entry costs RD$400 (June 2023; this guide's earlier figure: $2, September 2025) at the gate.",
    );
    // Written once in site.yaml: the page holds no figure of its own, so nothing is warned.
    expect(result.warnings.filter((w) => w.code === "FigureUnsourced")).toEqual([]);
  });

  it("a figure that is the guide's own says so, and ::fact shows it with no empty source list", async () => {
    const r = await root(site("Tickets are {{fact:museum-fee}}.\n\n::fact museum-fee"));
    const result = await build({ root: r, write: false });
    const $ = load(result.pages.find((p) => p.route === "/a")!.html!);
    expect($(".prose .fact-value").text()).toBe("$5 (this guide's figure, October 2025)");
    const box = $(".prose .fact");
    expect(box.find(".fact-figure").text()).toMatch(
      /^Figure: \$5 \(this guide's own, which no source we found states, /,
    );
    expect(box.find("ul").length).toBe(0);
  });

  it("an unknown id, and a fact with no value, are errors at the reference", async () => {
    const unknown = await attempt({ root: await root(site("Costs {{fact:fort-fe}}.")), write: false });
    expect(unknown.exit).toBe(1);
    expect(unknown.lines[0]).toMatch(/^FactUnknown {2}content\/a\.md:1:7 {2}fact 'fort-fe' is not defined/);
    // The mark a reference renders to cannot be written by hand, around the check of its id.
    const forged = await attempt({ root: await root(site("Costs <!--ppg-fact:fort-fee-->.")), write: false });
    expect(forged.lines[0]).toMatch(/^RawHtmlUnsafe {2}content\/a\.md:1:7 {2}.*a fact mark/);
  });
});

describe("the build holds every figure to a fact", () => {
  it("a money amount or a time of day written by hand is a located warning, and an error under --strict", async () => {
    const text = site("The museum opens at 9 a.m. and costs US$5.");
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
    ]);
    expect(warned[1]?.format()).toMatch(/^content\/a\.md:1:38 {2}the money amount 'US\$5' is written here, not taken/);
    const strict = await attempt({ root: r, out: join(r, "dist"), strict: true });
    expect(strict.exit).toBe(1);
    expect(strict.lines.filter((l) => l.startsWith("FigureUnsourced"))).toHaveLength(2);
  });

  it("a sentence naming a fact's subject with another figure is an error, in prose and in a description", async () => {
    const prose = await attempt({
      root: await root(site("The fort is worth it. Admission to the fort is $2.")),
      write: false,
    });
    expect(prose.lines).toEqual([
      expect.stringMatching(/^FigureContradictsFact {2}content\/a\.md:1:48 {2}'\$2' contradicts the fact 'fort-fee'/),
    ]);
    const described = await attempt({
      root: await root(site("A page.", "What to see on a $2 visit to the fort today.")),
      write: false,
    });
    expect(described.lines[0]).toMatch(
      /^FigureContradictsFact {2}site\.yaml:\d+:\d+ {2}routes\[\d\]\.description {2}'\$2' contradicts the fact 'fort-fee'/,
    );
    // The fact's own value, or a figure of another subject in another sentence, is no contradiction.
    const fine = await attempt({
      root: await root(site("The fort charged {{fact:fort-fee}}. The museum is {{fact:museum-fee}}.")),
      write: false,
    });
    expect(fine.exit).toBe(0);
  });

  it("reads amounts and clock times as a reader does", () => {
    const found = (t: string) => figuresIn(t).map((f) => f.figure);
    expect(found("RD$400, US$ 15, $15 USD, 150 to 250 pesos and USD 20")).toEqual([
      "RD$400",
      "US$ 15",
      "$15 USD",
      "250 pesos",
      "USD 20",
    ]);
    expect(found("from 8:00 AM to 3 p.m., Saturday 9 AM to 12:30 PM")).toEqual([
      "8:00 AM",
      "3 p.m.",
      "9 AM",
      "12:30 PM",
    ]);
    // Not amounts or times: amber, a year, a count, a distance, amps.
    expect(found("5 amber pieces in 1982, 27 pools, 3 miles and 12 amps at 2am")).toEqual(["2am"]);
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
      what: "fact 'museum-fee' ($5)",
      date: "2025-10",
      limit: "12 months",
    });
  });
});

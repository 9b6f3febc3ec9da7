import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approximation, type ExchangeRate, type Rates, withApproximations } from "../../src/content/fact-figures.ts";
import { type FigureKind, figuresIn, mayHoldFigure } from "../../src/content/figures.ts";
import { assertProperty } from "../helpers/property.ts";

// The one recognizer both figure checks (FigureUnsourced, FigureContradictsFact) and the bare-$
// rule read text through. Each row is a spelling a reader would take for a figure. Regression
// (issue 51): "400 Pesos", "400 PESOS", "1 peso", "400 RD$", "Rd$400", "rd$400", "€20", "20 €",
// "20 euros", "£10", "15 US dollars", full-width "RD＄400" and "＄5", "21:00" and "9 a.m" passed
// both checks, so "Park entry is 400 Pesos" stood beside a fact of RD$100.

type Row = [text: string, figure: string, kind: FigureKind, currency: string | undefined, values: number[]];
const ROWS: Row[] = [
  // Pesos: symbols in any case, after the amount, full-width, words in English and Spanish.
  ["Park entry is 400 Pesos", "400 Pesos", "money amount", "DOP", [400]],
  ["400 PESOS at the gate", "400 PESOS", "money amount", "DOP", [400]],
  ["it costs 1 peso", "1 peso", "money amount", "DOP", [1]],
  ["pay 400 RD$ cash", "400 RD$", "money amount", "DOP", [400]],
  ["Rd$400 a head", "Rd$400", "money amount", "DOP", [400]],
  ["rd$400 a head", "rd$400", "money amount", "DOP", [400]],
  ["RD$ 400 a head", "RD$ 400", "money amount", "DOP", [400]],
  ["RD＄400 a head", "RD$400", "money amount", "DOP", [400]],
  ["DOP 400 a head", "DOP 400", "money amount", "DOP", [400]],
  ["400 DOP a head", "400 DOP", "money amount", "DOP", [400]],
  ["500 pesos dominicanos", "500 pesos dominicanos", "money amount", "DOP", [500]],
  ["300 Dominican pesos", "300 Dominican pesos", "money amount", "DOP", [300]],
  ["RD$1,500 for two", "RD$1,500", "money amount", "DOP", [1500]],
  ["around 150 to 250 pesos", "150 to 250 pesos", "money amount", "DOP", [150, 250]],
  ["20-50 pesos in town", "20-50 pesos", "money amount", "DOP", [20, 50]],
  ["RD$400 to RD$550 one way", "RD$400 to RD$550", "money amount", "DOP", [400, 550]],
  // Dollars, named: US$, USD before or after, words.
  ["US$15 for adults", "US$15", "money amount", "USD", [15]],
  ["US$ 15 for adults", "US$ 15", "money amount", "USD", [15]],
  ["U.S.$15 for adults", "U.S.$15", "money amount", "USD", [15]],
  ["$15 USD for adults", "$15 USD", "money amount", "USD", [15]],
  ["USD 20 a day", "USD 20", "money amount", "USD", [20]],
  ["15 USD a day", "15 USD", "money amount", "USD", [15]],
  ["15 US dollars a day", "15 US dollars", "money amount", "USD", [15]],
  ["15 dollars a day", "15 dollars", "money amount", "USD", [15]],
  ["400 dólares al mes", "400 dólares", "money amount", "USD", [400]],
  ["US$35-US$45 to Cabarete", "US$35-US$45", "money amount", "USD", [35, 45]],
  ["US$15.50 a head", "US$15.50", "money amount", "USD", [15.5]],
  // Other currencies.
  ["€20 a head", "€20", "money amount", "EUR", [20]],
  ["20 € a head", "20 €", "money amount", "EUR", [20]],
  ["20€ a head", "20€", "money amount", "EUR", [20]],
  ["20 euros a head", "20 euros", "money amount", "EUR", [20]],
  ["£10 a head", "£10", "money amount", "GBP", [10]],
  ["10 pounds sterling", "10 pounds sterling", "money amount", "GBP", [10]],
  // A bare dollar sign, which may mean pesos here: found, with no currency of its own.
  ["tickets are $5", "$5", "money amount", "$", [5]],
  ["tickets are ＄5", "$5", "money amount", "$", [5]],
  ["tickets are ﹩5", "$5", "money amount", "$", [5]],
  ["tickets are 5 $", "5 $", "money amount", "$", [5]],
  ["$35–45 a ride", "$35–45", "money amount", "$", [35, 45]],
  // Times of day, 12- and 24-hour.
  ["opens at 9 AM", "9 AM", "time of day", undefined, [540]],
  ["opens at 9am", "9am", "time of day", undefined, [540]],
  ["opens at 9 a.m. daily", "9 a.m.", "time of day", undefined, [540]],
  ["opens at 9 a.m", "9 a.m", "time of day", undefined, [540]],
  ["opens at 9 A.M. daily", "9 A.M.", "time of day", undefined, [540]],
  ["closes at 9 p. m.", "9 p. m.", "time of day", undefined, [1260]],
  ["from 8:30 a.m. daily", "8:30 a.m.", "time of day", undefined, [510]],
  ["until 12:30 PM on Saturday", "12:30 PM", "time of day", undefined, [750]],
  ["from 8.30am daily", "8.30am", "time of day", undefined, [510]],
  ["closes at 21:00", "21:00", "time of day", undefined, [1260]],
  ["opens at 08:30", "08:30", "time of day", undefined, [510]],
  ["opens at 9:00 h", "9:00 h", "time of day", undefined, [540]],
  // Durations, in digits and words, ranges.
  ["a hike of about 40 minutes", "40 minutes", "duration", undefined, [40]],
  ["a 15-minute drive", "15-minute", "duration", undefined, [15]],
  ["about forty minutes on foot", "forty minutes", "duration", undefined, [40]],
  ["ten minutes down the road", "ten minutes", "duration", undefined, [10]],
  ["an hour and a half by road", "an hour and a half", "duration", undefined, [90]],
  ["half an hour from town", "half an hour", "duration", undefined, [30]],
  ["1 hour 30 minutes by bus", "1 hour 30 minutes", "duration", undefined, [90]],
  ["1h30 by bus", "1h30", "duration", undefined, [90]],
  ["1 hr 15 min by bus", "1 hr 15 min", "duration", undefined, [75]],
  ["20 to 30 minutes up", "20 to 30 minutes", "duration", undefined, [20, 30]],
  ["20-30 minutes up", "20-30 minutes", "duration", undefined, [20, 30]],
  ["two to three hours", "two to three hours", "duration", undefined, [120, 180]],
  ["45 minutes to an hour", "45 minutes to an hour", "duration", undefined, [45, 60]],
  // Days of the year.
  ["a finale around 27 February", "27 February", "date", undefined, []],
  ["on February 27th", "February 27th", "date", undefined, []],
  ["the first Sunday of March", "first Sunday of March", "date", undefined, []],
  ["from mid-January", "mid-January", "date", undefined, []],
  ["to the end of March", "the end of March", "date", undefined, []],
  // Amounts with a word of scale: the word is part of the amount (issue 59: "RD$30 (about US$0.50) million").
  ["a RD$30 million renovation", "RD$30 million", "money amount", "DOP", [30_000_000]],
  ["24 millones de pesos en obras", "24 millones de pesos", "money amount", "DOP", [24_000_000]],
  ["US$1.5 billion in cruise revenue", "US$1.5 billion", "money amount", "USD", [1_500_000_000]],
  // Distances, in kilometres or miles, digits or words, ranges.
  ["about 25 km east of town", "25 km", "distance", undefined, [25]],
  ["ten kilometers away", "ten kilometers", "distance", undefined, [10]],
  ["2 to 4 km of sand", "2 to 4 km", "distance", undefined, [2, 4]],
  ["about 2.5 miles long", "2.5 miles", "distance", undefined, [2.5 * 1.609344]],
];

describe("the figure recognizer", () => {
  it.each(ROWS)("%s → %s", (text, figure, kind, currency, values) => {
    const found = figuresIn(text);
    expect(found.map((f) => f.figure)).toEqual([figure]);
    expect(found[0]).toMatchObject({ kind, values, ...(currency && { currency }) });
    expect(text.slice(found[0]!.index, found[0]!.index + found[0]!.figure.length).normalize("NFKC")).toBe(
      figure.normalize("NFKC"),
    );
  });

  // Numbers that are not figures a visitor pays or plans with.
  it.each([
    "5 amber pieces in 1982",
    "27 pools and 800 meters",
    "12 amps",
    "a few dozen pesos",
    "a few minutes",
    "2 oz rum and 1 cup ice",
    "in May 2021",
    "you may find it",
    "hurricane season from June to November",
    "chapter 3:1",
    "90 seconds",
  ])("%s → nothing", (text) => {
    expect(figuresIn(text)).toEqual([]);
  });

  it("reads a sentence's figures in order, each once", () => {
    expect(figuresIn("RD$400, US$ 15, $15 USD, 150 to 250 pesos and USD 20").map((f) => f.figure)).toEqual([
      "RD$400",
      "US$ 15",
      "$15 USD",
      "150 to 250 pesos",
      "USD 20",
    ]);
    expect(figuresIn("from 8:00 AM to 3 p.m., Saturday 9 AM to 12:30 PM").map((f) => f.figure)).toEqual([
      "8:00 AM",
      "3 p.m.",
      "9 AM",
      "12:30 PM",
    ]);
  });
});

describe("the test that lets a caller pass over a line", () => {
  const KINDS: FigureKind[] = ["money amount", "time of day", "duration", "distance", "date"];
  // Pieces of prose: every spelling above, words, and full-width forms of some of them.
  const fullWidth = (t: string) => t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  const piece = fc.oneof(
    fc.constantFrom(...ROWS.map((r) => r[0])),
    fc.constantFrom(...ROWS.map((r) => r[0])).map(fullWidth),
    fc.constantFrom("the beach", "Hour", "MIN", "hr", "may", "March", " ", "-", "$", "Ｒ", "\uFE69"),
    fc.string({ maxLength: 12 }),
  );

  it("is true of every text in which the recognizer finds a figure of the kinds asked", async () => {
    await assertProperty(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.subarray(KINDS, { minLength: 1 }), (pieces, kinds) => {
        const text = pieces.join(" ");
        if (figuresIn(text, kinds).length > 0) expect(mayHoldFigure(kinds)(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    for (const [text, , kind] of ROWS) expect(mayHoldFigure([kind])(text), text).toBe(true);
  });

  it("is false of a line of words, so most of a site's lines are passed over", () => {
    const words = "Sand bachata fish street hotel sea merengue beans town beach sun music rice coast waterfall";
    expect(mayHoldFigure(["money amount", "time of day", "duration"])(words)).toBe(false);
    expect(mayHoldFigure(["money amount", "time of day", "duration"])(`${words} 40 minutes`)).toBe(true);
    expect(mayHoldFigure(["money amount"])("half an hour")).toBe(false);
    expect(mayHoldFigure(["duration"])("half an hour")).toBe(true);
  });
});

describe("approximate amounts, at the exchange rate of each figure's own year", () => {
  const rate = (year: string, perDollar: number): ExchangeRate => ({
    id: `rate-${year}`,
    perDollar,
    date: `${year}-02-21`,
    year,
    by: "the Bank",
  });
  const r2026 = rate("2026", 60.79);
  const r2021 = rate("2021", 57.23);
  const rates: Rates = {
    byYear: new Map([
      ["2026", r2026],
      ["2021", r2021],
    ]),
    newest: r2026,
  };
  it.each([
    ["RD$400", "about US$6.50"],
    ["up to about 50 pesos", "about US$0.80"],
    ["around 150 to 250 pesos", "about US$2.50 to US$4"],
    ["US$15", "about RD$910"],
    ["US$30", "about RD$1,800"],
    ["US$4 adults, US$2 children", "about RD$240 and RD$120"],
    ["US$15 for 7, US$20 for 12 and US$25 for 27", "about RD$910, RD$1,200 and RD$1,500"],
    // The conversion of an amount with a word of scale is in the same scale, after the whole amount.
    ["RD$30 million", "about US$0.5 million"],
    ["US$2 million", "about RD$120 million"],
    ["RD$1 million", "about US$16,000"],
  ])("%s of 2026 → %s", (value, expected) => {
    expect(approximation(value, rates, "2026-02")).toBe(expected);
  });

  it("a figure of an older year is converted at that year's rate, and names it in the rates used", () => {
    const used = new Set<ExchangeRate>();
    expect(approximation("RD$400", rates, "2021-05", used)).toBe("about US$7");
    expect([...used]).toEqual([r2021]);
  });

  it("a figure of a year with no rate, or of no date, is not converted, and says why", () => {
    expect(approximation("RD$310", rates, "2010-02")).toBe("not converted: this guide has no exchange rate for 2010");
    expect(approximation("RD$310", rates, undefined)).toBe("not converted: its source gives no date");
    expect(withApproximations("A visitor paid RD$310.", rates, "2010")).toBe(
      "A visitor paid RD$310 (not converted: this guide has no exchange rate for 2010).",
    );
  });

  it("no approximation for a figure with no amount, another currency, or no rate", () => {
    expect(approximation("free", rates, "2026")).toBeUndefined();
    expect(approximation("€20", rates, "2026")).toBeUndefined();
    expect(approximation("RD$400", { byYear: new Map() }, "2026")).toBeUndefined();
  });

  it("in a text, after each whole amount, unless one is written there already", () => {
    expect(withApproximations("A visitor paid RD$400 at the gate, then US$2.", rates, "2026-01")).toBe(
      "A visitor paid RD$400 (about US$6.50) at the gate, then US$2 (about RD$120).",
    );
    expect(withApproximations("The park's RD$30 million renovation.", rates, "2026")).toBe(
      "The park's RD$30 million (about US$0.5 million) renovation.",
    );
    expect(withApproximations("RD$400 (about US$7 at the time)", rates, "2026")).toBe(
      "RD$400 (about US$7 at the time)",
    );
  });

  it("never puts a conversion inside an amount, for any amount with a word of scale", () => {
    const scale = fc.constantFrom("million", "millones de pesos", "billion", "thousand");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), scale, fc.constantFrom("RD$", "US$"), (n, word, symbol) => {
        const amount = word.includes("pesos") ? `${n} ${word}` : `${symbol}${n} ${word}`;
        const text = `It cost ${amount} in all.`;
        const out = withApproximations(text, rates, "2026");
        // The amount is whole, with its conversion after it: nothing is inserted between its parts.
        expect(out.startsWith(`It cost ${amount} (about `)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

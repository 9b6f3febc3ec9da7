/**
 * One strict reader for every date a site holds (core/dates.ts): an impossible day or month is
 * refused where it is written, never rolled over into the next month, and no page shows "Invalid
 * Date". Once, a listing source dated 0000-00-00 or 2024-13 built and showed `Invalid Date`,
 * 2025-02-30 became "February 2025" on one page and "Mar 02, 2025" on another, and the same date
 * in an article's front-matter source failed as TemplateFailed with no location.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayAfter,
  daysInMonth,
  formatDay,
  formatPartialDate,
  isDate,
  lastDay,
  monthAndYear,
  monthsBefore,
  parseDate,
} from "../../src/core/dates.ts";
import { clockOption } from "../../src/cli/options.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";
import { assertProperty } from "../helpers/property.ts";

const IMPOSSIBLE = ["0000-00-00", "0000", "2024-13", "2024-00", "2025-02-30", "2023-02-29", "2024-04-31", "2024-12-32"];

describe("the date reader", () => {
  it("refuses impossible days and months, and says why", () => {
    for (const text of IMPOSSIBLE) expect(isDate(text), text).toBe(false);
    expect(parseDate("2025-02-30")).toEqual({ problem: "names day 30, but February 2025 has 28 days" });
    expect(parseDate("2024-13")).toEqual({ problem: "names month 13; months run from 01 to 12" });
    expect(isDate("2024-02-29", "day")).toBe(true);
    expect(isDate("2000-02-29", "day")).toBe(true);
    expect(isDate("1900-02-29", "day")).toBe(false);
    expect(isDate("2024-06", "day")).toBe(false);
    expect(isDate("2024-06")).toBe(true);
    expect(isDate(" 2024-06")).toBe(false);
  });

  it("agrees with the calendar on every day it accepts, and formats as en-US does", async () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "2-digit", timeZone: "UTC" });
    await assertProperty(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const date = new Date(Date.UTC(2000, m - 1, d));
          date.setUTCFullYear(y);
          const real = m >= 1 && m <= 12 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(isDate(text, "day"), text).toBe(real);
          if (real && y >= 1000) expect(formatDay(text)).toBe(intl.format(date));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never rolls a date over", () => {
    expect(() => formatDay("2025-02-30")).toThrow(/February 2025 has 28 days/);
    expect(() => monthAndYear("2024-13")).toThrow(/month 13/);
    expect(monthAndYear("2024-05")).toBe("May 2024");
    expect(formatPartialDate("2024-06")).toBe("June 2024");
    expect(formatPartialDate("2024")).toBe("2024");
    expect(lastDay("2024-02")).toBe("2024-02-29");
    expect(lastDay("2023")).toBe("2023-12-31");
    expect(dayAfter("2024-02-28")).toBe("2024-02-29");
    expect(dayAfter("2024-12-31")).toBe("2025-01-01");
    expect(monthsBefore("2025-03-31", 1)).toBe("2025-02-28");
    expect(monthsBefore("2025-01-15", 13)).toBe("2023-12-15");
    expect(daysInMonth(2100, 2)).toBe(28);
  });
});

const DIRECTORY =
  "- { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., " +
  "image: { src: /images/photo.svg, alt: A }, content: a.md, related: [/filler-1, /filler-2, /filler-3] }";

/** A directory page whose one listing's source is dated `date`. */
function listingDated(date: string): string {
  return `-- site.yaml --
routes:
  ${DIRECTORY}
-- content/a.md --
A.
-- content/l.yaml --
itemType: Bakery
items:
  - id: 1
    name: Corner Bakery
    image: /images/photo.svg
    alt: A
    description: A bakery for a test.
    address2: Puerto Plata
    phone: "+1 809-571-1507"
    sources:
      - { url: "https://corner.example", supports: [phone], says: "Tel. 809-571-1507", date: ${date} }
`;
}

function articleSourceDated(date: string): string {
  return `-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
---
sources:
  - url: https://corner.example/hours
    says: Open daily
    date: ${date}
---
A.
`;
}

describe("every date a site holds is read by it", () => {
  for (const date of ["0000-00-00", "2024-13", "2025-02-30"]) {
    it(`a listing source dated ${date} is refused at its line`, async () => {
      const outcome = await buildInline(listingDated(date));
      expect(outcome.exit).toBe(1);
      expect(outcome.lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^ListingsInvalid {2}content/l\\.yaml:11:\\d+ {2}items\\[0\\]\\.sources\\[0\\]\\.date {2}'${date}' is not a date`,
          ),
        ),
      ]);
    });

    it(`an article's front-matter source dated ${date} is refused at its line`, async () => {
      const outcome = await buildInline(articleSourceDated(date));
      expect(outcome.lines).toEqual([
        expect.stringMatching(
          new RegExp(`^FrontMatterInvalid {2}content/a\\.md:5:11 {2}sources\\[0\\]\\.date {2}'${date}' is not a date`),
        ),
      ]);
      expect(outcome.exit).toBe(1);
    });
  }

  it("a fact's since and its source's date, a route's dates and --clock are read the same way", async () => {
    const fact = await buildInline(`-- site.yaml --
facts:
  ferry:
    subject: Ferry
    status: closed
    since: 2024-13
    text: The ferry to the cays stopped running.
    mentions: [ferry]
    sources:
      - { url: "https://ferry.example", says: "Closed", date: 2025-02-30 }
routes:
  - { path: /a, kind: article, content: a.md }
-- content/a.md --
A.
`);
    expect(fact.lines).toEqual([
      expect.stringMatching(
        /^ManifestInvalid {2}site\.yaml:5:12 {2}facts\.ferry\.since {2}'2024-13' is not a date: it names month 13/,
      ),
      expect.stringMatching(
        /^ManifestInvalid {2}site\.yaml:9:\d+ {2}facts\.ferry\.sources\[0\]\.date {2}'2025-02-30' is not a date: it names day 30, but February 2025 has 28 days/,
      ),
    ]);
    const route = await buildInline(`-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md, dates: { created: 2025-01-01, published: 2025-02-30, modified: 2025-03-01 } }
-- content/a.md --
A.
`);
    expect(route.lines).toEqual([
      expect.stringMatching(
        /^ManifestInvalid {2}site\.yaml:2:88 {2}routes\[0\]\.dates\.published {2}'2025-02-30' is not a date/,
      ),
    ]);
    // The CLI refuses the clock before any stage runs (every-code.test.ts runs it).
    for (const clock of ["2025-02-30", "2024-13-01", "0000-00-00"])
      expect(() => clockOption(clock)).toThrow(expect.objectContaining({ code: "ClockInvalid" }));
  });

  it("a real month shows as the month, and no page ever shows Invalid Date", async () => {
    const root = await writeInlineSite(listingDated("2024-05"));
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    const html = await readFile(join(root, "dist", "a.html"), "utf8");
    expect(html).toContain('<time dateTime="2024-05">May 2024</time>');
    expect(html).not.toMatch(/Invalid Date/);
  });
});

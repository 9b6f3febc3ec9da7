/**
 * A hint is a promise: every catalogue code whose hint tells the editor what to write is made to
 * happen on a tiny site, then the hint is followed as an editor would follow it (the value it
 * names, the fields it lists, the path it suggests, read from the hint and the problem itself
 * wherever they say it), and the site is built again: the problem is gone and the build passes,
 * or the next problem is the different one the case expects. The table is keyed by code, so a
 * new code is a compile error until it has a case here or a reason its hint asks nothing to be
 * written in the site (a usage code, the machine's refusal, ppguide's own failure).
 *
 * Regression: FigureUnsourced's hint named `value, date, sources`, and a fact written so failed
 * with "missing required field 'text'".
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "../../src/core/errors-data.ts";
import { errorsOf, fromFileSystemError, isUserError, type PpgError } from "../../src/core/errors.ts";
import { build } from "../../src/engine/build.ts";
import type { BuildOptions } from "../../src/engine/build-state.ts";
import { auditFreshness } from "../../src/audits/freshness.ts";
import { OFFLINE_PACK_OF_NO_MENU, writeInlineSite } from "../helpers/inline-site.ts";

const CLOCK = "2026-01-15";
// Modified as of the clock: a page's Updated date may not be older than a fact it shows (PageUpdatedBeforeFact).
const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2026-01-15 }";
const RELATED = "related: [/filler-1, /filler-2, /filler-3]";
const page = (markdown: string, extra = "") =>
  `-- site.yaml --\n${extra}routes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n${markdown}\n`;
const DIRECTORY = `kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED}`;
const listing = (items: string) =>
  `-- site.yaml --\nroutes:\n  - { ${DIRECTORY} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n${items}`;
const REAL_SITE = `site:
  name: Hint Site
  url: https://hint-guide.org
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Hint Site }
  email: info@hint-guide.org
  social: { facebook: https://www.facebook.com/hintguide, twitter: https://x.com/hintguide, pinterest: https://www.pinterest.com/hintguide/, youtube: https://www.youtube.com/@hintguide }
  disclosure: Some links are affiliate links.
authors:
  desk: { name: Test Desk, avatar: /images/avatar.svg, email: desk@hint-guide.org }
`;
const LIFT =
  "{ subject: Lift, status: closed, since: 2024-06, text: The lift up the hill is closed for repairs., mentions: [lift], sources: [{ url: https://news.example/lift, says: the lift is closed }] }";

/** A fact of a boat tour's fee, as a source gave it in November 2025, shown with `date` (by default the source's). */
const TOUR_FEE = (value: string, date = "2025-11") =>
  `{ subject: Tour fee, value: "${value}", date: ${date}, text: The boat tour's fee for one person., mentions: [boat tour], sources: [{ url: "https://tours.example/fees", says: "${value} a person", date: 2025-11-02, gives: "${value}", by: Boat Tours }] }`;
/** An exchange-rate fact of a month. */
const RATE = (date: string, perDollar: number) =>
  `{ subject: The peso, value: RD$${perDollar} to the US dollar, perDollar: ${perDollar}, date: ${date}, text: The reference rate of the Central Bank for one US dollar., sources: [{ url: "https://bank.example/${date}", says: "RD$${perDollar} to the dollar", date: ${date}, gives: RD$${perDollar} to the US dollar, by: The Bank }] }`;

/** A travel time between two places, as an undated travel page gives it. */
const LEG = (a: string, b: string, value: string) =>
  `{ subject: The drive, value: ${value}, date: 2025-11, between: [${a}, ${b}], text: The drive from ${a} to ${b} by road., sources: [{ url: "https://road.example/${a}-${b}", says: "${value}", gives: "${value}", by: Road Guide }] }`;

/** What a build of the site says: the problems, and whether it failed. */
interface Said {
  failed: boolean;
  problems: PpgError[];
}

async function buildSays(root: string, opts: Partial<BuildOptions> = {}): Promise<Said> {
  const { out, ...rest } = opts;
  try {
    const result = await build({
      root,
      clock: CLOCK,
      ...(out ? { out: join(root, out) } : { write: false }),
      ...rest,
    });
    return { failed: false, problems: [...result.warnings, ...result.placeholders] };
  } catch (err) {
    const user = fromFileSystemError(err);
    if (!isUserError(user)) throw err;
    return { failed: true, problems: errorsOf(user) };
  }
}

/** An editor's edit: `from` (text or pattern) replaced by `to` in one file of the site. */
async function edit(root: string, file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(join(root, file), "utf8");
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`the hint's edit found nothing to change in ${file}: ${String(from)}`);
  await writeFile(join(root, file), edited);
}

/** The first text the hint (or message) quotes: 'x' or `x`. */
function quoted(text: string, n = 0): string {
  const found = [...text.matchAll(/'([^']+)'|`([^`]+)`/g)].map((m) => m[1] ?? m[2]!);
  const value = found[n];
  if (value === undefined) throw new Error(`nothing quoted in: ${text}`);
  return value;
}

/** Every name in backticks the hint gives (`subject`, `text`, …), without a trailing colon. */
const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/:$/, ""));

interface Case {
  site: string;
  /** Build options (strict, an output folder for the link check). */
  opts?: Partial<BuildOptions>;
  /** What the hint must still say for the fix to follow it. */
  says: RegExp;
  /** The edit the hint asks for, given the site's folder and the problem (its hint, message and data). */
  follow: (root: string, problem: PpgError) => Promise<void>;
  /** The next, different problem the fix leads to, when it is expected (else the build passes). */
  next?: RegExp;
  /** How the problem is found, when not by a build (check-facts). */
  find?: (root: string) => Promise<Said>;
}

/** Codes whose hint asks for nothing to be written in the site: why, for each. */
type Reason = string;
const USAGE: Reason = "a usage code: the command line is corrected, not the site (every-code.test.ts runs it)";
const MACHINE: Reason = "the machine refused (disk, permissions, limits): nothing to write in the site";
const PPGUIDE: Reason = "ppguide's own failure or a tool's: the hint says to build again or report it";
const OUTPUT: Reason = "the output folder or a shard: the command is run again differently, the site is not edited";
const FILES: Reason = "a file on disk (a link, a pipe, bytes): it is moved or deleted, nothing is written in the site";

const CASES: Record<ErrorCode, Case | Reason> = {
  ManifestMissing: USAGE,
  YamlSyntax: {
    site: page(
      "A.",
      "facts:\n  lift:\n    subject: Lift\n     text: The lift up the hill is closed for repairs.\n" +
        "    sources: [{ url: https://news.example/lift, says: the lift is closed }]\n",
    ),
    says: /^Indent it (\d+) spaces?, as 'subject' is/,
    follow: async (root, p) => {
      const spaces = Number(/Indent it (\d+) spaces?/.exec(p.hint!)![1]);
      await edit(root, "site.yaml", /^ +text:/m, `${" ".repeat(spaces)}text:`);
    },
  },
  ManifestInvalid: {
    // Written as a block, which the inline site does not complete.
    site: `-- site.yaml --\nroutes:\n  - path: /a\n    kind: article\n    content: a.md\n    ${RELATED}\n    title: A\n    image: { src: /images/photo.svg, alt: A }\n    author: desk\n    dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }\n-- content/a.md --\nA.\n`,
    says: /^Add `description:` to this entry\.$/,
    follow: (root, p) =>
      edit(
        root,
        "site.yaml",
        "    title: A\n",
        `    title: A\n    ${quoted(p.hint!)} A page written for a test of hints.\n`,
      ),
  },
  RouteNotFound: {
    site: `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /filer-2, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /^Did you mean '\/filler-2'\?$/,
    follow: (root, p) => edit(root, "site.yaml", "/filer-2", quoted(p.hint!)),
  },
  RouteDuplicate: {
    site: `-- site.yaml --\nroutes:\n  - { path: /filler-1, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /remove or rename one of them/,
    follow: (root) =>
      edit(
        root,
        "site.yaml",
        "path: /filler-1, content: a.md, related: [/filler-1,",
        "path: /a, content: a.md, related: [/filler-1,",
      ),
  },
  SiteUrlInvalid: {
    site: "-- site.yaml --\nsite:\n  name: Inline Site\n  url: https://Inline.Example\n  language: en-US\n  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }\n  email: info@inline.example\n  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }\n  disclosure: Some links are affiliate links.\n",
    says: /^Write the site's origin alone/,
    // The message says exactly what to write: "write it as 'https://inline.example'".
    follow: (root, p) =>
      edit(root, "site.yaml", "https://Inline.Example", /write it as '([^']+)'/.exec(p.message)![1]!),
  },
  RoutePathNotCanonical: {
    site: `-- site.yaml --\nroutes:\n  - { path: /caf%C3%A9, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /^Write the characters themselves/,
    follow: (root, p) =>
      edit(root, "site.yaml", "/caf%C3%A9", /write the character itself, '([^']+)'/.exec(p.message)![1]!),
  },
  AliasIsRoute: {
    site: "-- site.yaml --\naliases:\n  - { from: /filler-1, to: /filler-2 }\n",
    says: /An alias must be a path that has no page of its own/,
    follow: (root) => edit(root, "site.yaml", "from: /filler-1", "from: /old-filler"),
  },
  OfflinePackMenuUnknown: {
    site: OFFLINE_PACK_OF_NO_MENU,
    says: /^Name a menu by its label as `nav` writes it/,
    // The message lists the menus there are: "(the menus are 'Guides')".
    follow: (root, p) => edit(root, "site.yaml", "menus: [Dining]", `menus: [${quoted(p.message, 1)}]`),
  },
  AuthorNotFound: {
    site: `-- site.yaml --\nroutes:\n  - { author: nobody, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\nA.\n`,
    says: /^Use one of: (\S+)\.$/,
    follow: (root, p) =>
      edit(root, "site.yaml", "author: nobody", `author: ${/^Use one of: ([^,.]+)/.exec(p.hint!)![1]}`),
  },
  DatesOutOfOrder: {
    site: `-- site.yaml --\nroutes:\n  - { dates: { created: 2025-02-01, published: 2025-01-01, modified: 2025-01-01 }, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk }\n-- content/a.md --\nA.\n`,
    says: /^created must be on or before published, and published on or before modified\.$/,
    follow: (root) => edit(root, "site.yaml", "created: 2025-02-01", "created: 2025-01-01"),
  },
  RevisedOutOfRange: {
    site: `-- site.yaml --\nroutes:\n  - { dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-03-01, revised: [2025-02-01, 2025-03-01] }, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk }\n-- content/a.md --\nA.\n`,
    says: /^List under `revised` only earlier updates/,
    follow: (root) => edit(root, "site.yaml", "2025-02-01, 2025-03-01", "2025-02-01"),
  },
  LinkToUnpublished: {
    site: `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /wip, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n  - { draft: true, path: /wip, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /publish the page first \(drop `draft: true`/,
    follow: (root) => edit(root, "site.yaml", "draft: true, ", ""),
  },
  ExpiresBeforePublished: {
    site: `-- site.yaml --\nroutes:\n  - { expires: 2024-12-31, path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /make it on or after dates\.published/,
    follow: (root) => edit(root, "site.yaml", "expires: 2024-12-31", "expires: 2026-12-31"),
  },
  ClockInvalid: USAGE,
  ThreadsInvalid: USAGE,
  RelatedNotThree: {
    site: `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /filler-2], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /list three route paths/,
    follow: (root) =>
      edit(root, "site.yaml", "related: [/filler-1, /filler-2]", "related: [/filler-1, /filler-2, /filler-3]"),
  },
  RelatedSelf: {
    site: `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /a, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /^Name three other pages\.$/,
    follow: (root) => edit(root, "site.yaml", "[/filler-1, /a, /filler-3]", "[/filler-1, /filler-2, /filler-3]"),
  },
  RouteIsFile: {
    site: `-- site.yaml --\nroutes:\n  - { path: /robots.txt, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /^Pick another path for the page/,
    follow: (root) => edit(root, "site.yaml", "path: /robots.txt", "path: /robots-guide"),
  },
  OutputClaimedTwice: {
    site: "-- site.yaml --\naliases:\n  - { from: /old, to: /filler-1 }\n  - { from: /old, to: /filler-2 }\n",
    says: /rename or remove one of them/,
    follow: (root) => edit(root, "site.yaml", "  - { from: /old, to: /filler-2 }\n", ""),
  },
  PathTooLong: {
    site: `-- site.yaml --\nroutes:\n  - { path: /${"a".repeat(300)}, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    says: /^Shorten it: a path segment may be 250 bytes/,
    follow: (root) => edit(root, "site.yaml", "a".repeat(300), "a".repeat(250)),
  },
  BannersMissing: {
    site: page("Intro.\n\n::banner\n\nMore."),
    says: /or remove the ::banner line/,
    follow: (root) => edit(root, "content/a.md", "::banner\n\n", ""),
  },
  ContentMissing: {
    site: `-- site.yaml --\nroutes:\n  - { content: missing.md, path: /a, ${RELATED}, ${ARTICLE} }\n`,
    says: /^Create the file or fix the name/,
    follow: (root, p) => writeFile(join(root, (p.data as { file: string }).file), "A page that was missing.\n"),
  },
  SourceIsFolder: FILES,
  SourceChanged: "a file written while the build ran: the hint says to build again, nothing is written in the site",
  FrontMatterInvalid: {
    site: page("---\nkeyword: [beaches]\n---\nA."),
    says: /^Remove it or check its spelling; allowed here: .*\bkeywords\b/,
    follow: (root) => edit(root, "content/a.md", "keyword:", "keywords:"),
  },
  FrontMatterUnclosed: {
    site: page("---\nkeywords: [a]\nA."),
    says: /^End the front matter with a line holding only '---'/,
    follow: (root) => edit(root, "content/a.md", "keywords: [a]\n", "keywords: [a]\n---\n"),
  },
  RecipeMissing: {
    site: `-- site.yaml --\nroutes:\n  - { kind: recipe, path: /a, content: a.md, ${RELATED}, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\nA.\n`,
    says: /^Add prepMinutes, totalMinutes, servings, category, ingredients and instructions/,
    // Each field the hint names, with a value of its kind, then the Markdown as it was.
    follow: async (root, p) => {
      const fields = /^Add (.*?) \(/.exec(p.hint!)![1]!.split(/, | and /);
      const VALUES: Record<string, string> = {
        prepMinutes: "10",
        totalMinutes: "30",
        servings: "4",
        category: "Dessert",
        ingredients: "[2 cups of sugar]",
        instructions: "[Melt the sugar.]",
      };
      const block = fields.map((f) => `  ${f}: ${VALUES[f] ?? "x"}`).join("\n");
      await edit(root, "content/a.md", /^/, `---\nrecipe:\n${block}\n---\n`);
    },
    // A recipe card now, whose structured data wants what Google recommends besides.
    next: /^StructuredDataIncomplete {2}.*Recipe: Missing field/,
  },
  RecipeFigures: {
    site: `-- site.yaml --\nroutes:\n  - { kind: recipe, path: /a, content: a.md, ${RELATED}, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\n---\nkeywords: [caramel]\nrecipe:\n  prepMinutes: 15\n  totalMinutes: 5\n  servings: 2\n  category: Dessert\n  ingredients: [sugar]\n  instructions: [Melt it.]\n  calories: null\n---\nA.\n`,
    says: /^totalMinutes includes the prep time: it must be at least prepMinutes\.$/,
    follow: (root) => edit(root, "content/a.md", "totalMinutes: 5", "totalMinutes: 25"),
  },
  MarkdownTooDeep: {
    site: page(`${">".repeat(120)} A quote nested past the parser's limit.`),
    says: /^Nest the lists and quotes less deeply/,
    follow: (root) => edit(root, "content/a.md", ">".repeat(120), ">>"),
  },
  IdDuplicate: {
    site: page("## Main {#main}\n\nText."),
    says: /^Give the heading \(or element\) another id/,
    follow: (root) => edit(root, "content/a.md", "{#main}", "{#main-dish}"),
  },
  DirectiveUnknown: {
    site: page("Intro.\n\n::vidoe abcDEF12345 Surfing at Encuentro\n\nMore."),
    says: /^Use ::banner, ::fact ID, ::video ID Title/,
    follow: (root) => edit(root, "content/a.md", "::vidoe", "::video"),
  },
  VideoInvalid: {
    site: page("Intro.\n\n::video { title: Surfing at Encuentro }\n\nMore."),
    says: /^Say in `summary` what the video will show/,
    follow: (root, p) =>
      edit(
        root,
        "content/a.md",
        "title: Surfing at Encuentro }",
        `title: Surfing at Encuentro, ${backticked(p.hint!)[0]}: Surfers catch the morning waves. }`,
      ),
    // A video without an id is a placeholder to replace before going live.
    next: /^PlaceholderLeft {2}content\/a\.md:3:1 {2}video 'Surfing at Encuentro' has no real id yet/,
  },
  ListingsInvalid: {
    site: listing(
      "  - { id: 1, name: A, image: /images/photo.svg, alt: A, address2: Puerto Plata }\n  - { id: 1, name: B, image: /images/photo.svg, alt: B, address2: Puerto Plata }\n",
    ),
    says: /^Give each entry its own id/,
    follow: (root) => edit(root, "content/l.yaml", "{ id: 1, name: B", "{ id: 2, name: B"),
  },
  ListingUnsourced: {
    site: listing(
      '  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, phone: "+1 809-571-1507" }\n',
    ),
    says: /^Add a `sources:` entry with the page's url, `supports:` naming the field and what the page `says`/,
    // The entry as the hint spells it: its `url`, `supports` and `says`.
    follow: (root, p) => {
      const [list, supports, says] = backticked(p.hint!);
      const field = p.path!.split(".").pop()!;
      return edit(
        root,
        "content/l.yaml",
        '"+1 809-571-1507" }',
        `"+1 809-571-1507", ${list}: [{ url: "https://cornerbakery.do/contact", ${supports}: [${field}], ${says}: "Tel. +1 809-571-1507" }] }`,
      );
    },
  },
  FactUnknown: {
    site: page("Intro.\n\n::fact lfit\n\nMore.", `facts:\n  lift: ${LIFT}\n`),
    says: /^Use the key of an entry under `facts:` in site\.yaml/,
    follow: (root) => edit(root, "content/a.md", "::fact lfit", "::fact lift"),
  },
  FactNotShown: {
    site: page("The old lift climbs the hill.", `facts:\n  lift: ${LIFT}\n`),
    says: /^Add a line `::fact lift` to this page/,
    follow: (root, p) => edit(root, "content/a.md", /^/, `${backticked(p.hint!)[0]}\n\n`),
  },
  FactContradicted: {
    site: page("::fact lift\n\nRide the lift to the top for the view.", `facts:\n  lift: ${LIFT}\n`),
    says: /^Say that it is closed/,
    follow: (root) =>
      edit(
        root,
        "content/a.md",
        "Ride the lift to the top for the view.",
        "The lift to the top is closed; walk up for the view.",
      ),
  },
  FactValueMissing: {
    site: page("::fact lift\n\nA ticket costs {{fact:lift}}.", `facts:\n  lift: ${LIFT}\n`),
    says: /^Give the fact a `value` and its `date` in site\.yaml/,
    follow: async (root, p) => {
      const [value, date, gives] = backticked(p.hint!);
      await edit(root, "site.yaml", "status: closed,", `${value}: RD$200, ${date}: 2024-05, status: closed,`);
      return edit(
        root,
        "site.yaml",
        "says: the lift is closed }",
        `says: a ticket was RD$200, date: 2024-05, ${gives}: RD$200 }`,
      );
    },
  },
  FigureUnsourced: {
    site: page("Entry to the fort costs RD$400."),
    opts: { strict: true },
    says: /^State the figure once under `facts:` in site\.yaml/,
    // Data-driven from the hint: a fact with each field it names, and `{{fact:ID}}` for the figure.
    follow: async (root, p) => {
      const figure = (p.data as { figure: string }).figure;
      const VALUES: Record<string, string> = {
        subject: "Fort admission",
        text: `Admission to the fort was ${figure} when a visitor paid it at the gate.`,
        value: figure,
        date: "2025-11",
        sources: `[{ url: "https://fort-guide.org/visit", says: "admission ${figure}", date: 2025-11-02${
          backticked(p.hint!).includes("gives") ? `, gives: "${figure}"` : ""
        } }]`,
        guide: "true",
      };
      const fields = [...new Set(backticked(p.hint!).filter((f) => f in VALUES))];
      expect(fields).toContain("value");
      const fact = fields.map((f) => `${f}: ${f === "sources" ? VALUES[f] : JSON.stringify(VALUES[f])}`).join(", ");
      await edit(root, "site.yaml", /^routes:/m, `facts:\n  fort-fee: { ${fact} }\nroutes:`);
      const write = backticked(p.hint!).find((f) => f.startsWith("{{fact:"))!;
      await edit(root, "content/a.md", figure, write.replace("ID", "fort-fee"));
    },
    // The inline site's own stand-ins (its .example domains) are what --strict fails on next.
    next: /^PlaceholderLeft {2}site\.yaml:\d+:\d+ {2}site\.url/,
  },
  FigureContradictsFact: {
    site: page(
      "The fort costs {{fact:fort-fee}}. The fort costs $2 at the gate.",
      "facts:\n  fort-fee: { subject: Fort admission, value: RD$400, date: 2023-06, text: A visitor paid RD$400 at the gate in June 2023., mentions: [fort], sources: [{ url: https://fort.example/visit, says: RD$400 in June 2023, date: 2023-06, gives: RD$400 }] }\n",
    ),
    says: /^Write `\{\{fact:ID\}\}` for the fact's figure/,
    follow: (root, p) =>
      edit(
        root,
        "content/a.md",
        (p.data as { figure: string }).figure,
        backticked(p.hint!)[0]!.replace("ID", (p.data as { id: string }).id),
      ),
  },
  FigureCurrencyAmbiguous: {
    site: page("Entry is {{fact:tour-fee}} a person.", `facts:\n  tour-fee: ${TOUR_FEE("$15")}\n`),
    says: /^Write US\$ or RD\$ before the amount/,
    // The amount with the currency the hint names first, wherever the fact writes it.
    follow: (root, p) => {
      const figure = (p.data as { figure: string }).figure;
      const currency = /^Write (US\$)/.exec(p.hint!)![1]!;
      return edit(
        root,
        "site.yaml",
        new RegExp(`(?<![A-Z])${figure.replace("$", "\\$")}`, "g"),
        `${currency}${figure.slice(1)}`,
      );
    },
  },
  FactMarkerInvalid: {
    site: page("Entry is {{ fact:tour-fee }} a person.", `facts:\n  tour-fee: ${TOUR_FEE("US$15")}\n`),
    says: /^Write it as \{\{fact:tour-fee\}\}/,
    follow: (root, p) => {
      const { text, meant } = p.data as { text: string; meant: string };
      return edit(root, "content/a.md", text, meant);
    },
  },
  FactMarkerMisplaced: {
    site: page(
      "![The gate, entry {{fact:tour-fee}}](/images/photo.svg)\n\nEntry is {{fact:tour-fee}} a person.",
      `facts:\n  tour-fee: ${TOUR_FEE("US$15")}\n`,
    ),
    says: /^Markers are expanded in Markdown prose only: give the figure in a paragraph of the page, or write this text without it/,
    // The figure is in a paragraph already: the alt text goes without it.
    follow: (root, p) => edit(root, "content/a.md", ` ${(p.data as { text: string }).text}`, ""),
  },
  FactDateFuture: {
    // A day typed a year ahead, in the fact and its source alike.
    site: page(
      "Entry is {{fact:tour-fee}} a person.",
      `facts:\n  tour-fee: ${TOUR_FEE("US$15").replace("date: 2025-11-02", "date: 2026-11-02").replace("date: 2025-11", "date: 2026-11")}\n`,
    ),
    says: /^Write the date the source gives \(YYYY, YYYY-MM or YYYY-MM-DD\), or the day you checked it/,
    follow: (root) => edit(root, "site.yaml", /date: 2026-11/g, "date: 2025-11"),
  },
  FactDateUnsupported: {
    site: page("Entry is {{fact:tour-fee}} a person.", `facts:\n  tour-fee: ${TOUR_FEE("US$15", "2025-12")}\n`),
    says: /^Add `gives:` to the source that states the figure, written as `value` is, and set the fact's `date` to that source's date/,
    follow: (root) => edit(root, "site.yaml", "date: 2025-12,", "date: 2025-11,"),
  },
  FactLeadNotNewest: {
    site: page(
      "Entry is {{fact:tour-fee}} a person.",
      `facts:\n  tour-fee: { subject: Tour fee, value: US$15, date: 2024-03, text: The boat tour's fee for one person., mentions: [boat tour], earlier: [{ value: US$20, date: 2025-11, source: "https://tours.example/2025", by: Boat Tours }], sources: [{ url: "https://tours.example/2024", says: "US$15 a person", date: 2024-03, gives: US$15, by: Boat Tours }] }\n`,
    ),
    says: /^Make the newest figure a source gives the fact's `value` and `date`/,
    // The newer figure leads, with its source giving it; the older one moves into `earlier`.
    follow: (root) =>
      edit(
        root,
        "site.yaml",
        /value: US\$15, date: 2024-03,(.*)earlier: \[\{ value: US\$20, date: 2025-11, source: "https:\/\/tours.example\/2025", by: Boat Tours \}\], sources: \[/,
        // $$ is a dollar sign in a replacement.
        'value: US$$20, date: 2025-11,$1earlier: [{ value: US$$15, date: 2024-03, source: "https://tours.example/2024", by: Boat Tours }], sources: [{ url: "https://tours.example/2025", says: "US$$20 a person", date: 2025-11, gives: US$$20, by: Boat Tours }, ',
      ),
  },
  ExchangeRateTwice: {
    site: page(
      "Entry is {{fact:tour-fee}} a person.",
      `facts:\n  tour-fee: ${TOUR_FEE("US$15")}\n  rate: ${RATE("2025-12", 60.5)}\n  other-rate: ${RATE("2025-06", 59.1)}\n`,
    ),
    says: /^Keep `perDollar` on one fact of that year, with its source, and remove it from the other/,
    follow: (root) => edit(root, "site.yaml", "perDollar: 59.1, ", ""),
  },
  FactGuideSourced: {
    site: page(
      "Entry is {{fact:tour-fee}} a person.",
      `facts:\n  tour-fee: ${TOUR_FEE("US$15").replace("date: 2025-11,", "date: 2025-11, guide: true, ask: ask at the pier,")}\n`,
    ),
    says: /^Remove `guide: true` \(and `ask`, unless another figure is the guide's own\): the figure is the source's\. Set `date` to the source's date/,
    follow: (root) => edit(root, "site.yaml", " guide: true, ask: ask at the pier,", ""),
  },
  PageUpdatedBeforeFact: {
    site: page("Entry is {{fact:tour-fee}} a person.", `facts:\n  tour-fee: ${TOUR_FEE("US$15")}\n`).replace(
      "modified: 2026-01-15",
      "modified: 2025-08-01",
    ),
    says: /^Read the page again against fact 'tour-fee', then set `dates\.modified` to (\d{4}-\d{2}-\d{2}) or later\.$/,
    follow: (root, p) =>
      edit(
        root,
        "site.yaml",
        "modified: 2025-08-01",
        `modified: ${/to (\d{4}-\d{2}-\d{2}) or later/.exec(p.hint!)![1]}`,
      ),
  },
  FactPairTwice: {
    site: page(
      "The bay is {{fact:drive}} away.",
      `facts:\n  drive: ${LEG("Town", "Bay", "30 minutes by road")}\n  drive-back: ${LEG("Bay", "Town", "25 minutes by road")}\n`,
    ),
    says: /^Keep one fact for the two places, holding the time and the distance, and insert it with `\{\{fact:ID\}\}`/,
    follow: (root) => edit(root, "site.yaml", /\n {2}drive-back: .*/, ""),
  },
  LegTimesOutOfOrder: {
    site: page(
      "The point is {{fact:to-point}} away.",
      `coast: [Town, Bay, Point]\nfacts:\n  to-bay: ${LEG("Town", "Bay", "30 minutes by road")}\n  to-point: ${LEG("Town", "Point", "20 minutes by road")}\n`,
    ),
    says: /^Check the three facts against their sources and correct the one that is out of line/,
    // The source, read again, gives 45 minutes: the fact out of line is corrected to it.
    follow: (root) => edit(root, "site.yaml", /20 minutes( by road)?/g, "45 minutes$1"),
  },
  PhoneInvalid: {
    site: listing(
      '  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, phone: "809 571 150", sources: [{ url: "https://cornerbakery.do", supports: [phone], says: "Tel. 809 571 150" }] }\n',
    ),
    says: /or leave the phone out, and the card shows 'No Phone'/,
    follow: (root) =>
      edit(
        root,
        "content/l.yaml",
        ', phone: "809 571 150", sources: [{ url: "https://cornerbakery.do", supports: [phone], says: "Tel. 809 571 150" }]',
        "",
      ),
  },
  WebsiteNotHttps: {
    site: listing(
      '  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, link: "http://cornerbakery.do", sources: [{ url: "http://cornerbakery.do", supports: [link], says: "Home page" }] }\n',
    ),
    says: /^Open the site with https:\/\/; if it answers, write that address\.$/,
    follow: (root) => edit(root, "content/l.yaml", 'link: "http://', 'link: "https://'),
  },
  ContactShared: {
    site: listing(
      '  - { id: 1, name: Corner Hotel, image: /images/photo.svg, alt: A, address2: Puerto Plata, phone: "+1 809-571-1507", sources: [{ url: "https://cornerhotel.do", supports: [phone], says: "Tel. 809-571-1507" }] }\n  - { id: 2, name: Corner Hotel Spa, image: /images/photo.svg, alt: B, address2: Puerto Plata, phone: "(809) 571 1507", sources: [{ url: "https://cornerhotel.do/spa", supports: [phone], says: "Tel. 809 571 1507" }] }\n',
    ),
    says: /write `partOf: l\.yaml#1` in its entry/,
    follow: (root, p) => {
      const [key, value] = backticked(p.hint!)[0]!.split(": ");
      return edit(root, "content/l.yaml", "{ id: 2,", `{ id: 2, ${key}: "${value}",`);
    },
  },
  RawHtmlUnsafe: {
    site: page("Hi <script>alert(1)</script>"),
    says: /^Remove it/,
    follow: (root) => edit(root, "content/a.md", "<script>alert(1)</script>", ""),
  },
  UrlMalformed: {
    site: page("See [the list](/%E0%A4%A)."),
    says: /or a complete escape such as %20/,
    follow: (root) => edit(root, "content/a.md", "/%E0%A4%A", "/filler-1"),
  },
  UrlInvalid: {
    site: listing(
      '  - { id: 1, name: A, image: /images/photo.svg, alt: A, address2: Puerto Plata, link: "https://[x" }\n',
    ),
    says: /^Fix the address: a host has no spaces, brackets or '%'/,
    // The site's real address has no brackets; an unsourced website is then the next thing to fix.
    follow: (root) => edit(root, "content/l.yaml", "https://[x", "https://cornerbakery.do"),
    next: /^ListingUnsourced {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.link/,
  },
  CharacterInvalid: {
    site: `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, title: "A\\x0b B" }\n-- content/a.md --\nA.\n`,
    says: /^Remove it/,
    follow: (root) => edit(root, "site.yaml", "A\\x0b B", "A B"),
  },
  EncodingInvalid: FILES,
  NotText: FILES,
  AssetMissing: {
    site: page("![A photo](/images/none.svg)"),
    says: /^Add the file to public\/ or fix the path\.$/,
    follow: (root, p) =>
      writeFile(
        join(root, "public", (p.data as { path: string }).path),
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>\n',
      ),
  },
  ImageUnreadable: FILES,
  SymlinkOutside: FILES,
  SymlinkBroken: FILES,
  SymlinkLoop: FILES,
  SymlinkHidden: FILES,
  SymlinkIntoOutput: FILES,
  NotRegularFile: FILES,
  CacheFolderRefused: OUTPUT,
  TemplateFailed: PPGUIDE,
  StyleFailed: PPGUIDE,
  ScriptFailed: PPGUIDE,
  BrokenLink: {
    site: page("## Mangú {#Mangú}\n\nSee [the dish](#Mangu)."),
    opts: { out: "dist", searchIndex: false },
    says: /^Fix the link/,
    // The message says which anchor it most likely meant: "(did you mean #Mangú?)".
    follow: (root, p) => edit(root, "content/a.md", "(#Mangu)", `(${/did you mean (\S+)\?\)/.exec(p.message)![1]})`),
  },
  BuildNotReproducible: PPGUIDE,
  ContentUnused: {
    site: `${page("A.")}-- content/old.md --\nOld.\n`,
    says: /^Add a route for it to site\.yaml, or delete the file\.$/,
    follow: (root, p) => rm(join(root, (p.data as { file: string }).file)),
  },
  ToolTimedOut: PPGUIDE,
  CacheEntryDamaged: PPGUIDE,
  AliasServedAsPage: {
    site: `-- site.yaml --\naliases:\n  - { from: /${"é".repeat(90)}/${"é".repeat(90)}, to: /filler-1 }\n`,
    says: /shorten the alias's path/,
    follow: (root) => edit(root, "site.yaml", `/${"é".repeat(90)}/${"é".repeat(90)}`, "/old-filler"),
  },
  StructuredDataInvalid: {
    site: "-- site.yaml --\nroutes:\n  - { path: /videos, kind: videos, title: Videos, description: The videos of a test site and the one chosen., videos: [{ id: abcDEF12345, title: Surf, summary: Surfers. }] }\n",
    says: /a video's uploaded date/,
    follow: (root) => edit(root, "site.yaml", "summary: Surfers.", "summary: Surfers., uploaded: 2024-05-01"),
  },
  StructuredDataIncomplete: {
    site: `-- site.yaml --\nroutes:\n  - { kind: recipe, path: /a, content: a.md, ${RELATED}, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\n---\nkeywords: [caramel]\nrecipe:\n  prepMinutes: 5\n  totalMinutes: 25\n  servings: 2\n  category: Dessert\n  ingredients: [sugar]\n  instructions: [Melt it.]\n---\nA.\n`,
    says: /when none does, write `calories: null` in its `recipe:` block to say so/,
    // No source gives this recipe's calories: the hint's own words say so.
    follow: (root, p) => edit(root, "content/a.md", "  servings: 2\n", `  servings: 2\n  ${backticked(p.hint!)[1]}\n`),
  },
  PlaceholderLeft: {
    // A site with real values: the link is its one stand-in.
    site: page("Book at [the hotel](https://www.hotel.example/book).", REAL_SITE),
    says: /^Reserved example domains can never be registered: set the real domain/,
    follow: (root) =>
      edit(root, "content/a.md", "https://www.hotel.example/book", "https://www.hotelpuertoplata.do/book"),
  },
  StubTextLeft: {
    site: page("TODO: write the page."),
    says: /^Write the page's own words in its place/,
    follow: (root) => edit(root, "content/a.md", "TODO: write the page.", "The page, written in full."),
  },
  AcknowledgedInvalid: {
    site: `${page("A.", REAL_SITE)}-- acknowledged.yaml --\ncode: PlaceholderLeft\n`,
    opts: { strict: true },
    says: /^Write each entry as `- \{ code: PlaceholderLeft, file: site\.yaml, says: "\.\.\." \}`, or delete the file/,
    follow: (root) => rm(join(root, "acknowledged.yaml")),
  },
  AcknowledgedGone: {
    site: `${page("A.", REAL_SITE)}-- acknowledged.yaml --\n- { code: StubTextLeft, file: content/a.md, says: gone }\n`,
    opts: { strict: true },
    says: /^Remove the entry from acknowledged\.yaml/,
    follow: (root) => edit(root, "acknowledged.yaml", "- { code: StubTextLeft, file: content/a.md, says: gone }", "[]"),
  },
  OutputRefused: OUTPUT,
  OutputBusy: OUTPUT,
  OutputPathOutside: OUTPUT,
  DiskFull: MACHINE,
  PermissionDenied: MACHINE,
  PathBlocked: MACHINE,
  ShardOptionInvalid: USAGE,
  ShardUnreadable: OUTPUT,
  ShardManifestInvalid: OUTPUT,
  ShardMissing: OUTPUT,
  ShardTwice: OUTPUT,
  ShardMismatch: OUTPUT,
  ShardDamaged: OUTPUT,
  WorkingFolderGone: MACHINE,
  DependenciesUnreachable: MACHINE,
  TooManyOpenFiles: MACHINE,
  CommandLineInvalid: USAGE,
  FormatInvalid: USAGE,
  LinkModeInvalid: USAGE,
  PortInvalid: USAGE,
  HostEmpty: USAGE,
  LinksDirNotFound: USAGE,
  LinksDirNotADirectory: USAGE,
  LinksNoPages: USAGE,
  FactUndated: {
    site: page("A.", `facts:\n  lift: ${LIFT}\n`),
    says: /add the `date:` it gives \(or today's, as YYYY-MM-DD/,
    find: async (root) => ({
      failed: false,
      problems: (await auditFreshness(root, { clock: CLOCK })).problems,
    }),
    follow: (root) =>
      edit(root, "site.yaml", "says: the lift is closed }", "says: the lift is closed, date: 2026-01-10 }"),
  },
  FactStale: {
    site: page(
      "A.",
      "facts:\n  lift: { subject: Lift, status: closed, since: 2023-06, text: The lift up the hill is closed for repairs., mentions: [lift], sources: [{ url: https://news.example/lift, says: the lift is closed, date: 2023-06-01 }] }\n",
    ),
    says: /update the value and the source's `date:`/,
    find: async (root) => ({ failed: false, problems: (await auditFreshness(root, { clock: CLOCK })).problems }),
    follow: (root) => edit(root, "site.yaml", "date: 2023-06-01", "date: 2026-01-10"),
  },
  AgeInvalid: USAGE,
  KindInvalid: USAGE,
  SlugInvalid: USAGE,
  NewPageExists: USAGE,
  NewPageRefused: USAGE,
  NothingBuilt: OUTPUT,
  HostRuleIgnored: OUTPUT,
  WatchFailed: MACHINE,
  ListenFailed: USAGE,
  Interrupted: PPGUIDE,
  InternalError: PPGUIDE,
};

const followed = Object.entries(CASES).filter((e): e is [ErrorCode, Case] => typeof e[1] !== "string");

describe("every hint, followed, does what it says", () => {
  it.each(followed)(
    "%s",
    async (code, c) => {
      const root = await writeInlineSite(c.site);
      const says = c.find ?? ((r: string) => buildSays(r, c.opts));
      const before = await says(root);
      const problem = before.problems.find((p) => p.code === code);
      expect(problem, `${code} happens: ${before.problems.map((p) => p.format()).join("\n")}`).toBeDefined();
      expect(problem!.hint).toMatch(c.says);
      await c.follow(root, problem!);
      const after = await says(root);
      const lines = after.problems.map((p) => `${p.code}  ${p.format()}`);
      expect(
        after.problems.filter((p) => p.code === code),
        lines.join("\n"),
      ).toEqual([]);
      if (c.next) {
        if (after.problems.length) expect(lines).toContainEqual(expect.stringMatching(c.next));
        return;
      }
      expect(after.failed, lines.join("\n")).toBe(false);
      // Following the hint brought no new problem: what is left (the inline site's own stand-ins) was there before.
      const said = (p: PpgError) => `${p.code}  ${p.message}`;
      const earlier = new Set(before.problems.map(said));
      // The inline site's own stand-ins (its .example domains) are listed once the site loads.
      const stands = (p: PpgError) => p.code === "PlaceholderLeft" && code !== "PlaceholderLeft";
      expect(after.problems.filter((p) => !stands(p) && !earlier.has(said(p))).map(said)).toEqual([]);
    },
    60_000,
  );

  it("has a case for every code whose hint asks for something to be written", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [code, c] of Object.entries(CASES))
      if (typeof c === "string" && c === USAGE)
        expect((ERRORS[code as ErrorCode] as { usage?: boolean }).usage, `${code} is a usage code`).toBe(true);
  });
});

/**
 * Every code of the catalogue, made to happen: one case per code, keyed by the code, each of
 * which runs (an inline site built, a command run, a function called) and must see that code
 * thrown, at the place its own text says. The type `Record<ErrorCode, Case>` makes a new code
 * without a case a compile error, and the last test checks the same at run time.
 *
 * Regression (issue 23): the check that replaced this passed when a code's name merely appeared
 * in test text, even in a skipped test.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { readFileSync, realpathSync, statSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "../../src/core/errors-data.ts";
import { errorsOf, fromFileSystemError, isUserError } from "../../src/core/errors.ts";
import { buildScripts, buildStylesheet } from "../../src/assets/bundles.ts";
import { digest } from "../../src/core/digest.ts";
import { build, renderPages } from "../../src/engine/build.ts";
import { firstLook } from "../../src/engine/first-look.ts";
import { RACY_MS } from "../../src/core/file-stamp.ts";
import { merge, type MergeOptions } from "../../src/engine/merge.ts";
import { sitePages } from "../../src/render/kinds/index.ts";
import { keyPages, renderInputOf } from "../../src/engine/page-keys.ts";
import { buildAndVerify } from "../../src/engine/verify.ts";
import { currentCode } from "../../src/core/code-id.ts";
import { readPageCache, writePageCache } from "../../src/output/page-cache.ts";
import { renderJobs } from "../../src/engine/render-pages.ts";
import { loadSite } from "../../src/site/load-site.ts";
import { DevSite } from "../../src/dev/dev-site.ts";
import { SiteWatcher } from "../../src/dev/watch.ts";
import { listenOnFreePort } from "../../src/serve/listen.ts";
import { newPage } from "../../src/site/new-page.ts";
import { auditFreshness } from "../../src/audits/freshness.ts";
import { gatedProblems, writeAcknowledged } from "../../src/audits/acknowledged.ts";
import { findPlaceholders } from "../../src/audits/placeholders.ts";
import { buildInline, OFFLINE_PACK_OF_NO_MENU, writeInlineSite } from "../helpers/inline-site.ts";
import { copyPackage } from "../helpers/package-copy.ts";
import { attempt, CLI } from "../helpers/outcome.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

/** Runs the case; resolves to each problem reported, as `Code  file:line:col  path  message`. */
type Case = [run: () => Promise<string[]>, expected: RegExp];

/** The fields of an article that a case does not break; a case writes what it breaks before them. */
const ARTICLE =
  "kind: article, title: Page A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";
const RELATED = "related: [/filler-1, /filler-2, /filler-3]";
/** A fact of site.yaml: a closed lift, which a page must show wherever it names it. */
const LIFT =
  "{ subject: Lift, status: closed, since: 2024-06, text: The lift up the hill is closed for repairs., mentions: [lift], sources: [{ url: https://news.example/lift, says: the lift is closed }] }";

const lines = (err: unknown): string[] => {
  const user = fromFileSystemError(err);
  if (!isUserError(user)) throw err;
  return errorsOf(user).map((e) => `${e.code}  ${e.format()}`);
};
const thrown = (work: Promise<unknown>): Promise<string[]> => work.then(() => [], lines);
const inline =
  (text: string, opts: Parameters<typeof buildInline>[1] = {}) =>
  async () =>
    (await buildInline(text, opts)).lines;
/** An inline site with one more thing done to its folder before it is built. */
const inlineThen = (text: string, then: (root: string) => Promise<unknown>) => async () => {
  const root = await writeInlineSite(text);
  await then(root);
  return (await attempt({ root, out: join(root, "dist") })).lines;
};
/** What a build that succeeds warns about, as `Code  file:line:col  message` lines. */
const warned = (text: string) => async () => {
  const root = await writeInlineSite(text);
  const result = await build({ root, out: join(root, "dist") });
  return result.warnings.map((e) => `${e.code}  ${e.format()}`);
};
/** What check-facts finds in an inline site, as of 2026-06-01. */
const facts = (text: string) => async () =>
  (await auditFreshness(await writeInlineSite(text), { clock: "2026-06-01" })).problems.map(
    (e) => `${e.code}  ${e.format()}`,
  );
const page = (markdown: string) =>
  `-- site.yaml --\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n${markdown}\n`;
const cli = (script: string, cwd: string) =>
  new Promise<string[]>((done) =>
    execFile(
      "sh",
      ["-c", script],
      { cwd, env: { ...process.env, NODE: process.execPath, PPGUIDE_CLI: CLI } },
      (_err, _stdout, stderr) =>
        done(
          stderr
            .split("\n")
            .filter(Boolean)
            .map((l) => l.replace(/^(.*) {2}\[(\w+)\]$/, "$2  $1")),
        ),
    ),
  );
/** An inline site built in `total` shards (in this process), into its folders s1, s2, …. */
const shardsOf = async (text: string, total: number) => {
  const root = await writeInlineSite(text);
  const shards: string[] = [];
  for (let index = 1; index <= total; index++) {
    shards.push(join(root, `s${index}`));
    await build({ root, out: join(root, `s${index}`), shard: { index, total } });
  }
  return { root, shards };
};
const mergeLines = (opts: MergeOptions) => thrown(merge({ out: join(opts.root, "dist"), ...opts }));
const errno = (code: string) => async () =>
  lines(Object.assign(new Error(code), { code, syscall: "open", path: "/x/dist.ppguide/a/index.html" }));

const CASES: Record<ErrorCode, Case> = {
  ManifestMissing: [
    inlineThen("", (root) => rm(join(root, "site.yaml"))),
    /^ManifestMissing {2}no site\.yaml in \/.*Run ppguide in the site's folder/,
  ],
  YamlSyntax: [
    inline("-- site.yaml --\nroutes: [\n  - { path: /a\n"),
    /^YamlSyntax {2}site\.yaml:\d+:\d+ {2}YAML syntax error/,
  ],
  ManifestInvalid: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: nope, path: /a, content: a.md, ${RELATED}, title: A, description: A. }\n-- content/a.md --\nA.\n`,
    ),
    /^ManifestInvalid {2}site\.yaml:2:\d+ {2}routes\[0\]/,
  ],
  RouteNotFound: [
    inline(
      `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /nowhere, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RouteNotFound {2}site\.yaml:2:28 {2}routes\[0\]\.related\[1\] {2}related card '\/nowhere' is not a route or alias/,
  ],
  RouteDuplicate: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /filler-1, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RouteDuplicate {2}site\.yaml:\d+:\d+ {2}routes\[\d\]\.path {2}duplicate route path '\/filler-1'/,
  ],
  SiteUrlInvalid: [
    inline(
      "-- site.yaml --\nsite:\n  name: Inline Site\n  url: https://Inline.Example\n  language: en-US\n  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }\n  email: info@inline.example\n  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }\n  disclosure: Some links are affiliate links.\n",
    ),
    /^SiteUrlInvalid {2}site\.yaml:3:8 {2}site\.url {2}site\.url 'https:\/\/Inline\.Example' is not an origin: write it as 'https:\/\/inline\.example'/,
  ],
  RoutePathNotCanonical: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /caf%C3%A9, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RoutePathNotCanonical {2}site\.yaml:2:13 {2}routes\[0\]\.path {2}route '\/caf%C3%A9' holds a percent-escape: write the character itself, '\/café'/,
  ],
  AliasIsRoute: [
    inline("-- site.yaml --\naliases:\n  - { from: /filler-1, to: /filler-2 }\n"),
    /^AliasIsRoute {2}site\.yaml:2:13 {2}aliases\[0\]\.from {2}alias '\/filler-1' is also a route/,
  ],
  OfflinePackMenuUnknown: [
    inline(OFFLINE_PACK_OF_NO_MENU),
    /^OfflinePackMenuUnknown {2}site\.yaml:9:71 {2}site\.offline\.packs\[0\]\.menus\[0\] {2}offline pack menu 'Dining' is not a nav menu \(the menus are 'Guides'\)/,
  ],
  AuthorNotFound: [
    inline(
      `-- site.yaml --\nroutes:\n  - { author: nobody, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\nA.\n`,
    ),
    /^AuthorNotFound {2}site\.yaml:2:15 {2}routes\[0\]\.author {2}unknown author 'nobody'\. Use one of: desk\./,
  ],
  DatesOutOfOrder: [
    inline(
      `-- site.yaml --\nroutes:\n  - { dates: { created: 2025-02-01, published: 2025-01-01, modified: 2025-01-01 }, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk }\n-- content/a.md --\nA.\n`,
    ),
    /^DatesOutOfOrder {2}site\.yaml:2:14 {2}routes\[0\]\.dates {2}dates are out of order \(created 2025-02-01, published 2025-01-01, modified 2025-01-01\)/,
  ],
  RevisedOutOfRange: [
    inline(
      `-- site.yaml --\nroutes:\n  - { dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-03-01, revised: [2025-02-01, 2025-03-01] }, path: /a, content: a.md, ${RELATED}, kind: article, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk }\n-- content/a.md --\nA.\n`,
    ),
    /^RevisedOutOfRange {2}site\.yaml:2:104 {2}routes\[0\]\.dates\.revised\[1\] {2}the earlier update 2025-03-01 is not between published 2025-01-01 and modified 2025-03-01/,
  ],
  LinkToUnpublished: [
    inline(
      `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /wip, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n  - { draft: true, path: /wip, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^LinkToUnpublished {2}site\.yaml:2:28 {2}routes\[0\]\.related\[1\] {2}related card '\/wip' is a draft/,
  ],
  ExpiresBeforePublished: [
    inline(
      `-- site.yaml --\nroutes:\n  - { expires: 2024-12-31, path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^ExpiresBeforePublished {2}site\.yaml:2:16 {2}routes\[0\]\.expires {2}expires 2024-12-31 is before the published date 2025-01-01/,
  ],
  ClockInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" build --clock 2026-13-01`, await writeInlineSite(page("A."))),
    /^ClockInvalid {2}--clock '2026-13-01' is not a date written YYYY-MM-DD\. Write the date as YYYY-MM-DD/,
  ],
  ThreadsInvalid: [
    async () => cli(`PPGUIDE_THREADS=two "$NODE" "$PPGUIDE_CLI" build`, await writeInlineSite(page("A."))),
    /^ThreadsInvalid {2}PPGUIDE_THREADS 'two' is not a whole number of threads\. Set it to a whole number/,
  ],
  RelatedNotThree: [
    inline(
      `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /filler-2], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RelatedNotThree {2}site\.yaml:2:\d+ {2}routes\[0\]\.related/,
  ],
  RelatedSelf: [
    inline(
      `-- site.yaml --\nroutes:\n  - { related: [/filler-1, /a, /filler-3], path: /a, content: a.md, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RelatedSelf {2}site\.yaml:2:28 {2}routes\[0\]\.related\[1\] {2}related card '\/a' is the page itself/,
  ],
  RouteIsFile: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /robots.txt, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^RouteIsFile {2}site\.yaml:2:13 {2}routes\[0\]\.path {2}route '\/robots\.txt' would be served where the build writes robots\.txt/,
  ],
  OutputClaimedTwice: [
    inline("-- site.yaml --\naliases:\n  - { from: /old, to: /filler-1 }\n  - { from: /old, to: /filler-2 }\n"),
    /^OutputClaimedTwice {2}site\.yaml:3:13 {2}aliases\[1\]\.from {2}alias '\/old' \(aliases\[1\]\) and alias '\/old' \(aliases\[0\]\) would both be served at \/old/,
  ],
  PathTooLong: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /${"a".repeat(300)}, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^PathTooLong {2}site\.yaml:2:13 {2}routes\[0\]\.path {2}route '\/a{39}…' has a segment of 300 bytes/,
  ],
  BannersMissing: [
    inline(page("Intro.\n\n::banner\n\nMore.")),
    /^BannersMissing {2}content\/a\.md:3:1 {2}content\/a\.md places a ::banner but site\.banners is empty/,
  ],
  ContentMissing: [
    inline(`-- site.yaml --\nroutes:\n  - { content: missing.md, path: /a, ${RELATED}, ${ARTICLE} }\n`),
    /^ContentMissing {2}site\.yaml:2:16 {2}routes\[0\]\.content {2}content\/missing\.md does not exist/,
  ],
  SourceIsFolder: [
    inlineThen(page("A."), async (root) => {
      await rm(join(root, "content/a.md"));
      await mkdir(join(root, "content/a.md"));
    }),
    /^SourceIsFolder {2}site\.yaml:2:\d+ {2}routes\[0\]\.content {2}content\/a\.md is a folder, not a file/,
  ],
  SourceChanged: [
    async () => {
      const root = await writeInlineSite(page("A."));
      const opts = { root, out: join(root, "dist") };
      // The files' stamps are trusted once taken RACY_MS after their last change.
      await new Promise((r) => setTimeout(r, RACY_MS + 100));
      await build(opts);
      await appendFile(join(root, "content/filler-1.md"), "More.\n");
      const look = firstLook(opts);
      // Written after the build looked at the files: its page renders again for its new title, from the new text.
      await appendFile(join(root, "content/a.md"), "More.\n");
      const yaml = join(root, "site.yaml");
      await writeFile(yaml, (await readFile(yaml, "utf8")).replace("title: Page A,", "title: Page B,"));
      return thrown(build(opts, look));
    },
    /^SourceChanged {2}content\/a\.md:1:1 {2}content\/a\.md changed while the build was reading the site/,
  ],
  FrontMatterInvalid: [
    inline(page("---\nkeywords: beaches\n---\nA.")),
    /^FrontMatterInvalid {2}content\/a\.md:2:11 {2}keywords {2}must be an array/,
  ],
  FrontMatterUnclosed: [
    inline(page("---\nkeywords: [a]\nA.")),
    /^FrontMatterUnclosed {2}content\/a\.md:1:1 {2}the front matter that starts here has no closing '---' line/,
  ],
  RecipeMissing: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: recipe, path: /a, content: a.md, ${RELATED}, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\nA.\n`,
    ),
    /^RecipeMissing {2}content\/a\.md:1:1 {2}a recipe page needs a `recipe:` block/,
  ],
  RecipeFigures: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: recipe, path: /a, content: a.md, ${RELATED}, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 } }\n-- content/a.md --\n---\nrecipe:\n  prepMinutes: 15\n  totalMinutes: 5\n  servings: 2\n  category: Dessert\n  ingredients: [sugar]\n  instructions: [Melt it.]\n---\nA.\n`,
    ),
    /^RecipeFigures {2}content\/a\.md:4:17 {2}recipe\.totalMinutes {2}total time \(5 min\) is shorter than the prep time \(15 min\)/,
  ],
  MarkdownTooDeep: [
    inline(page(`${">".repeat(120)} A quote nested past the parser's limit.`)),
    /^MarkdownTooDeep {2}content\/a\.md:1:1 {2}content\/a\.md nests lists or quotes past the Markdown parser's limit here/,
  ],
  IdDuplicate: [
    inline(page("## Main {#main}\n\nText.")),
    /^IdDuplicate {2}content\/a\.md:1:9 {2}the id 'main' is one the page's layout gives already/,
  ],
  DirectiveUnknown: [
    inline(page("Intro.\n\n::bannr\n\nMore.")),
    /^DirectiveUnknown {2}content\/a\.md:3:1 {2}content\/a\.md uses an unknown directive '::bannr'/,
  ],
  VideoInvalid: [
    inline(page("Intro.\n\n::video { title: [unclosed\n\nMore.")),
    /^VideoInvalid {2}content\/a\.md:3:\d+/,
  ],
  FactUnknown: [
    inline(page("Intro.\n\n::fact lfit\n\nMore.")),
    /^FactUnknown {2}content\/a\.md:3:1 {2}fact 'lfit' is not defined under facts in site\.yaml/,
  ],
  FactNotShown: [
    inline(
      `-- site.yaml --\nfacts:\n  lift: ${LIFT}\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nThe old lift climbs the hill.\n`,
    ),
    /^FactNotShown {2}content\/a\.md:1:9 {2}'lift' is mentioned without the fact 'lift'\. Add a line `::fact lift`/,
  ],
  FactContradicted: [
    inline(
      `-- site.yaml --\nfacts:\n  lift: ${LIFT}\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n::fact lift\n\nRide the lift to the top for the view.\n`,
    ),
    /^FactContradicted {2}content\/a\.md:3:10 {2}'Ride the lift to the top for the view\.' offers as open what the fact 'lift' says is closed since 2024-06/,
  ],
  FactValueMissing: [
    inline(
      `-- site.yaml --\nfacts:\n  lift: ${LIFT}\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\n::fact lift\n\nA ticket costs {{fact:lift}}.\n`,
    ),
    /^FactValueMissing {2}content\/a\.md:3:16 {2}fact 'lift' has no value for \{\{fact:lift\}\} to insert/,
  ],
  FigureUnsourced: [
    warned(page("Entry costs RD$400 and the gate opens at 8:30 AM.")),
    /^FigureUnsourced {2}content\/a\.md:1:13 {2}the money amount 'RD\$400' is written here, not taken from a fact/,
  ],
  FigureContradictsFact: [
    inline(
      `-- site.yaml --\nfacts:\n  fort-fee: { subject: Fort admission, value: RD$400, date: 2023-06, text: A visitor paid RD$400 at the gate in June 2023., mentions: [fort], sources: [{ url: https://fort.example/visit, says: RD$400 in June 2023, date: 2023-06, gives: RD$400 }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nThe fort costs {{fact:fort-fee}}. The fort costs $2 at the gate.\n`,
    ),
    /^FigureContradictsFact {2}content\/a\.md:1:50 {2}'\$2' contradicts the fact 'fort-fee', whose value is 'RD\$400'/,
  ],
  FigureCurrencyAmbiguous: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE.replace("title: Page A", 'title: "All under $10"')} }\n-- content/a.md --\nA.\n`,
    ),
    /^FigureCurrencyAmbiguous {2}site\.yaml:2:98 {2}routes\[0\]\.title {2}'\$10' does not say whether it is in US dollars or pesos/,
  ],
  FactMarkerInvalid: [
    inline(page("Entry is {{ fact:fee }} today.")),
    /^FactMarkerInvalid {2}content\/a\.md:1:10 {2}'\{\{ fact:fee \}\}' looks like a fact marker but is not one\. Write it as \{\{fact:fee\}\}/,
  ],
  FactMarkerMisplaced: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 2024-12, guide: true, ask: ask at the gate, text: This guide's own figure for the gate. }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA park.\n\n![The gate, {{fact:fee}} a head](/images/photo.svg)\n`,
    ),
    /^FactMarkerMisplaced {2}content\/a\.md:3:13 {2}'\{\{fact:fee\}\}' is in an image's alt text, where fact markers are not expanded/,
  ],
  FactDateFuture: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 9999-12, guide: true, ask: ask at the gate, text: This guide's own figure for the gate. }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
      { clock: "2026-06-01" },
    ),
    /^FactDateFuture {2}site\.yaml:2:45 {2}facts\.fee\.date {2}fact 'fee' is dated 9999-12, after 2026-06-01/,
  ],
  FactDateUnsupported: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 2025-06, text: The gate charged RD$100 in 2024., sources: [{ url: https://gate.example/fees, says: RD$100 a head, date: 2024-03, gives: RD$100 }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^FactDateUnsupported {2}site\.yaml:2:45 {2}facts\.fee\.date {2}fact 'fee' is dated 2025-06, but the newest source that gives 'RD\$100' is dated 2024-03/,
  ],
  FactLeadNotNewest: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 2020-06, text: The gate charged RD$100 in 2020., earlier: [{ value: RD$200, date: 2024-01, source: https://news.example/fee }], sources: [{ url: https://gate.example/fees, says: RD$100 a head, date: 2020-06, gives: RD$100 }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^FactLeadNotNewest {2}site\.yaml:2:104 {2}facts\.fee\.earlier\[0\] {2}fact 'fee' shows 'RD\$100' \(2020-06\) first, but a source gave 'RD\$200' in 2024-01/,
  ],
  ExchangeRateTwice: [
    inline(
      `-- site.yaml --\nfacts:\n  rate: { subject: Rate, value: RD$60 to the dollar, perDollar: 60, date: 2026-01, text: The reference rate in January 2026., sources: [{ url: https://bank.example/rate, says: RD$60 to the dollar, date: 2026-01, gives: RD$60 to the dollar }] }\n  rate-b: { subject: Rate, value: RD$61 to the dollar, perDollar: 61, date: 2026-02, text: The reference rate in February 2026., sources: [{ url: https://bank.example/rate-b, says: RD$61 to the dollar, date: 2026-02, gives: RD$61 to the dollar }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^ExchangeRateTwice {2}site\.yaml:3:67 {2}facts\.rate-b\.perDollar {2}fact 'rate-b' gives an exchange rate for 2026, as fact 'rate' already does/,
  ],
  FactGuideSourced: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 2024-03, guide: true, ask: ask at the gate, text: The gate charged RD$100 in 2024., sources: [{ url: https://gate.example/fees, says: RD$100 a head, date: 2024-03, gives: RD$100 }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^FactGuideSourced {2}site\.yaml:2:61 {2}facts\.fee\.guide {2}fact 'fee' calls 'RD\$100' this guide's own figure, but gate\.example gives it/,
  ],
  PageUpdatedBeforeFact: [
    inline(
      `-- site.yaml --\nfacts:\n  fee: { subject: Fee, value: RD$100, date: 2025-06, text: The gate charged RD$100 in June 2025., sources: [{ url: https://gate.example/fees, says: RD$100 a head, date: 2025-06, gives: RD$100 }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nEntry is {{fact:fee}}.\n`,
    ),
    /^PageUpdatedBeforeFact {2}site\.yaml:4:\d+ {2}routes\[0\]\.dates\.modified {2}\/a says it was updated 2025-01-01, but it shows fact 'fee', dated 2025-06/,
  ],
  FactPairTwice: [
    inline(
      `-- site.yaml --\nfacts:\n  drive: { subject: Drive, value: 30 minutes by road, date: 2024-03, between: [Town, Bay], text: The drive from the town to the bay., sources: [{ url: https://road.example/a, says: 30 minutes, date: 2024-03, gives: 30 minutes by road }] }\n  drive-b: { subject: Drive, value: 25 minutes by road, date: 2024-03, between: [Bay, Town], text: The drive from the bay to the town., sources: [{ url: https://road.example/b, says: 25 minutes, date: 2024-03, gives: 25 minutes by road }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^FactPairTwice {2}site\.yaml:3:\d+ {2}facts\.drive-b\.between {2}fact 'drive-b' joins Bay and Town, as fact 'drive' already does/,
  ],
  LegTimesOutOfOrder: [
    inline(
      `-- site.yaml --\ncoast: [Town, Bay, Point]\nfacts:\n  a: { subject: Drive, value: 30 minutes by road, date: 2024-03, between: [Town, Bay], text: The drive from the town to the bay., sources: [{ url: https://road.example/a, says: 30 minutes, date: 2024-03, gives: 30 minutes by road }] }\n  b: { subject: Drive, value: 20 minutes by road, date: 2024-03, between: [Town, Point], text: The drive from the town to the point., sources: [{ url: https://road.example/b, says: 20 minutes, date: 2024-03, gives: 20 minutes by road }] }\nroutes:\n  - { path: /a, content: a.md, ${RELATED}, ${ARTICLE} }\n-- content/a.md --\nA.\n`,
    ),
    /^LegTimesOutOfOrder {2}site\.yaml:4:31 {2}facts\.b\.value {2}fact 'b' gives the travel time Town to Point as 20 minutes, shorter than Town to Bay \(30 minutes, fact 'a'\), though Bay lies between/,
  ],
  ListingsInvalid: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: A, image: /images/photo.svg, alt: A, description: A bakery for a test. }\n  - { id: 1, name: B, image: /images/photo.svg, alt: B, description: A bakery for a test. }\n`,
    ),
    /^ListingsInvalid {2}content\/l\.yaml:\d+:\d+/,
  ],
  ListingUnsourced: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, description: A bakery for a test., address2: Puerto Plata, phone: "+1 809 555 0100" }\n`,
    ),
    /^ListingUnsourced {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.phone {2}phone '\+1 809 555 0100' of 'Corner Bakery' names no source\. Add a `sources:` entry/,
  ],
  PhoneInvalid: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, phone: "809 571 150", sources: [{ url: "https://corner.example", supports: [phone], says: "Tel. 809 571 150" }] }\n`,
    ),
    /^PhoneInvalid {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.phone {2}phone '809 571 150' of 'Corner Bakery' is not a valid phone number/,
  ],
  WebsiteNotHttps: [
    warned(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, link: "http://corner.example", sources: [{ url: "http://corner.example", supports: [link], says: "Home page" }] }\n`,
    ),
    /^WebsiteNotHttps {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.link {2}website 'http:\/\/corner\.example' of 'Corner Bakery' is not https/,
  ],
  ContactShared: [
    warned(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: A, address2: Puerto Plata, phone: "+1 809-571-1507", sources: [{ url: "https://corner.example", supports: [phone], says: "Tel. 809-571-1507" }] }\n  - { id: 2, name: Other Bakery, image: /images/photo.svg, alt: B, address2: Puerto Plata, phone: "(809) 571 1507", sources: [{ url: "https://other.example", supports: [phone], says: "Tel. 809 571 1507" }] }\n`,
    ),
    /^ContactShared {2}content\/l\.yaml:4:\d+ {2}items\[1\]\.phone {2}phone '\(809\) 571 1507' of 'Other Bakery' is also the phone of 'Corner Bakery' \(content\/l\.yaml:3:\d+\)/,
  ],
  RawHtmlUnsafe: [
    inline(page("Hi <script>alert(1)</script>")),
    /^RawHtmlUnsafe {2}content\/a\.md:1:\d+ {2}raw HTML with/,
  ],
  UrlMalformed: [
    inline(page("See [it](/%E0%A4%A).")),
    /^UrlMalformed {2}content\/a\.md:1:10 {2}link '\/%E0%A4%A' holds a malformed percent-escape/,
  ],
  UrlInvalid: [
    inline(
      `-- site.yaml --\nroutes:\n  - { kind: directory, columns: 2, listings: l.yaml, path: /a, title: A, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, content: a.md, ${RELATED} }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: A, image: /images/photo.svg, alt: A, address2: Puerto Plata, link: "https://[x" }\n`,
    ),
    /^UrlInvalid {2}content\/l\.yaml:3:87 {2}items\[0\]\.link {2}URL 'https:\/\/\[x' is not a valid URL/,
  ],
  CharacterInvalid: [
    inline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, title: "A\\x0b B" }\n-- content/a.md --\nA.\n`,
    ),
    /^CharacterInvalid {2}site\.yaml:2:54 {2}routes\[0\]\.title {2}the value holds a control character \(U\+000B\), which no page, feed or search index can carry/,
  ],
  EncodingInvalid: [
    inlineThen(page("A."), (root) =>
      writeFile(join(root, "content/a.md"), Buffer.from([0x41, 0x0a, 0x42, 0xff, 0x0a])),
    ),
    /^EncodingInvalid {2}content\/a\.md:2:2 {2}the file is not valid UTF-8 text/,
  ],
  NotText: [
    inline(page("A\u0001.")),
    /^NotText {2}content\/a\.md:1:2 {2}the file holds a control character \(U\+0001\)/,
  ],
  AssetMissing: [
    inline(page("![A photo](/images/none.svg)")),
    /^AssetMissing {2}content\/a\.md:1:\d+ {2}image '\/images\/none\.svg' is not a file under public\//,
  ],
  ImageUnreadable: [
    inline(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, image: { src: /images/bad.png, alt: A } }\n-- content/a.md --\nA.\n-- public/images/bad.png --\nnot a picture\n",
    ),
    /^ImageUnreadable {2}site\.yaml:2:61 {2}routes\[0\]\.image\.src {2}image '\/images\/bad\.png' cannot be read as a picture \(Input buffer contains unsupported image format\)\. Replace public\/images\/bad\.png/,
  ],
  SymlinkOutside: [
    inlineThen(page("A."), (root) => symlink("/etc/hostname", join(root, "public/out.txt"))),
    /^SymlinkOutside {2}/,
  ],
  SymlinkBroken: [
    inlineThen(page("A."), (root) => symlink(join(root, "nothing"), join(root, "public/gone.txt"))),
    /^SymlinkBroken {2}/,
  ],
  SymlinkLoop: [
    inlineThen(page("A."), (root) => symlink(join(root, "public"), join(root, "public/images/loop"))),
    /^SymlinkLoop {2}/,
  ],
  SymlinkHidden: [
    inlineThen(page("A."), async (root) => {
      await writeFile(join(root, ".env"), "SECRET=1\n");
      await symlink(join(root, ".env"), join(root, "public/env.txt"));
    }),
    /^SymlinkHidden {2}/,
  ],
  SymlinkIntoOutput: [
    inlineThen(page("A."), async (root) => {
      await mkdir(join(root, "dist.ppguide"));
      await symlink(join(root, "dist.ppguide"), join(root, "public/out"));
    }),
    /^SymlinkIntoOutput {2}/,
  ],
  NotRegularFile: [
    inlineThen(page("A."), (root) => new Promise((done) => execFile("mkfifo", [join(root, "public/pipe")], done))),
    /^NotRegularFile {2}/,
  ],
  CacheFolderRefused: [
    inlineThen(page("A."), async (root) =>
      symlink(await mkdtemp(join(tmpdir(), "ppguide-elsewhere-")), join(root, ".ppguide-cache")),
    ),
    /^CacheFolderRefused {2}\.ppguide-cache is a symbolic link to .*, outside the site/,
  ],
  TemplateFailed: [
    async () => {
      // A page template that throws while rendering /a: the site's own templates, one of them broken.
      const site = await loadSite(await writeInlineSite(page("A.")));
      const broken = () => {
        throw new Error("Cannot read properties of undefined (reading 'title')");
      };
      return thrown(
        Promise.resolve().then(() =>
          renderPages({
            ...site,
            templates: { ...site.templates, pages: { ...site.templates.pages, Article: broken } },
          }),
        ),
      );
    },
    /^TemplateFailed {2}rendering \/a failed: Cannot read properties of undefined \(reading 'title'\)\. Fix the template/,
  ],
  StyleFailed: [
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "ppguide-styles-"));
      await writeFile(join(dir, "a.css"), ".a {\n  color: red;\n}\n}\n");
      return thrown(buildStylesheet(dir));
    },
    /^StyleFailed {2}.*a\.css:4:\d+/,
  ],
  ScriptFailed: [
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "ppguide-client-"));
      await mkdir(join(dir, "entries"));
      await writeFile(join(dir, "entries/menu.ts"), "export const open = (a: number) => {\n  return a +;\n};\n");
      return thrown(buildScripts(dir));
    },
    /^ScriptFailed {2}.*menu\.ts:2:\d+/,
  ],
  BrokenLink: [
    inline(page("See [the list](#nowhere).")),
    /^BrokenLink {2}content\/a\.md:1:16 {2}#nowhere {2}missing anchor/,
  ],
  BuildNotReproducible: [
    async () => {
      // A served page changed, and its record rewritten to vouch for the change: what a key that
      // missed one of its inputs looks like. --verify's clean build tells.
      const root = await writeInlineSite(page("A."));
      await build({ root, out: join(root, "dist") });
      const live = realpathSync(join(root, "dist"));
      await appendFile(join(live, "a.html"), "<!-- changed -->");
      const cache = readPageCache(live, currentCode())!;
      const { size, mtimeMs, ctimeMs, ino } = statSync(join(live, "a.html"));
      cache.pages.set("a.html", {
        ...cache.pages.get("a.html")!,
        hash: digest(readFileSync(join(live, "a.html"))),
        stat: { size, mtimeMs, ctimeMs, ino },
      });
      writePageCache(live, currentCode(), cache);
      return thrown(buildAndVerify({ root, out: join(root, "dist") }));
    },
    /^BuildNotReproducible {2}the incremental build differs from a clean build in 1 file: a\.html/,
  ],
  AliasServedAsPage: [
    warned(`-- site.yaml --\naliases:\n  - { from: /${"é".repeat(90)}/${"é".repeat(90)}, to: /filler-1 }\n`),
    /^AliasServedAsPage {2}site\.yaml:2:13 {2}aliases\[0\]\.from {2}alias '\/é+\/é+' is served as a redirect page: its rule would be 1097 characters, and Cloudflare Pages ignores one over 1000\. Nothing breaks/,
  ],
  ToolTimedOut: [
    async () => {
      // A deadline of a millisecond: sharp, making the pages' share images, cannot meet it, as a hung one could not.
      const saved = process.env.PPGUIDE_DEADLINE_SCALE;
      process.env.PPGUIDE_DEADLINE_SCALE = "0.000001";
      try {
        return await inline(page("A."))();
      } finally {
        if (saved === undefined) delete process.env.PPGUIDE_DEADLINE_SCALE;
        else process.env.PPGUIDE_DEADLINE_SCALE = saved;
      }
    },
    /^ToolTimedOut {2}sharp .* gave no answer in 1 ms\. Build again/,
  ],
  CacheEntryDamaged: [
    async () => {
      const root = await writeInlineSite(page("A."));
      await build({ root, out: join(root, "dist") });
      const images = join(root, ".ppguide-cache/images");
      const share = (await readdir(images)).find((f) => f.endsWith(".jpg"))!;
      const bytes = await readFile(join(images, share));
      bytes.fill(0, 100, 140);
      await writeFile(join(images, share), bytes);
      const result = await build({ root, out: join(root, "dist") });
      return result.warnings.map((e) => `${e.code}  ${e.format()}`);
    },
    /^CacheEntryDamaged {2}\.ppguide-cache\/images\/share-[0-9a-f]+-\d+x\d+\.jpg:1:1 {2}cache entry .* was made again: its bytes are not the ones encoded/,
  ],
  ContentUnused: [
    warned(`${page("A.")}-- content/old.md --\nOld.\n`),
    /^ContentUnused {2}content\/old\.md:1:1 {2}content\/old\.md is not used by any route in site\.yaml\. Add a route for it/,
  ],
  StructuredDataInvalid: [
    inline(
      "-- site.yaml --\nroutes:\n  - { path: /videos, kind: videos, title: Videos, description: The videos of a test site and the one chosen., videos: [{ id: abcDEF12345, title: Surf, summary: Surfers. }] }\n",
    ),
    /^StructuredDataInvalid {2}site\.yaml:2:\d+ {2}routes\[0\]\.videos\[0\] {2}structured data of \/videos: VideoObject: Required attribute "uploadDate" is missing/,
  ],
  StructuredDataIncomplete: [
    warned(
      "-- site.yaml --\nroutes:\n  - { path: /videos, kind: videos, title: Videos, description: The videos of a test site and the one chosen., videos: [{ id: abcDEF12345, title: Surf, uploaded: 2024-05-01 }] }\n",
    ),
    /^StructuredDataIncomplete {2}site\.yaml:2:\d+ {2}routes\[0\]\.videos\[0\] {2}structured data of \/videos: VideoObject: Missing field "description" \(optional\)/,
  ],
  PlaceholderLeft: [
    inline(page("Book at [the hotel](https://www.hotel.example/book)."), { strict: true }),
    /^PlaceholderLeft {2}/,
  ],
  StubTextLeft: [
    warned(page("TODO: write the page.")),
    /^StubTextLeft {2}content\/a\.md:1:1 {2}'TODO: write the page\.' is stub text, still to be written\. Write the page's/,
  ],
  AcknowledgedInvalid: [
    inline(`${page("A.")}-- acknowledged.yaml --\ncode: PlaceholderLeft\n`, { strict: true }),
    /^AcknowledgedInvalid {2}acknowledged\.yaml:1:1 {2}the file is not a list of entries\. Write each entry as/,
  ],
  AcknowledgedGone: [
    async () => {
      const root = await writeInlineSite(page("A."));
      // Its own stand-ins (the inline site's .example domains) acknowledged, and a stub the page no longer has.
      const site = await loadSite(root);
      writeAcknowledged(root, gatedProblems(findPlaceholders(site), site.content.warnings));
      await appendFile(
        join(root, "acknowledged.yaml"),
        "- { code: StubTextLeft, file: content/a.md, says: \"'TODO: write the page.' is stub text, still to be written\" }\n",
      );
      const result = await build({ root, out: join(root, "dist"), strict: true });
      return result.warnings.map((e) => `${e.code}  ${e.format()}`);
    },
    /^AcknowledgedGone {2}acknowledged\.yaml:\d+:3 {2}StubTextLeft in content\/a\.md is acknowledged but no longer found: 'TODO: write the page\.' is stub text, still to be written\. Remove the entry/,
  ],
  OutputRefused: [
    async () => {
      const root = await writeInlineSite(page("A."));
      return (await attempt({ root, out: root })).lines;
    },
    /^OutputRefused {2}refusing to write the site into /,
  ],
  OutputBusy: [
    inlineThen(page("A."), async (root) => {
      await mkdir(join(root, "dist.ppguide"));
      await writeFile(join(root, "dist.ppguide/lock"), String(process.ppid));
    }),
    /^OutputBusy {2}another ppguide build \(process \d+\) is writing /,
  ],
  OutputPathOutside: [
    async () => {
      // The schema refuses such a route path: a page's file name is the second wall (output/write.ts).
      const site = await loadSite(await writeInlineSite(page("A.")));
      const input = renderInputOf(site, {
        spec: { target: await mkdtemp(join(tmpdir(), "ppguide-out-")) },
        scan: false,
        search: false,
      });
      const jobs = keyPages(input, sitePages(site.manifest)).map((job) =>
        job.route === "/a" ? { ...job, file: "../x.html" } : job,
      );
      return thrown(renderJobs(input, jobs, () => {}, { threads: false }));
    },
    /^OutputPathOutside {2}the output file name '\.\.\/x\.html' would not stay inside the output folder/,
  ],
  DiskFull: [errno("ENOSPC"), /^DiskFull {2}\/x\/dist\.ppguide\/a\/index\.html: the disk is full \(ENOSPC in open\)/],
  PermissionDenied: [errno("EACCES"), /^PermissionDenied {2}\/x\/dist\.ppguide\/a\/index\.html: permission denied/],
  PathBlocked: [
    errno("ENOTDIR"),
    /^PathBlocked {2}\/x\/dist\.ppguide\/a\/index\.html: a file stands where a folder must be/,
  ],
  TooManyOpenFiles: [
    errno("EMFILE"),
    /^TooManyOpenFiles {2}\/x\/dist\.ppguide\/a\/index\.html: too many files are open in this process/,
  ],
  ShardOptionInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" build --shard 3/2`, await writeInlineSite(page("A."))),
    /^ShardOptionInvalid {2}--shard '3\/2' is not i\/n with 1 ≤ i ≤ n/,
  ],
  ShardUnreadable: [
    async () => {
      const root = await writeInlineSite(page("A."));
      return mergeLines({ root, shards: [join(root, "content")] });
    },
    /^ShardUnreadable {2}\/.*\/content\/ppguide-shard\.json:1:1 {2}\/.*\/content is not a shard of a ppguide build: it holds no ppguide-shard\.json/,
  ],
  ShardMissing: [
    async () => {
      const { root, shards } = await shardsOf(page("A."), 3);
      return mergeLines({ root, shards: [shards[0]!, shards[2]!] });
    },
    /^ShardMissing {2}\/.*\/s1\/ppguide-shard\.json:1:\d+ {2}shard\.total {2}shard 2 of 3 is missing: the folders given \(.*s1, .*s3\) hold the others/,
  ],
  ShardTwice: [
    async () => {
      const { root, shards } = await shardsOf(page("A."), 2);
      await cp(join(shards[1]!, "/"), join(root, "again"), { recursive: true });
      return mergeLines({ root, shards: [...shards, join(root, "again")] });
    },
    /^ShardTwice {2}\/.*\/again\/ppguide-shard\.json:1:\d+ {2}shard\.index {2}shard 2\/2 is given twice: \/.*\/s2 and \/.*\/again/,
  ],
  ShardMismatch: [
    async () => {
      // A shard of another commit: the sources changed after it was built.
      const { root, shards } = await shardsOf(page("A."), 2);
      await writeFile(join(root, "content/a.md"), "A, edited.\n");
      return mergeLines({ root, shards });
    },
    /^ShardMismatch {2}\/.*\/s1\/ppguide-shard\.json:1:\d+ {2}site {2}\/.*\/s1 was built from other sources than this merge/,
  ],
  ShardDamaged: [
    async () => {
      // An artifact cut short: a page's bytes are not those the shard recorded.
      const { root, shards } = await shardsOf(page("A."), 1);
      await writeFile(join(shards[0]!, "a.html"), "<!doctype html><title>cut");
      return mergeLines({ root, shards });
    },
    /^ShardDamaged {2}\/.*\/s1\/ppguide-shard\.json:1:\d+ {2}pages\[\d+\]\.file {2}\/.*\/s1: a\.html does not hold the bytes the shard recorded/,
  ],
  ShardManifestInvalid: [
    async () => {
      // A number no shard build writes, which a merge once sized an array by (exit 70, "Invalid array length").
      const { root, shards } = await shardsOf(page("A."), 1);
      const file = join(shards[0]!, "ppguide-shard.json");
      await writeFile(file, (await readFile(file, "utf8")).replace('"total":1}', '"total":4294967296}'));
      return mergeLines({ root, shards });
    },
    /^ShardManifestInvalid {2}\/.*\/s1\/ppguide-shard\.json:1:\d+ {2}shard\.total {2}must be <= 999999/,
  ],
  WorkingFolderGone: [
    async () => {
      const root = await writeInlineSite(page("A."));
      return cli(`mkdir gone && cd gone && rmdir ../gone && exec "$NODE" "$PPGUIDE_CLI" build --root "${root}"`, root);
    },
    /^WorkingFolderGone {2}the current folder no longer exists/,
  ],
  DependenciesUnreachable: [
    async () => {
      // A copy of ppguide whose node_modules links to a folder of another name: the real one is never touched.
      const pkg = await mkdtemp(join(tmpdir(), "ppguide-pkg-"));
      await mkdir(join(pkg, "deps"));
      await copyPackage(pkg, join(pkg, "deps"));
      return cli(`exec "$NODE" "${join(pkg, "bin/ppguide")}" build`, pkg);
    },
    /^DependenciesUnreachable {2}.*node_modules is a link to /,
  ],
  CommandLineInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" build --no-such-option`, await writeInlineSite(page("A."))),
    /^CommandLineInvalid {2}unknown option '--no-such-option'\. Run npx ppguide --help/,
  ],
  FormatInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" check-facts --format xml`, await writeInlineSite(page("A."))),
    /^FormatInvalid {2}--format 'xml' is not a report format\. Pass --format text/,
  ],
  LinkModeInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" build --check-links maybe`, await writeInlineSite(page("A."))),
    /^LinkModeInvalid {2}--check-links 'maybe' is not a mode of the link check/,
  ],
  PortInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" preview --port 70000`, await writeInlineSite(page("A."))),
    /^PortInvalid {2}--port '70000' is not a port number from 0 to 65535/,
  ],
  HostEmpty: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" dev --host ""`, await writeInlineSite(page("A."))),
    /^HostEmpty {2}--host '' names no address\. Pass --host 127\.0\.0\.1/,
  ],
  KindInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" new page carnival`, await writeInlineSite(page("A."))),
    /^KindInvalid {2}'page' is not a kind of page ppguide new makes\. Pass article, recipe or listing/,
  ],
  NothingBuilt: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" preview --port 0 --root .`, await writeInlineSite(page("A."))),
    /^NothingBuilt {2}\/.*\/dist holds no built site \(no index\.html\)\. Run npx ppguide build first/,
  ],
  // A public/_headers is copied as it is: a header line before any path is one the hosts ignore.
  HostRuleIgnored: [
    async () =>
      cli(
        `"$NODE" "$PPGUIDE_CLI" build -q && { "$NODE" "$PPGUIDE_CLI" preview --port 0 > served.txt & pid=$!; ` +
          "while ! grep -q Serving served.txt; do sleep 0.05; done; kill -TERM $pid; wait $pid; }",
        await writeInlineSite(`${page("A.")}-- public/_headers --\n  X-Test: 1\n`),
      ),
    /^HostRuleIgnored {2}warning: dist\/_headers:1:1 {2}a header before any path; the line is ignored, as a host would ignore it\. Correct or remove the line/,
  ],
  // chokidar's own error, as it reports one (the system's limit on watches reached), told through the watcher.
  WatchFailed: [
    async () => {
      const problems: string[] = [];
      const watcher = await SiteWatcher.start(
        await writeInlineSite(page("A.")),
        () => {},
        (p) => problems.push(`${p.code}  ${p.format()}`),
      );
      const chokidar = (watcher as unknown as { watcher: import("node:events").EventEmitter }).watcher;
      chokidar.emit("error", new Error("ENOSPC: System limit for number of file watchers reached"));
      await watcher.close();
      return problems;
    },
    /^WatchFailed {2}watching the site's files failed: ENOSPC: System limit for number of file watchers reached\. Save the file again/,
  ],
  // A signal once the build holds its lock, so that it is mid-way.
  Interrupted: [
    async () => {
      const root = await mkdtemp(join(tmpdir(), "ppguide-interrupted-"));
      await writePpguideSite(root, 300);
      return cli(
        `"$NODE" "$PPGUIDE_CLI" build & pid=$!; ` +
          "while [ ! -e dist.ppguide/lock ]; do sleep 0.02; done; kill -TERM $pid; wait $pid",
        root,
      );
    },
    /^Interrupted {2}stopped by SIGTERM before it finished\. The served output is as it was/,
  ],
  LinksDirNotFound: [
    () => checkLinksLines("/nonexistent-ppguide-folder"),
    /^LinksDirNotFound {2}the folder to check, \/nonexistent-ppguide-folder, does not exist/,
  ],
  LinksDirNotADirectory: [() => checkLinksLines(CLI), /^LinksDirNotADirectory {2}.*ppguide is a file, not a folder/],
  LinksNoPages: [
    async () => checkLinksLines(await mkdtemp(join(tmpdir(), "ppguide-empty-"))),
    /^LinksNoPages {2}no HTML pages/,
  ],
  FactUndated: [
    facts(page('---\nsources:\n  - { url: "https://bus.example.org", says: RD$50 a ride }\n---\nA.')),
    /^FactUndated {2}content\/a\.md:3:5 {2}sources\[0\] {2}source https:\/\/bus\.example\.org has no dated source/,
  ],
  FactStale: [
    facts(page('---\nsources:\n  - { url: "https://bus.example.org", says: RD$50 a ride, date: "2019-05" }\n---\nA.')),
    /^FactStale {2}content\/a\.md:3:5 {2}sources\[0\] {2}source https:\/\/bus\.example\.org was last dated 2019-05, more than 12 months ago/,
  ],
  AgeInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" check-facts --older-than 3weeks`, await writeInlineSite(page("A."))),
    /^AgeInvalid {2}--older-than '3weeks' is not an age/,
  ],
  SlugInvalid: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" new article "Not A Slug"`, await writeInlineSite(page("A."))),
    /^SlugInvalid {2}'Not A Slug' is not a page name/,
  ],
  NewPageExists: [
    async () =>
      thrown(
        Promise.resolve().then(async () => newPage(await writeInlineSite(page("A.")), "article", "a", "2026-01-01")),
      ),
    /^NewPageExists {2}the route \/a already exists/,
  ],
  NewPageRefused: [
    async () => cli(`"$NODE" "$PPGUIDE_CLI" new article 404`, await writeInlineSite(page("A."))),
    /^NewPageRefused {2}the route \/404 cannot be added: route '\/404' would be served where the build writes 404\.html/,
  ],
  ListenFailed: [
    async () => {
      const server = createServer();
      return thrown(listenOnFreePort(server, { host: "192.0.2.1", port: 0 }).finally(() => server.close()));
    },
    /^ListenFailed {2}cannot listen on 192\.0\.2\.1:0 \(EADDRNOTAVAIL\)\. 192\.0\.2\.1 is not an address of this machine/,
  ],
  // Dev mode's wrapper for a crash in ppguide itself. No site can cause one on purpose, so the
  // case makes the build step throw a plain TypeError, as a bug would, and rebuilds.
  InternalError: [
    async () => {
      const site = new DevSite(await writeInlineSite(page("A.")));
      Object.assign(site, { render: () => Promise.reject(new TypeError("x is not a function")) });
      const report = await site.rebuild();
      await site.dispose();
      return report.errors.map((e) => `${e.code}  ${e.format()}`);
    },
    /^InternalError {2}ppguide crashed: TypeError: x is not a function\n/,
  ],
};

/** What check-links printed, as `Code  message` lines. */
const checkLinksLines = (dir: string) => cli(`"$NODE" "$PPGUIDE_CLI" check-links "${dir}"`, tmpdir());

describe("every error code, made to happen", () => {
  it.each(Object.entries(CASES))(
    "%s",
    async (code, [run, expected]) => {
      const reported = await run();
      const line = reported.find((l) => l.startsWith(`${code}  `));
      expect(line, `${code} not thrown; reported: ${reported.join("\n")}`).toBeDefined();
      expect(line).toMatch(expected);
    },
    60_000,
  );

  it("has a case for every code of the catalogue, and none for a code it does not have", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ERRORS).sort());
  });
});

describe("a template of the header or footer that throws", () => {
  it("is TemplateFailed on each page it fails, as a page's own template is, not a crash", async () => {
    const site = await loadSite(await writeInlineSite(page("A.")));
    const broken = () => {
      throw new Error("the menu has no items");
    };
    for (const part of ["Header", "Footer"] as const) {
      const reported = await thrown(
        Promise.resolve().then(() => renderPages({ ...site, templates: { ...site.templates, [part]: broken } })),
      );
      expect(reported, part).toContainEqual(
        expect.stringMatching(/^TemplateFailed {2}rendering \/a failed: the menu has no items\. Fix the template/),
      );
    }
  });
});

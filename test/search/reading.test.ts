/**
 * How ppguide reads a page and its words for the search index (src/search/read-page.ts, words.ts,
 * page-entry.ts), held to Pagefind 1.6.0's binary: the same documents indexed by both must give
 * the same index (every word with its pages, positions and weights, every fragment, the metadata).
 * Words that reach each rule of splitting, then HTML that reaches each rule of reading, then
 * generated documents, as a property (FUZZ_SEED=n replays a run; SEARCH_FUZZ_RUNS raises the count).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bothIndexes, indexDifferences, type OracleSource } from "../helpers/pagefind-oracle.ts";
import { document } from "../helpers/search-documents.ts";

const SEED = process.env.FUZZ_SEED === undefined ? 20261204 : Number(process.env.FUZZ_SEED);
const RUNS = Number(process.env.SEARCH_FUZZ_RUNS ?? 12);

/** Each word alone in a page, then again as the last word of its block (which then ends with a full stop). */
function wordPages(words: string[]): OracleSource[] {
  const escaped = (w: string) => w.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return words.flatMap((w, i) => [
    { url: `/w${i}`, html: `<main><p>${escaped(w)} zz</p></main>` },
    { url: `/w${i}-last`, html: `<main><p>${escaped(w)}</p></main>` },
  ]);
}

async function expectSameIndex(sources: OracleSource[]): Promise<void> {
  const { ours, theirs } = await bothIndexes(sources);
  expect(indexDifferences(ours, theirs)).toEqual([]);
  expect(theirs.words.size).toBeGreaterThan(0);
}

describe("the words of a page, as Pagefind makes them", () => {
  it("compounds: punctuation, case and digits between parts, what follows a full stop", async () => {
    await expectSameIndex(
      wordPages([
        "RD$400",
        "US$10/US$5",
        "RD$1,500",
        "mid-January",
        "McDonald's",
        "iPhone15",
        "COVID-19",
        "HTTPRequest",
        "ThreeAntelopes",
        "three_antelopes",
        "3.5km",
        "3.5Km",
        "q3.5km",
        "ab.cd.ef.gh",
        "US.10.US.5",
        "aa.bb.aa",
        "ab..cd..ef",
        ".ab.cd",
        "ab.cd.",
        "page.finding.tests",
        "ab.TestS",
        "x.Y",
        "info@example.com",
        "/puerto-plata-taxis",
        "(809)",
        "586-2222",
        "8:00AM",
        "2–3",
        "20%",
        "—",
        "…",
        "&",
        "ab3cd",
        "5km",
      ]),
    );
  });

  it("letters: diacritics folded with their forms kept, case, scripts, ligatures, numerals", async () => {
    await expectSameIndex(
      wordPages([
        "Doña",
        "Sosúa",
        "Taíno",
        "café-crème",
        "ab.café.cd",
        "Ñame",
        "İstanbul",
        "Straße",
        "ﬁne",
        "Ⅻ",
        "½",
        "x²",
        "Σίσυφος",
        "ΣΑΣ",
        "don’t",
        "«Hola»",
        "¿Qué?",
        "niño/niña",
        "Ǆemal",
        "ǅemal",
        "ᾼ",
        "Привет",
        "Мир-Труд",
        "日本語",
        "中文.测试",
        "a\u200bb",
        "ab\u00adcd",
        "Ａｂｃ",
        "1ª",
      ]),
    );
  });

  it("emoji: alone, inside words, with skin tones and presentation selectors", async () => {
    await expectSameIndex(
      wordPages(["👋", "hello👋world", "❤", "❤️", "©", "™", "👍🏽", "🇩🇴", "👨‍👩‍👧‍👦", "1️⃣", "#1", "5★", "🏽", "🦰"]),
    );
  });
});

describe("the HTML of a page, as Pagefind reads it", () => {
  it("blocks, inline elements, headings' weights, explicit weights, ids as anchors and their text", async () => {
    await expectSameIndex([
      {
        url: "/a",
        html: `<html><body><header><h1>Not this</h1></header><main id="main">
          <h1>Title &amp; more</h1>
          <img src="/a?b=1&amp;c=2" alt="x &amp; y">
          <h2 id="x">A <span id="y">B</span> C</h2>
          <div id="d"><h3>In div</h3> tail</div>
          <h3 id="h3"><a href="#">Link</a> text</h3>
          <p id="p">Para <b id="bb">bold</b> and <i>in</i>line<br>break</p>
          <section id="s"><h2>Sec</h2><p>Inside a section</p></section>
          <h4 id="e"></h4><h5 id="f">  spaced   out  </h5><h6 id="g">x &amp; y</h6>
          <ul><li>One</li><li>Two.</li><li>Three?</li></ul>
          <table><tr><td>Cell</td><td>Cell two</td></tr></table>
          <div data-pagefind-weight="2">Heavy words <h2>heavier heading</h2></div>
          <div data-pagefind-weight="0.5">light</div><div data-pagefind-weight="0">none</div>
          <div data-pagefind-weight="x">bad weight</div><div data-pagefind-weight="20">clamped</div>
          <p>Quotes 'end' "here" and (parens) then $ and *</p>
          <div id="a&amp;b">entity id</div><div id="a b">spaced id</div><div id="">empty id</div>
        </main><footer>Not this either</footer></body></html>`,
      },
    ]);
  });

  it("parts left out: excluded classes and tags, data-pagefind-ignore, meta and filters read from them still", async () => {
    await expectSameIndex([
      {
        url: "/b",
        html: `<main>
          <p class="byline" id="by">By me</p><nav class="toc"><a href="#x">Contents</a></nav>
          <div class="related"><h2>Related</h2></div><div class="listings other">Cards</div>
          <form><label>Name</label><input value="v"></form><svg><title>icon</title></svg>
          <script>var x = "<p>not text</p>";</script><style>p { color: red }</style>
          <noscript>No script</noscript><template><p>template</p></template><iframe src="x"></iframe>
          <div data-pagefind-ignore>ignored <span data-pagefind-meta="hidden">meta inside</span></div>
          <div data-pagefind-ignore="all">all gone <span data-pagefind-meta="gone">x</span></div>
          <div data-pagefind-ignore="index">index only</div>
          <p data-pagefind-filter="colour:red">Red</p><p data-pagefind-filter="size">Large</p>
          <p data-pagefind-filter="colour:blue, size:small">Two filters</p>
          <span data-pagefind-meta="section:Tours &amp; Excursions"></span>
          <span data-pagefind-meta="author">Ana</span>
          <img data-pagefind-meta="hero[src], hero-alt[alt]" src="/h.png" alt="A hero">
          <span data-pagefind-default-meta="title:Default title, kind:page"></span>
          <div data-pagefind-index-attrs="title,data-x" title="Attribute text" data-x="more">and text</div>
          <section id="usage" data-pagefind-title="Installation &amp; Usage"><h2>Install</h2></section>
          <p>Text with ___PAGEFIND_WEIGHT___3 a marker</p>
        </main>`,
      },
      { url: "/c", html: "<main><h1>Only a title</h1></main>" },
      { url: "/d", html: "<main><span data-pagefind-meta='title:Meta only'></span></main>" },
      { url: "/e", html: "<html><body><p>No main here</p></body></html>" },
      { url: "/keywords", record: { content: "harbour. boats. Mid-January", meta: { title: "K", for: "/c" } } },
    ]);
  });
});

describe("any document", () => {
  it("gives the index Pagefind gives it", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(document, { minLength: 1, maxLength: 4 }), async (docs) => {
        const { ours, theirs } = await bothIndexes(docs.map((d, i) => ({ url: `/doc-${i}`, html: d })));
        const differences = indexDifferences(ours, theirs, 5);
        if (differences.length)
          throw new Error(`the documents:\n${docs.join("\n")}\ndiffer:\n${differences.join("\n")}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});

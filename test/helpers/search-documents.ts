/**
 * Generated documents for the search index's properties: elements nested in <main>, their
 * attributes and text drawn from what the rules of reading act on (test/search/).
 */
import fc from "fast-check";

/** A generated document: elements nested in <main>, their attributes and text drawn from what the rules act on. */
const word = fc.constantFrom(
  "beach",
  "beaches",
  "Sosúa",
  "Doña",
  "RD$400",
  "mid-January",
  "page.finding.tests",
  "3.5km",
  "ThreeAntelopes",
  "café",
  "👋",
  "&amp;",
  "&lt;b&gt;",
  "&#233;t&#233;",
  "don’t",
  "—",
  "x²",
  "ZZ",
  "running",
  "organization",
  "\u00a0",
  "a\u200bb",
  "___PAGEFIND_ANCHOR___p:9:x",
  "end.",
  "why?",
  "(so)",
);
const text = fc.array(word, { minLength: 0, maxLength: 6 }).map((ws) => ws.join(" "));
const attribute = fc.oneof(
  fc.constantFrom(
    ' id="top"',
    ' id="a b"',
    ' id="x&amp;y"',
    ' class="byline"',
    ' class="toc other"',
    " data-pagefind-ignore",
    ' data-pagefind-ignore="all"',
    ' data-pagefind-weight="2"',
    ' data-pagefind-weight="0.5"',
    ' data-pagefind-weight="0"',
    ' data-pagefind-meta="m:v &amp; w"',
    ' data-pagefind-meta="m2"',
    ' data-pagefind-filter="f:one"',
    ' data-pagefind-filter="g"',
    ' data-pagefind-default-meta="d:x"',
    ' data-pagefind-title="T"',
    ' title="hint" data-pagefind-index-attrs="title"',
  ),
  fc.constant(""),
);
type Tree = { tag: string; attrs: string[]; children: (Tree | string)[] };
const TAGS = [
  "p",
  "div",
  "span",
  "b",
  "a",
  "h1",
  "h2",
  "h3",
  "li",
  "ul",
  "section",
  "td",
  "em",
  "nav",
  "form",
  "label",
];
const tree: fc.Memo<Tree> = fc.memo((n) =>
  fc.record({
    tag: fc.constantFrom(...TAGS),
    attrs: fc.array(attribute, { maxLength: 2 }),
    children: fc.array(n > 1 ? fc.oneof(text, tree(n - 1)) : text, { maxLength: 4 }),
  }),
);
const html = (t: Tree | string): string =>
  typeof t === "string" ? t : `<${t.tag}${[...new Set(t.attrs)].join("")}>${t.children.map(html).join("")}</${t.tag}>`;
const voids = fc.constantFrom("", "<br>", '<img src="/i.png" alt="pic &amp; more">', "<hr>");
export const document = fc
  .tuple(fc.array(fc.oneof(tree(4), voids), { minLength: 1, maxLength: 5 }), text)
  .map(
    ([children, outside]) =>
      `<html><body><p>${outside}</p><main>${children.map((c) => (typeof c === "string" ? c : html(c))).join("")}</main></body></html>`,
  );

import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { DIRECTIVE_MARK } from "./directives.ts";
import { FACT_MARK } from "./fact-values.ts";

/**
 * What raw HTML in Markdown may hold: an allowlist, enforced by sanitize-html (a maintained
 * sanitizer) rather than a list of what is forbidden, which is how the hand-written check before it
 * missed CDATA sections, `srcdoc`, `<noscript>` parsing tricks and SVG animation. Markdown allows
 * HTML, and small inline elements (`<kbd>`, `<br>`, `<sup>`, `<abbr>`) are worth keeping; a
 * script, an event handler or a `javascript:` URL would run with the site's authority for every
 * reader. Nothing is removed silently: whatever the sanitizer would drop is a build error naming
 * the element or attribute, and the page is published only when it would drop nothing.
 */
const IFRAME_HOSTS = [
  "www.youtube-nocookie.com",
  "www.youtube.com",
  "youtube.com",
  "player.vimeo.com",
  "www.openstreetmap.org",
];

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => !["main", "nav", "header", "footer", "menu"].includes(tag)),
  "img",
  "picture",
  "source",
  "iframe",
  "details",
  "summary",
  "del",
  "ins",
];

const PARSER_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

// allowedEmptyAttributes is in sanitize-html 2.17 but not yet in its DefinitelyTyped types.
export const RAW_HTML_POLICY: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["class", "id", "title", "lang", "dir", "aria-label", "aria-hidden", "aria-describedby", "role"],
    a: ["href", "name", "target", "rel", "hreflang"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
    source: ["srcset", "sizes", "type", "media", "width", "height"],
    iframe: ["src", "title", "width", "height", "allow", "allowfullscreen", "loading", "referrerpolicy"],
    td: ["colspan", "rowspan", "headers"],
    th: ["colspan", "rowspan", "headers", "scope", "abbr"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "reversed", "type"],
    li: ["value"],
    time: ["datetime"],
    data: ["value"],
    q: ["cite"],
    blockquote: ["cite"],
    del: ["cite", "datetime"],
    ins: ["cite", "datetime"],
    details: ["open"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // A player is framed only over HTTPS, from a host that serves players.
  allowedSchemesByTag: { iframe: ["https"] },
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  allowedEmptyAttributes: ["alt", "allowfullscreen", "reversed", "open"],
  disallowedTagsMode: "discard",
  parser: PARSER_OPTIONS,
};

const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);

export interface RawHtmlProblem {
  /** Offset in the fragment of the tag or comment at fault. */
  offset: number;
  /** What is not allowed, e.g. `the element <script>` or `the attribute onerror on <img>`. */
  what: string;
}

/**
 * Everything in `html` (one raw fragment of a Markdown body) that the allowlist refuses.
 * sanitize-html removes attributes from the very object it hands to `onOpenTag`, so comparing that
 * object with a copy taken at the time shows exactly what it dropped, with the sanitizer's own
 * parse and rules (schemes, iframe hosts, srcset, entity-encoded values) deciding.
 */
export function rawHtmlProblems(html: string): RawHtmlProblem[] {
  const opened: { name: string; attributes: Record<string, string>; before: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    ...RAW_HTML_POLICY,
    onOpenTag: (name, attributes) => opened.push({ name, attributes, before: { ...attributes } }),
  });
  const { tags, problems } = scan(html);
  opened.forEach(({ name, attributes, before }, i) => {
    // Both parses are htmlparser2's with the same options, so their tags come in the same order.
    const offset = tags[i] ?? 0;
    if (!ALLOWED_TAG_SET.has(name)) {
      problems.push({ offset, what: `the element <${name}>` });
      return;
    }
    for (const [attribute, value] of Object.entries(before)) {
      if (Object.hasOwn(attributes, attribute) && attributes[attribute] === value) continue;
      const allowedHere = allowedAttribute(name, attribute);
      problems.push({
        offset,
        what: allowedHere
          ? `the value ${quote(value)} of ${attribute} on <${name}> (${valueRule(name, attribute)})`
          : `the attribute ${attribute} on <${name}>`,
      });
    }
  });
  return problems.sort((a, b) => a.offset - b.offset);
}

function allowedAttribute(tag: string, attribute: string): boolean {
  const map = RAW_HTML_POLICY.allowedAttributes as Record<string, string[]>;
  return (Object.hasOwn(map, tag) && !!map[tag]?.includes(attribute)) || !!map["*"]?.includes(attribute);
}

function valueRule(tag: string, attribute: string): string {
  if (tag === "iframe" && attribute === "src") return `a player is framed only from https://${IFRAME_HOSTS.join(", ")}`;
  if (["href", "src", "srcset", "cite"].includes(attribute))
    return "URLs may be site paths or http, https, mailto and tel links";
  return "it may not be empty";
}

function quote(value: string): string {
  return `'${value.length > 60 ? `${value.slice(0, 57)}…` : value}'`;
}

/**
 * The offset of each opening tag, and what the sanitizer never sees: comments, CDATA sections,
 * `<!DOCTYPE>` and `<?…>` are parsed differently by htmlparser2 and by browsers
 * (`<![CDATA[><script>` is a bogus comment that ends at the first `>` in a browser, so the script
 * runs), and `<!--ppg:…-->` is the build's own directive mark.
 */
function scan(html: string): { tags: number[]; problems: RawHtmlProblem[] } {
  const tags: number[] = [];
  const problems: RawHtmlProblem[] = [];
  // What htmlparser2 read, to find what it skipped: an unfinished tag at the end of a block is
  // dropped by it, but a browser reads on into the next lines (`<iframe src=… <` then `<p>`).
  let readTo = 0;
  const read = () => (readTo = Math.max(readTo, parser.endIndex + 1));
  let inFrame = 0;
  const parser: Parser = new ReadingParser(
    read,
    {
      onopentag: (name) => {
        tags.push(parser.startIndex);
        // A browser reads an iframe's content as raw text up to `</iframe>`, htmlparser2 as HTML:
        // `<iframe><img title="</iframe><img onerror=…>">` is harmless to one and runs in the other.
        if (inFrame > 0)
          problems.push({
            offset: parser.startIndex,
            what: `the element <${name}> inside an <iframe> (a frame must be empty)`,
          });
        if (name === "iframe") inFrame++;
        read();
      },
      onclosetag: (name) => {
        if (name === "iframe") inFrame--;
      },
      ontext: (text) => {
        if (inFrame > 0 && text.trim())
          problems.push({ offset: parser.startIndex, what: "text inside an <iframe> (a frame must be empty)" });
        read();
      },
      oncomment: () => {
        const text = html.slice(parser.startIndex, parser.endIndex + 1);
        if (!text.startsWith(DIRECTIVE_MARK) && !plainComment(text))
          problems.push({
            offset: parser.startIndex,
            what: `the markup ${quote(text)} (only plain <!-- comments --> are allowed)`,
          });
        read();
      },
      onprocessinginstruction: () => {
        problems.push({
          offset: parser.startIndex,
          what: `the markup ${quote(html.slice(parser.startIndex, parser.endIndex + 1))}`,
        });
        read();
      },
    },
    PARSER_OPTIONS,
  );
  parser.end(html);
  if (html.slice(readTo).trim())
    problems.push({ offset: readTo, what: `the unfinished tag ${quote(html.slice(readTo).trim())}` });
  // The build's directive marks are spliced in at block level only; one written by hand, even
  // inside an attribute's value, would put a component where the writer's HTML is.
  for (let at = html.indexOf(DIRECTIVE_MARK); at !== -1; at = html.indexOf(DIRECTIVE_MARK, at + 1)) {
    problems.push({
      offset: at,
      what: "a directive mark (<!--ppg:…-->): write the directive on a line of its own, e.g. ::banner",
    });
  }
  // The mark `{{fact:ID}}` renders to, which the render stage replaces with the fact's value.
  for (let at = html.indexOf(FACT_MARK); at !== -1; at = html.indexOf(FACT_MARK, at + 1))
    problems.push({ offset: at, what: "a fact mark (<!--ppg-fact:…-->): write {{fact:ID}} instead" });
  return { tags, problems };
}

/** A Parser that also reports a closing tag with no element open (which it ignores, as browsers do). */
class ReadingParser extends Parser {
  constructor(
    private readonly read: () => void,
    ...args: ConstructorParameters<typeof Parser>
  ) {
    super(...args);
  }
  override onclosetag(start: number, endIndex: number): void {
    super.onclosetag(start, endIndex);
    this.read();
  }
}

/** A comment that browsers and htmlparser2 end at the same place (WHATWG "comment start state"). */
function plainComment(text: string): boolean {
  if (!text.startsWith("<!--") || !text.endsWith("-->") || text.length < 7) return false;
  const inner = text.slice(4, -3);
  return (
    !inner.startsWith(">") &&
    !inner.startsWith("->") &&
    !inner.includes("--!>") &&
    !inner.includes("-->") &&
    !inner.endsWith("-")
  );
}

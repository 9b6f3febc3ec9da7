import type { Placeholder } from "../core/errors-data.ts";
import { PpgError, PROBLEMS_AS_DATA, type SourceLocation } from "../core/errors.ts";
import { LineStarts } from "../core/line-starts.ts";
import { readSiteFile } from "../core/site-folder.ts";
import { lineFeeds } from "../core/source-text.ts";
import { frontMatterText, type StubComment } from "../content/front-matter.ts";
import type { ContentIndex } from "../content/load.ts";
import { directiveLines, parseVideoDirective } from "../content/directives.ts";
import { bodyProblems } from "../content/kept-markdown.ts";
import { MANIFEST_FILE } from "../site/find-site.ts";
import { answeringOf, publishedAnswer, type Answering } from "../site/published-answer.ts";
import { answerOnce } from "../manifest/parsed-yaml.ts";
import type { Manifest } from "../manifest/types.ts";
import { yamlSource } from "../manifest/yaml-source.ts";
import type { PathSegment, YamlSource } from "../manifest/yaml-path.ts";
import { decodeUriPath } from "../core/url-path.ts";

/**
 * Placeholders still in a site: stand-ins an editor must replace before it goes live. A build
 * lists them in its summary; `ppguide build --strict` fails on them. Each is a PpgError (code
 * PlaceholderLeft) so it prints, and fails, like every other located problem.
 *
 * What counts as one:
 * - a video with no real id yet (site.yaml's videos, `::video` lines), or an id that says it is a stand-in;
 * - a stand-in token in a URL, such as `aid=AFFILIATE_ID`;
 * - a domain reserved for examples (RFC 2606 and RFC 6761: `.example`, `.test`, `.invalid`,
 *   `.localhost`, example.com/.net/.org) in a URL or an e-mail address;
 * - a social link to a network's home page instead of the site's own profile.
 *
 * And stub text (code StubTextLeft): what `ppguide new` wrote for the editor to replace, each line
 * or value starting with TODO (site/new-page.ts), in site.yaml, a listings file, front matter or a
 * Markdown line. Only published pages are scanned (the load stage leaves drafts out), so a stub is
 * reported once its draft line is removed, not while it is being written.
 */
export interface PlaceholderSite extends Partial<Answering> {
  root: string;
  manifest: Manifest;
  source: YamlSource;
  content: ContentIndex;
}

/**
 * site.yaml's and each listings file's are kept with the text (site/load-site.ts publishedAnswer): a rebuild scanned
 * the values of every route again, 0.17 s at 16,000 routes, to report the same few placeholders.
 */
export function findPlaceholders(site: PlaceholderSite): PpgError[] {
  const found = publishedAnswer(
    answeringOf(site),
    "placeholders",
    "",
    () => {
      const inManifest: PpgError[] = [];
      scanYaml(site.manifest, new TextLocator(site.root, MANIFEST_FILE, site.source), inManifest);
      scanManifestComments(site, inManifest);
      return inManifest;
    },
    PROBLEMS_AS_DATA,
  );
  for (const [name, listings] of site.content.listings) {
    const file = `content/${name}`;
    let exact: YamlSource | undefined;
    const locate: YamlSource["locate"] = (at) =>
      (exact ??= yamlSource(readText(site.root, file), file, 0, listings)).locate(at);
    const scan = () => {
      const inListings: PpgError[] = [];
      scanYaml(listings, new TextLocator(site.root, file, { file, data: listings, locate }), inListings);
      return inListings;
    };
    const text = site.content.listingSources.get(name)?.text;
    found.push(...answerOnce(site.parsed, text, "placeholders", "", scan, PROBLEMS_AS_DATA));
  }
  for (const md of site.content.markdown.values()) {
    scanFrontMatter(md, site.root, found);
    found.push(
      ...bodyProblems(md, "placeholders", "", (body) => scanMarkdown({ file: md.file, body, bodyLine: md.bodyLine })),
    );
  }
  return found;
}

/** What `ppguide new` writes for the editor to replace starts so (site/new-page.ts): a value, or a line of Markdown. */
export const STUB_MARK = "TODO";
const STUB_VALUE = new RegExp(`^\\s*${STUB_MARK}\\b`);
// A paragraph's or a list item's first word; not inside a sentence, where "todo" may be a word.
const STUB_LINE = new RegExp(`^[ \\t]*(?:[-*+][ \\t]+|\\d+[.)][ \\t]+)?(${STUB_MARK}\\b.*)$`, "gm");

function stubText(value: string, location: SourceLocation, path?: string): PpgError {
  const text = value.trim();
  return new PpgError(
    "StubTextLeft",
    { text: text.length > 80 ? `${text.slice(0, 79)}…` : text },
    { location, ...(path !== undefined && { path }) },
  );
}

const STAND_IN = /\b(?:PLACEHOLDER[\w-]*|[A-Z][A-Z0-9]*_ID|YOUR_[A-Z0-9_]+|CHANGE_?ME|TODO|FIXME|X{4,})\b/;
const RESERVED_HOST = /(?:^|\.)(?:example|test|invalid|localhost)$|(?:^|\.)example\.(?:com|net|org)$/i;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s)<>"'\]]+/g;
// A bare address or a mailto: link's; '(?<![\w.+-/:])' keeps it from starting inside a URL.
const EMAIL_IN_TEXT = /(?<![\w.+\-/:])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

function scanYaml(data: unknown, at: TextLocator, found: PpgError[]): void {
  // One mutable path, copied only for a hit: a 4,000-route manifest holds some 60,000 strings.
  const path: PathSegment[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      // Placed exactly (not by its text, which every stub repeats, drafts' too).
      if (STUB_VALUE.test(value)) return void found.push(stubText(value, at.exact(path), dotted(path)));
      // Only URLs, e-mail addresses and video ids can be placeholders.
      if (!value.includes("://") && !value.includes("@") && path[path.length - 1] !== "id") return;
      const placeholder = placeholderIn(value, path);
      if (placeholder)
        found.push(
          new PpgError("PlaceholderLeft", placeholder, { location: at.value(value, path), path: dotted(path) }),
        );
      return;
    }
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        path.push(i);
        if (
          path[path.length - 2] === "videos" &&
          v &&
          typeof v === "object" &&
          !("id" in v) &&
          typeof v.title === "string"
        ) {
          path.push("title");
          found.push(
            new PpgError(
              "PlaceholderLeft",
              { kind: "videoWithoutId", title: v.title },
              { location: at.value(v.title, path), path: dotted(path.slice(0, -1)) },
            ),
          );
          path.pop();
        }
        walk(v);
        path.pop();
      });
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      path.push(k);
      walk(v);
      path.pop();
    }
  };
  walk(data);
}

/**
 * A `# TODO` comment on the line of a published route's field in site.yaml (`ppguide new` marks the `related` pages it
 * chose so, for the editor to confirm or replace), at its place. A route's value cannot say it: `related` must name
 * three routes for the site to build at all.
 */
function scanManifestComments(site: PlaceholderSite, found: PpgError[]): void {
  const text = readText(site.root, MANIFEST_FILE);
  if (!text.includes(STUB_MARK)) return;
  const marked = new Map<number, { column: number; text: string }>();
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    // Quoted text blanked first: a '#' inside quotes is not a comment.
    const at = STUB_COMMENT.exec(line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, (q) => " ".repeat(q.length)));
    if (at) marked.set(i + 1, { column: line.indexOf(STUB_MARK, at.index) + 1, text: line.trim() });
  });
  if (marked.size === 0) return;
  site.manifest.routes.forEach((route, i) => {
    for (const key of Object.keys(route)) {
      const path = ["routes", i, key];
      const line = site.source.locate(path)?.line;
      const mark = line === undefined ? undefined : marked.get(line);
      if (line === undefined || !mark) continue;
      found.push(stubText(mark.text, { file: MANIFEST_FILE, line, column: mark.column }, dotted(path)));
      marked.delete(line);
    }
  });
}

/** A YAML comment (after a space, or starting the line) that starts with TODO. */
const STUB_COMMENT = new RegExp(`(?:^|[ \\t])#[ \\t]*${STUB_MARK}\\b`);

function scanMarkdown(md: { file: string; body: string; bodyLine: number }): PpgError[] {
  const found: PpgError[] = [];
  const { file, body, bodyLine } = md;
  let lines: LineStarts | undefined;
  const at = (offset: number): SourceLocation => {
    const pos = (lines ??= new LineStarts(body)).position(offset);
    return { file, line: pos.line + bodyLine, column: pos.column };
  };
  if (body.includes("::video")) {
    for (const directive of directiveLines(body, "video")) {
      const parsed = parseVideoDirective(directive.arg);
      // A malformed line is the render stage's error, with its own message.
      if (!("video" in parsed)) continue;
      const where = at(directive.offset);
      const { id, title } = parsed.video;
      if (!id) found.push(new PpgError("PlaceholderLeft", { kind: "videoWithoutId", title }, { location: where }));
      else if (STAND_IN.test(id))
        found.push(new PpgError("PlaceholderLeft", { kind: "videoIdStandIn", id }, { location: where }));
    }
  }
  const scan = (pattern: RegExp) => {
    for (const match of body.matchAll(pattern)) {
      const placeholder = placeholderIn(match[0]);
      if (placeholder) found.push(new PpgError("PlaceholderLeft", placeholder, { location: at(match.index!) }));
    }
  };
  scan(URL_IN_TEXT);
  if (body.includes("@")) scan(EMAIL_IN_TEXT);
  if (body.includes(STUB_MARK))
    for (const match of body.matchAll(STUB_LINE)) {
      const offset = match.index! + match[0].length - match[1]!.length;
      found.push(stubText(match[1]!, at(offset)));
    }
  return found;
}

/**
 * Stub text in front matter (a recipe's ingredients and steps), each value at its place in the file,
 * and each value marked by a `# TODO` comment (a recipe's figures: a number cannot start with TODO).
 */
function scanFrontMatter(
  md: { file: string; frontMatter: object; stubComments?: StubComment[] },
  root: string,
  found: PpgError[],
): void {
  const marks = (md.stubComments ?? []).map(({ line, column, text }) =>
    stubText(text, { file: md.file, line, column }),
  );
  if (JSON.stringify(md.frontMatter).includes(STUB_MARK)) marks.push(...stubValues(md, root));
  // In the order of the file's lines.
  found.push(...marks.sort((a, b) => a.location!.line - b.location!.line || a.location!.column - b.location!.column));
}

function stubValues(md: { file: string; frontMatter: object }, root: string): PpgError[] {
  const found: PpgError[] = [];
  const text = frontMatterText(readText(root, md.file)) ?? "";
  // The YAML starts on line 2, below the opening fence.
  const source = yamlSource(text, md.file, 1, md.frontMatter);
  const walk = (value: unknown, at: PathSegment[]): void => {
    if (typeof value === "string") {
      if (STUB_VALUE.test(value)) found.push(stubText(value, source.locate(at), dotted(at)));
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
  };
  walk(md.frontMatter, []);
  return found;
}

function placeholderIn(value: string, path: PathSegment[] = []): Placeholder | undefined {
  const key = path[path.length - 1];
  if (key === "id" && path.includes("videos") && STAND_IN.test(value)) return { kind: "videoIdStandIn", id: value };
  const email = /^(?:mailto:)?[\w.+-]+@([\w-]+(?:\.[\w-]+)+)$/.exec(value.trim());
  if (email)
    return RESERVED_HOST.test(email[1]!)
      ? { kind: "reservedMailDomain", address: value, domain: email[1]! }
      : undefined;
  if (!/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (RESERVED_HOST.test(url.hostname)) return { kind: "reservedDomain", url: value, domain: url.hostname };
  const token = STAND_IN.exec(decodeUriPath(url.pathname + url.search) ?? url.pathname + url.search);
  if (token) return { kind: "standIn", url: value, token: token[0] };
  if (path[0] === "site" && path[1] === "social" && url.pathname.replace(/\/+$/, "") === "" && !url.search) {
    return { kind: "socialHome", url: value, network: String(path[2]) };
  }
  return undefined;
}

/**
 * Places a value found in a YAML file by finding its text. yaml's positioned document would do it
 * exactly, but building one costs about a second for a 4,000-route manifest, on every build that
 * still has placeholders. Values are found in document order, so each search starts where the
 * last ended; an occurrence counts only as a whole scalar outside a comment. Anything not found so
 * falls back to the exact, slow way.
 */
class TextLocator {
  private text: string | undefined;
  private lines: LineStarts | undefined;
  private cursor = 0;
  constructor(
    private readonly root: string,
    private readonly file: string,
    private readonly source: YamlSource,
  ) {}

  /** Where the value at `path` is, exactly, from the parsed document. */
  exact(path: PathSegment[]): SourceLocation {
    return this.source.locate([...path]);
  }

  value(value: string, path: PathSegment[]): SourceLocation {
    this.text ??= readText(this.root, this.file);
    const offset = this.find(value, this.cursor) ?? this.find(value, 0);
    if (offset === undefined) return this.source.locate([...path]);
    this.cursor = offset + value.length;
    // A quoted scalar starts at its quote, as the YAML parser reports it.
    const start = offset > 0 && /["']/.test(this.text[offset - 1]!) ? offset - 1 : offset;
    const pos = (this.lines ??= new LineStarts(this.text)).position(start);
    return { file: this.source.file, line: pos.line, column: pos.column };
  }

  private find(value: string, from: number): number | undefined {
    const text = this.text!;
    for (let i = text.indexOf(value, from); i !== -1; i = text.indexOf(value, i + 1)) {
      const before = text[i - 1] ?? "\n";
      const after = text[i + value.length] ?? "\n";
      if (!/[\s"'[{,:]/.test(before) || !/[\s"',}\]#]/.test(after)) continue;
      const lineStart = text.lastIndexOf("\n", i) + 1;
      if (/(^|\s)#/.test(text.slice(lineStart, i))) continue;
      return i;
    }
    return undefined;
  }
}

/** The file as it is now, for positions the parsed data does not keep; through the site's one door (site-folder.ts). */
function readText(root: string, file: string): string {
  try {
    return lineFeeds(readSiteFile(root, file).toString("utf8"));
  } catch {
    return "";
  }
}

function dotted(path: PathSegment[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, posix, relative } from "node:path";
import { Document, isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from "yaml";
import { errorsOf, isUserError, PpgError } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { checkOutputNames } from "../manifest/cross-references.ts";
import { lineFeeds } from "../core/source-text.ts";
import { MANIFEST_FILE } from "./find-site.ts";
import { checkManifest, type LoadedManifest, readManifestText } from "./load-site.ts";
import type { Manifest, RouteEntry, RouteKind } from "../manifest/types.ts";
import { routeFieldRule } from "../manifest/schema.ts";
import { pathsNaming } from "../core/closest-path.ts";
import { ROUTE_KINDS, type RouteKindRecord } from "../render/kinds/index.ts";
import { expected } from "../core/invariant.ts";

/**
 * `ppguide new article|recipe|listing <slug>`: a new page as a draft, ready to write. site.yaml
 * gets the route entry after the last route of its kind, with every field the kind requires, by
 * splicing the entry's text in: the rest of the file, comments and layout included, keeps every
 * byte (the `yaml` library's Document API finds where, and writes the entry). The stub files
 * carry the schema hint for editors. The route is `draft: true`, so the site builds, and the page
 * is published once the draft line is removed (site/schedule.ts).
 */
export type NewKind = string;

/** What `ppguide new` makes, by the word the editor types (each kind's record says: render/kinds/index.ts). */
const MADE = new Map(
  (Object.entries(ROUTE_KINDS) as [RouteKind, RouteKindRecord][]).flatMap(([kind, record]) =>
    record.newPage ? [[record.newPage.as, { kind, record, folder: record.newPage.folder }] as const] : [],
  ),
);
export const NEW_KINDS: readonly NewKind[] = [...MADE.keys()];

export interface NewPageResult {
  path: string;
  /** Files written, relative to the site folder: site.yaml last. */
  files: string[];
  /** The line of site.yaml where the entry starts. */
  line: number;
}

/**
 * What the build would find wrong with the site's output paths under a manifest (output/claims.ts: a route where the
 * build writes a file of its own, or where public/ holds one). Given by the command, which may ask the floors above
 * this one.
 */
export type OutputClashes = (loaded: LoadedManifest) => readonly PpgError[];

export async function newPage(
  root: string,
  kind: NewKind,
  slug: string,
  today: string,
  opts: { clashes?: () => Promise<OutputClashes> } = {},
): Promise<NewPageResult> {
  // Read and checked as build and dev read it: a problem of the file is located in the file on disk.
  const { text, bom } = readManifestText(root);
  const loaded = checkManifest(text);
  const { manifest } = loaded;
  const path = `/${slug}`;
  // The CLI takes only the words of NEW_KINDS.
  const {
    kind: routeKind,
    record,
    folder: defaultFolder,
  } = expected(MADE.get(kind), `a kind ppguide new makes as ${kind}`);
  const sameKind = manifest.routes.filter((r) => r.kind === routeKind);
  const folder =
    sameKind.map((r) => r.content && posix.dirname(r.content)).find((d) => d && d !== ".") ?? defaultFolder;
  const content = `${folder}/${slug}.md`;
  const listings = record.listings ? `listings/${slug}.yaml` : undefined;
  const taken =
    manifest.routes.some((r) => r.path === path) || (manifest.aliases ?? []).some((a) => a.from === path)
      ? `the route ${path}`
      : [content, listings].find((f) => f && existsSync(join(root, "content", f)));
  if (taken) throw new PpgError("NewPageExists", { what: taken.startsWith("the route") ? taken : `content/${taken}` });

  const entry = routeEntry(manifest, { routeKind, path, slug, content, listings, today });
  const eol = lineEnding(text);
  const { text: updated, line } = insertRoute(text, entry, routeKind, eol);
  // The new site.yaml must be one the build reads: checked before anything is written. The site was, so a problem
  // now is the new route's, which is the command's argument: a usage error, not a line of a file never written.
  const refused = await entryProblem(loaded, updated, opts.clashes);
  if (refused) throw new PpgError("NewPageRefused", { path, why: refused.message });

  // The stubs first, then site.yaml in one step; a failure on the way takes the stubs back, so
  // the site is as it was. They are written with the line endings site.yaml has.
  const files: string[] = [];
  try {
    const write = (file: string, body: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), withLineEnding(body, eol), { flag: "wx" });
      files.push(file);
    };
    write(`content/${content}`, markdownStub(root, `content/${content}`, routeKind, record, entry.title));
    if (listings) write(`content/${listings}`, listingsStub(root, `content/${listings}`, manifest));
    replaceFile(join(root, MANIFEST_FILE), bom ? `\uFEFF${updated}` : updated);
  } catch (err) {
    for (const file of files) rmSync(join(root, file), { force: true });
    throw err;
  }
  files.push(MANIFEST_FILE);
  return { path, files, line };
}

/**
 * The first problem the build would find in the site with the new entry (`updated`) that it does not find without
 * it (`before`): in site.yaml itself (its schema, its cross-references, its output names), or in the site's output
 * paths (`clashes`).
 */
async function entryProblem(
  before: LoadedManifest,
  updated: string,
  clashes: (() => Promise<OutputClashes>) | undefined,
): Promise<PpgError | undefined> {
  let after: LoadedManifest;
  try {
    after = checkManifest(updated);
  } catch (err) {
    if (!isUserError(err)) throw err;
    return errorsOf(err)[0];
  }
  const named = checkOutputNames(after.manifest, after.source);
  if (named.length) return named[0];
  if (!clashes) return undefined;
  const clashesOf = await clashes();
  const known = new Set(clashesOf(before).map((e) => e.message));
  return clashesOf(after).find((e) => !known.has(e.message));
}

/**
 * Replaces a file the user wrote as every write of ppguide's is made: whole or not at all. The
 * new text goes to a temporary file beside it (same folder, so the same disk), with the file's
 * own mode, flushed to the disk, then renamed over it; on any failure the temporary file is
 * removed and the file keeps every byte.
 */
function replaceFile(file: string, text: string): void {
  const { mode } = statSync(file);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    const fd = openSync(tmp, "wx", mode & 0o7777);
    try {
      // The mode given to open is masked by the umask: set it as the file had it.
      fchmodSync(fd, mode & 0o7777);
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

type LineEnding = "\n" | "\r\n" | "\r";

/** The line ending most of a text's lines end with: CRLF, CR alone (old Mac files, which YAML reads), else LF. */
function lineEnding(text: string): LineEnding {
  const crlf = text.split("\r\n").length - 1;
  const lf = text.split("\n").length - 1 - crlf;
  const cr = text.split("\r").length - 1 - crlf;
  if (cr > lf && cr > crlf) return "\r";
  return crlf > 0 && crlf >= lf ? "\r\n" : "\n";
}

function withLineEnding(text: string, eol: LineEnding): string {
  return eol === "\n" ? text : text.replace(/\r?\n/g, eol);
}

interface EntryFacts {
  routeKind: RouteKind;
  path: string;
  slug: string;
  content: string;
  listings?: string;
  today: string;
}

function routeEntry(manifest: Manifest, f: EntryFacts) {
  const title = f.slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  const published = manifest.routes.filter((r) => !r.draft && r.path !== f.path);
  const common = {
    path: f.path,
    kind: f.routeKind,
    draft: true,
    title,
    // Every value the editor must replace starts with TODO, which the placeholder check finds once
    // the page is published (audits/placeholders.ts): a stub cannot go live unnoticed. The rule for
    // a description is the schema's, stated there once.
    description: `TODO: ${expected(routeFieldRule("description"), "the schema's rule for a route's description")}`,
    image: { src: manifest.site.logo.src, alt: "TODO: choose this page's own picture, then say here what it shows" },
  };
  const dates = { created: f.today, published: f.today, modified: f.today };
  const related = relatedPages(published, f);
  if (f.listings) return { ...common, listings: f.listings, columns: 2, content: f.content, related };
  return { ...common, author: authorOf(manifest, published, f.routeKind), dates, content: f.content, related };
}

/**
 * Three published pages a reader of the new one may want next, for the editor to confirm (site.yaml marks them
 * TODO): those that name what its slug names first (core/closest-path.ts: `surf-schools-cabarete` finds the Cabarete
 * pages), then the newest of its kind, then any page `ppguide new` could have made.
 */
function relatedPages(published: RouteEntry[], f: EntryFacts): string[] {
  // A related card shows the page's picture: any indexed page with one may be named.
  const named = pathsNaming(
    f.path,
    published.filter((r) => r.image && ROUTE_KINDS[r.kind].indexed).map((r) => r.path),
  );
  const made = published.filter((r) => ROUTE_KINDS[r.kind].newPage !== undefined);
  const sameKind = made.filter((r) => r.kind === f.routeKind).map((r) => r.path);
  return [...new Set([...named, ...sameKind.reverse(), ...made.map((r) => r.path)])].slice(0, 3);
}

/** The author of most published pages of the kind (a recipe's, the food desk), else the first author. */
function authorOf(manifest: Manifest, published: RouteEntry[], kind: RouteKind): string {
  const count = new Map<string, number>();
  for (const r of published) if (r.kind === kind && r.author) count.set(r.author, (count.get(r.author) ?? 0) + 1);
  const [most] = [...count].sort((a, b) => b[1] - a[1]);
  return most?.[0] ?? expected(Object.keys(manifest.authors)[0], "an author: the schema asks for one");
}

/**
 * site.yaml with the entry after the last route of its kind (else the last route), at the same
 * indentation and with the same blank line between entries the file uses.
 */
function insertRoute(
  written: string,
  entry: Record<string, unknown>,
  kind: string,
  eol: LineEnding,
): { text: string; line: number } {
  // Found in the text with each line break an LF, as the build reads it (yaml-source.ts), at the same offsets.
  const text = lineFeeds(written);
  const doc = parseDocument(text, { keepSourceTokens: false });
  const routes = doc.get("routes", true) as YAMLSeq | undefined;
  if (!isSeq(routes) || routes.items.length === 0)
    throw new PpgError(
      "ManifestInvalid",
      { rule: "required", field: "routes" },
      { location: { file: MANIFEST_FILE, line: 1, column: 1 } },
    );
  const items = routes.items as YAMLMap[];
  let after = items.length - 1;
  for (let i = items.length - 1; i >= 0; i--) {
    const candidate = items[i];
    if (isMap(candidate) && candidate.get("kind") === kind) {
      after = i;
      break;
    }
  }
  // checkManifest held every route to the schema (a map each), and parsed nodes keep their place in the text.
  const placeOf = (node: YAMLMap | undefined) => expected(node?.range, "the place in site.yaml of a route's entry");
  const [start, last] = placeOf(items[after]);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = /^ */.exec(text.slice(lineStart))?.[0] ?? "";
  // The end of the entry's last line with content; what follows (blank lines, comments) stays below the new entry.
  const end = text.indexOf("\n", last - 1);
  const at = end === -1 ? text.length : end + 1;
  const next = items[after + 1];
  // A blank line may end in CR LF as every other line of a CRLF file does.
  const blank = next
    ? /\n[ \t\r]*\n/.test(text.slice(at - 1, placeOf(next)[0]))
    : /\n[ \t\r]*\n/.test(text.slice(lineStart - 3, lineStart));

  const one = new Document([entry]);
  const node = (one.contents as YAMLSeq).items[0] as YAMLMap;
  // Written as the site's own entries are: dates, image and related on one line each.
  for (const key of ["image", "dates", "related"]) {
    const value = node.get(key, true) as { flow?: boolean } | undefined;
    if (value) value.flow = true;
  }
  // Chosen by their words (new-page.ts relatedPages), for the editor to confirm: a published page's `# TODO` is
  // reported as its stub text is (audits/placeholders.ts).
  const related = node.get("related", true) as { comment?: string } | undefined;
  if (related) related.comment = " TODO: three pages a reader of this one wants next, chosen by their words";
  const yamlText = one
    .toString({ lineWidth: 0, flowCollectionPadding: true })
    // The site writes `{ a: 1 }` but `[/a, /b]`.
    .replace(/^( *related: )\[ (.*?) \](?= #|$)/m, "$1[$2]")
    .replace(/^(?=.)/gm, indent);
  const ends = at > 0 && text[at - 1] !== "\n";
  const line = text.slice(0, at).split("\n").length + (ends ? 1 : 0) + (blank ? 1 : 0);
  const prefix = written.slice(0, at) + (ends ? eol : "");
  const inserted = withLineEnding(`${blank ? "\n" : ""}${yamlText}`, eol);
  return { text: prefix + inserted + written.slice(at), line };
}

function schemaHint(root: string, file: string, schema: string): string {
  // Relative to the file, so the hint works wherever the site is; ppguide's own schema/ when the site has none.
  const local = join(root, "schema", schema);
  const target = existsSync(local) ? local : join(PACKAGE_DIR, "schema", schema);
  return `# yaml-language-server: $schema=${relative(dirname(join(root, file)), target)
    .split("\\")
    .join("/")}`;
}

function markdownStub(root: string, file: string, kind: RouteKind, record: RouteKindRecord, title: string): string {
  const hint = schemaHint(root, file, `front-matter/${kind}.schema.json`);
  if (record.frontMatter?.required.includes("recipe")) {
    return `---
${hint}
genre: Recipe
keywords: [${title}]
recipe:
  prepMinutes: 10 # TODO: the minutes of preparation
  totalMinutes: 30 # TODO: the minutes from start to table, preparation included
  servings: 4 # TODO: how many people it serves
  calories: null # TODO: calories per serving from a source that gives them; null says no source does
  category: "TODO: the course, such as Main Course, Dessert or Drink"
  ingredients:
    - "TODO: each ingredient with its amount"
  instructions:
    - "TODO: each step, one at a time"
---

TODO: introduce the dish. The template adds the times, ingredients and steps after this text.
`;
  }
  if (record.listings) {
    return `---
${hint}
keywords: [${title}]
---

TODO: introduce the places listed on this page. The cards come from the listings file.
`;
  }
  const todo =
    "TODO: write the page. Back every practical fact (fares, hours, prices) with a `sources:` entry " +
    "(docs/content-format.md).";
  return `---
${hint}
keywords: [${title}]
---

${todo}
`;
}

function listingsStub(root: string, file: string, manifest: Manifest): string {
  return `${schemaHint(root, file, "listings.schema.json")}
itemType: LocalBusiness
items:
  # One entry per place. A street address, phone or website needs a source that states it:
  # never invent one (docs/content-format.md, Listings files).
  - id: 1
    name: "TODO: the place's name"
    image: ${manifest.site.logo.src}
    alt: "TODO: once the name is written, run node scripts/artwork/generate.mjs to draw this picture"
    area: "TODO: the neighborhood, beach or landmark"
    address2: "TODO: the town and postal code, such as Puerto Plata 57000"
`;
}

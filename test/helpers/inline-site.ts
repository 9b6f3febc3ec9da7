/**
 * A whole tiny site declared inside a test, in the txtar style of Hugo's integration tests:
 *
 *   const root = await writeInlineSite(`
 *     -- site.yaml --
 *     routes:
 *       - { path: /a, kind: article, title: A, description: One page., image: { src: /images/photo.svg, alt: A },
 *           author: nobody, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 },
 *           content: a.md, related: [/filler-1, /filler-2, /filler-3] }
 *     -- content/a.md --
 *     Hello.
 *   `);
 *
 * What the text leaves out is filled in, without moving a single line or column of what it wrote, so
 * a test asserts positions in its own text: `site.yaml:6:19` is line 6 of its `site.yaml` block.
 * - a route written on one line (`- { path: /a, kind: article, content: a.md }`) gets the fields
 *   its kind requires (schema/site.schema.json) and it leaves out, added before its closing brace:
 *   a title and description, a photo, the author `desk`, dates, three filler pages as related,
 *   two columns, the fillers as an index's cards, no videos;
 * - site.yaml keys `site`, `authors` (one author, `desk`) and `nav` are appended after its text;
 * - when the text's last top-level key is `routes`, filler routes are appended to that list: the
 *   home page, /search (every page links both) and four articles `/filler-1..4`, each related to
 *   the other three, so one route of the test's own has three to relate to; without `routes` at
 *   all, the fillers are the whole site;
 * - the public files every page links (logo, favicon, avatar, a photo) and the fillers' Markdown,
 *   unless the text gives its own.
 */
import { readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { FIXTURES } from "./fixture.ts";
import { attempt, type Outcome } from "./outcome.ts";
import type { BuildOptions } from "../../src/engine/build-state.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

const DEFAULT_KEYS: Record<string, string> = {
  site: `site:
  name: Inline Site
  url: https://inline.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }
  email: info@inline.example
  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }
  disclosure: Some links are affiliate links.
`,
  authors: `authors:
  desk: { name: Test Desk, avatar: /images/avatar.svg, email: desk@inline.example }
`,
  nav: `nav:
  - label: Guides
    items:
      - { label: Filler, path: /filler-1 }
`,
};

/** What every page's head and header link to, taken from the basic-site fixture. */
const DEFAULT_PUBLIC = [
  "images/logo.svg",
  "images/logo.png",
  "images/avatar.svg",
  "images/photo.svg",
  "favicon.svg",
  "apple-touch-icon.png",
  "site.webmanifest",
];

// Four, so that each filler has three others to relate to.
const FILLERS = [1, 2, 3, 4];

/** The filler articles, and the home and search pages every page's header and footer link to. */
function fillerRoutes(indent: string): string {
  const pages = [
    `${indent}- { path: /, kind: home, title: Inline Site, description: The home page of the inline site., home: { heading: Inline Site, slides: [{ title: Filler, text: A filler slide., image: /images/photo.svg, alt: A filler picture, path: /filler-1 }], culture: [/filler-1], cuisine: [/filler-2], thumbnails: [{ label: Filler, path: /filler-1 }] } }\n`,
    `${indent}- { path: /search, kind: search, title: Search, description: Every page of the inline site. }\n`,
  ];
  return (
    pages.join("") +
    FILLERS.map((n) => {
      const related = FILLERS.filter((m) => m !== n)
        .map((m) => `/filler-${m}`)
        .join(", ");
      return `${indent}- { path: /filler-${n}, kind: article, title: Filler ${n}, description: A filler page of the inline site., image: { src: /images/photo.svg, alt: A filler picture }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }, content: filler-${n}.md, related: [${related}] }\n`;
    }).join("")
  );
}

/** What a route of each kind must have, from the schema itself: its `required` list and each kind's `if`/`then` block. */
const ROUTE_SCHEMA = (
  JSON.parse(readFileSync(join(PACKAGE_DIR, "schema/site.schema.json"), "utf8")) as {
    definitions: {
      route: {
        required: string[];
        allOf: { if: { properties: { kind: { enum?: string[]; const?: string } } }; then: { required: string[] } }[];
      };
    };
  }
).definitions.route;

function requiredFor(kind: string): string[] {
  const byKind = ROUTE_SCHEMA.allOf
    .filter((c) => (c.if.properties.kind.enum ?? [c.if.properties.kind.const]).includes(kind))
    .flatMap((c) => c.then.required);
  return [...ROUTE_SCHEMA.required, ...byKind];
}

/** A value for each field a test may leave out of a one-line route, for a route at `path`. */
const FILLED: Record<string, (path: string) => string> = {
  title: (path) => `Page ${path}`,
  // No comma: the value sits in a flow mapping.
  description: () => "A page of the inline site for a test.",
  image: () => "{ src: /images/photo.svg, alt: A picture }",
  author: () => "desk",
  dates: () => "{ created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }",
  related: () => "[/filler-1, /filler-2, /filler-3]",
  columns: () => "2",
  cards: () => "[/filler-1, /filler-2]",
  videos: () => "[]",
};

/** A one-line route `- { ... }` with the fields its kind requires and it lacks, added before its closing brace. */
function fillRoute(line: string): string {
  const item = /^(\s*- \{)(.*)(\}\s*)$/.exec(line);
  if (!item) return line;
  const keys = new Set([...item[2]!.matchAll(/(?:^|,)\s*([A-Za-z]+):/g)].map((m) => m[1]!));
  const path = /(?:^|,)\s*path:\s*([^,}\s]+)/.exec(item[2]!)?.[1];
  const kind = /(?:^|,)\s*kind:\s*([a-z]+)/.exec(item[2]!)?.[1];
  if (!path || !kind) return line;
  const added = requiredFor(kind)
    .filter((field) => !keys.has(field) && FILLED[field])
    .map((field) => `, ${field}: ${FILLED[field]!(path)}`);
  return added.length ? `${item[1]}${item[2]!.replace(/\s+$/, "")}${added.join("")} ${item[3]}` : line;
}

/** Splits a txtar text into its files, after removing the indentation common to all its lines. */
export function parseTxtar(text: string): Map<string, string> {
  const lines = text.replace(/^\n/, "").split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  const files = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines.map((l) => l.slice(indent))) {
    const header = /^-- (\S+) --$/.exec(line);
    if (header) files.set((current = header[1]!), "");
    else if (current !== undefined) files.set(current, `${files.get(current)!}${line}\n`);
    else if (line.trim()) throw new Error(`inline site: text before the first '-- name --' line: ${line}`);
  }
  for (const [name, body] of files) files.set(name, body.replace(/\n+$/, "\n"));
  return files;
}

/** The site.yaml to write: the test's text, then whatever it left out. */
export function completeManifest(text: string): string {
  const topKeys = [...text.matchAll(/^([A-Za-z_]+):/gm)].map((m) => m[1]!);
  const routesAt = text.search(/^routes:/m);
  const filled =
    routesAt < 0 ? text : text.slice(0, routesAt) + text.slice(routesAt).split("\n").map(fillRoute).join("\n");
  let out = filled.endsWith("\n") || filled === "" ? filled : `${filled}\n`;
  if (topKeys.at(-1) === "routes") {
    const item = /^routes:\s*\n(\s*)- /m.exec(text);
    out += fillerRoutes(item ? item[1]! : "  ");
  } else if (!topKeys.includes("routes")) {
    out += `routes:\n${fillerRoutes("  ")}`;
  }
  for (const [key, block] of Object.entries(DEFAULT_KEYS)) if (!topKeys.includes(key)) out += block;
  return out;
}

/** Writes the inline site into a new temporary folder and returns that folder. */
export async function writeInlineSite(text: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "ppguide-inline-"));
  const files = parseTxtar(text);
  files.set("site.yaml", completeManifest(files.get("site.yaml") ?? ""));
  for (const n of FILLERS)
    if (!files.has(`content/filler-${n}.md`))
      files.set(`content/filler-${n}.md`, `A filler page, here so that every page has three others to relate to.\n`);
  for (const [name, body] of files) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), body);
  }
  for (const file of DEFAULT_PUBLIC) {
    if (!files.has(`public/${file}`)) {
      await mkdir(dirname(join(root, "public", file)), { recursive: true });
      await copyFile(join(FIXTURES, "basic-site/public", file), join(root, "public", file));
    }
  }
  return root;
}

/** Builds an inline site as the CLI would, into its own dist/: the exit code and each problem's line. */
export async function buildInline(
  text: string,
  opts: Omit<BuildOptions, "root"> = {},
): Promise<Outcome & { root: string }> {
  const root = await writeInlineSite(text);
  return { ...(await attempt({ root, out: join(root, "dist"), ...opts })), root };
}

/**
 * A site whose offline pack names a menu (Dining) that its nav does not have (the filled-in nav
 * has one menu, Guides): what OfflinePackMenuUnknown reports, and its hint mends.
 */
export const OFFLINE_PACK_OF_NO_MENU =
  "-- site.yaml --\nsite:\n  name: Inline Site\n  url: https://inline.example\n  language: en-US\n" +
  "  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }\n" +
  "  email: info@inline.example\n" +
  "  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }\n" +
  "  disclosure: Some links are affiliate links.\n" +
  "  offline: { packs: [{ name: dining, label: the dining guide, menus: [Dining] }] }\n";

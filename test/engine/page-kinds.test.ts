/**
 * The page-kind registry (src/render/kinds/index.ts) is the one place a kind is decided: a new kind
 * is its record there, its model and its template, with its name in site.yaml's schema, and
 * nothing else. Proved by doing it, as the README's recipe says, to a copy of ppguide: the copy
 * type-checks, and builds a tiny site with a page of the new kind, which every stage then treats as
 * its record says (indexed, in the feed, listed on the search page).
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { kindOf, ROUTE_KINDS, sitePages } from "../../src/render/kinds/index.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { copyPackage } from "../helpers/package-copy.ts";
import { removeWhenDone, tempDir } from "../helpers/scratch.ts";

const execute = promisify(execFile);

/** Runs a command, failing with what it printed. */
async function run(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  await execute(command, args, opts).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`${[command, ...args].join(" ")} failed:\n${err.stdout ?? ""}${err.stderr ?? ""}`);
  });
}

/** The files of a new kind "event", each as a whole file or an edit of one. */
const EVENT_MODEL = `import type { CardModel, PageBase } from "../model.ts";
import type { PageKind } from "../page-model.ts";

/** An event's page: what is on, when, and the pages to read before going. */
export type EventPage = PageBase & { kind: "event"; html: string; related: CardModel[] };

export const eventPage: PageKind<"event", EventPage> = ({ base, html, related }) => ({
  ...base,
  kind: "event",
  html,
  related,
});
`;

const EVENT_TEMPLATE = `import type { EventPage } from "../../src/render/kinds/event.ts";
import { RelatedCards } from "../components/Card.tsx";

export default function Event({ page }: { page: EventPage }) {
  return (
    <>
      <div className="container">
        <h1 className="event-title">{page.route.title}</h1>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
      <RelatedCards cards={page.related} />
    </>
  );
}
`;

/** `text` with `line` after its last import, found by TypeScript's parser. */
function withImport(text: string, line: string): string {
  const source = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest);
  const last = source.statements.filter(ts.isImportDeclaration).at(-1);
  if (!last) throw new Error("no import to add one after");
  return `${text.slice(0, last.end)}\n${line}${text.slice(last.end)}`;
}

/** `text` with `property` after the last property of the object literal `name` is declared as, wherever it is. */
function withProperty(text: string, name: string, property: string): string {
  const source = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest);
  let object: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name && node.initializer) {
      const init = node.initializer;
      if (ts.isObjectLiteralExpression(init)) object = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const last = object?.properties.at(-1);
  if (!last) throw new Error(`no object literal ${name} to add to`);
  return `${text.slice(0, last.end)}, ${property}${text.slice(last.end)}`;
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(file, "utf8");
  const changed = change(text);
  expect(changed, `${file} was edited`).not.toBe(text);
  await writeFile(file, changed);
}

/** Every file of a package copy by its digest-free bytes, to compare with the package itself. */
async function changedFiles(copy: string): Promise<string[]> {
  const files = await fg(["src/**", "templates/**", "schema/**"], { cwd: copy });
  const changed: string[] = [];
  for (const file of files) {
    const mine = await readFile(join(copy, file), "utf8");
    const theirs = await readFile(join(PACKAGE_DIR, file), "utf8").catch(() => undefined);
    if (mine !== theirs) changed.push(file);
  }
  return changed.sort();
}

describe("a new page kind", () => {
  it("is one registry record, its model and its template (with its schema): it type-checks and builds", async () => {
    const copy = await copyPackage(await tempDir("ppguide-kind-"));
    await writeFile(join(copy, "src/render/kinds/event.ts"), EVENT_MODEL);
    await writeFile(join(copy, "templates/pages/Event.tsx"), EVENT_TEMPLATE);
    await edit(join(copy, "src/render/kinds/index.ts"), (text) =>
      withProperty(
        withImport(text, `import { eventPage } from "./event.ts";`),
        "ROUTE_KINDS",
        `event: route({ model: eventPage, template: "Event", feed: { term: "events", label: "Events" }, onSearchPage: true })`,
      ),
    );
    await edit(join(copy, "templates/index.ts"), (text) =>
      withProperty(withImport(text, `import Event from "./pages/Event.tsx";`), "pages", "Event"),
    );
    await edit(join(copy, "schema/site.schema.json"), (text) => {
      const schema = JSON.parse(text);
      schema.definitions.route.properties.kind.enum.push("event");
      return `${JSON.stringify(schema, null, 2)}\n`;
    });
    const tsx = join(copy, "node_modules/tsx/dist/cli.mjs");
    await run(process.execPath, [tsx, "scripts/gen-manifest-types.ts"], { cwd: copy });

    expect(await changedFiles(copy)).toEqual([
      "schema/site.schema.json",
      "src/manifest/types.ts",
      "src/render/kinds/event.ts",
      "src/render/kinds/index.ts",
      "templates/index.ts",
      "templates/pages/Event.tsx",
    ]);
    // The recipe is type-correct, not only runnable: nothing else needed a change. (The sources and
    // templates only: the copy has no tests, which the package's scripts/ import.)
    const config = join(copy, "tsconfig.sources.json");
    await writeFile(config, JSON.stringify({ extends: "./tsconfig.json", include: ["src", "templates"] }));
    await run(process.execPath, [join(copy, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", config], {
      cwd: copy,
    });

    const site = await writeInlineSite(`
      -- site.yaml --
      routes:
        - { path: /events/fiesta, kind: event, title: Fiesta de Merengue, description: The merengue festival on the Malecon in October., image: { src: /images/photo.svg, alt: Dancers }, author: desk, dates: { created: 2025-10-01, published: 2025-10-01, modified: 2025-10-02 }, content: fiesta.md, related: [/filler-1, /filler-2, /filler-3] }
      -- content/fiesta.md --
      Bands play along the **Malecón** every night of the festival.
    `);
    removeWhenDone(site);
    await run(process.execPath, [join(copy, "bin/ppguide"), "build", "--root", site, "--no-search-index", "--quiet"], {
      cwd: copy,
      env: { ...process.env, NO_COLOR: "1", PPGUIDE_CLOCK: "2026-01-01" },
    });
    const dist = join(site, "dist");
    const page = await readFile(join(dist, "events/fiesta.html"), "utf8");
    expect(page).toContain('<h1 class="event-title">Fiesta de Merengue</h1>');
    expect(page).toContain("Bands play along the <strong>Malecón</strong>");
    // Every stage asks the record: indexed (sitemap), in the feed under its category, on the search page.
    expect(await readFile(join(dist, "sitemap.xml"), "utf8")).toContain("https://inline.example/events/fiesta</loc>");
    expect(await readFile(join(dist, "feed.xml"), "utf8")).toMatch(
      /<title>Fiesta de Merengue<\/title>[\s\S]*?<category term="events" label="Events"\/>/,
    );
    expect(await readFile(join(dist, "search.html"), "utf8")).toContain('href="/events/fiesta"');
  }, 240_000);
});

describe("the registry is the one place a kind is named", () => {
  /** Every kind of page: the routes' and those no route has (an alias's page, the 404 page). */
  const names = (manifest: Parameters<typeof sitePages>[0]) => new Set(sitePages(manifest).map((p) => p.kind));

  it("no module outside the registry, kinds/ and templates/ tests a page kind by name", async () => {
    const kinds = [...Object.keys(ROUTE_KINDS), "alias", "404"];
    for (const kind of kinds) expect(kindOf(kind as never), kind).toBeDefined();
    const either = kinds.map((k) => k.replace(/[-]/g, "\\-")).join("|");
    const tests = [
      new RegExp(`\\bkind\\s*(?:===|!==)\\s*"(?:${either})"`),
      new RegExp(`"(?:${either})"\\s*(?:===|!==)\\s*\\w*\\.?kind\\b`),
      new RegExp(`\\bcase\\s+"(?:${either})"\\s*:`),
    ];
    const found: string[] = [];
    for (const file of await fg(["src/**/*.{ts,tsx,mjs}"], { cwd: PACKAGE_DIR, ignore: ["src/render/kinds/**"] })) {
      const lines = (await readFile(join(PACKAGE_DIR, file), "utf8")).split("\n");
      lines.forEach((line, i) => {
        if (tests.some((t) => t.test(line))) found.push(`${file}:${i + 1}  ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("would see a kind named outside it", () => {
    const test = /\bkind\s*(?:===|!==)\s*"(?:recipe|alias)"/;
    expect(test.test('if (route.kind === "recipe") return;')).toBe(true);
    expect(test.test("if (record.listings) return;")).toBe(false);
  });

  it("gives every page of a site its kind, the routes' in order, then an alias's page and the 404 page", () => {
    const manifest = {
      site: { build: { host: "github-pages" } },
      routes: [
        { path: "/", kind: "home" },
        { path: "/a", kind: "article" },
      ],
      aliases: [{ from: "/old-a", to: "/a" }],
    } as unknown as Parameters<typeof sitePages>[0];
    expect(sitePages(manifest)).toEqual([
      { route: "/", kind: "home", file: "index.html" },
      { route: "/a", kind: "article", file: "a.html" },
      { route: "/old-a", kind: "alias", file: "old-a.html" },
      { route: "/404", kind: "404", file: "404.html" },
    ]);
    expect(names(manifest)).toEqual(new Set(["home", "article", "alias", "404"]));
  });
});

import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { WatchQueue } from "../../src/dev/watch.ts";
import type { ProblemEvent } from "../../src/dev/server.ts";
import { readDevEvents } from "../helpers/dev-events.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const FIXTURE = new URL("../fixtures/dev-site/", import.meta.url).pathname;

interface SseEvent {
  event: string;
  data: unknown;
}

/** What the dev server sends with each event (publish() in src/dev/index.ts). */
interface EventData {
  hello: unknown;
  reload: { all: boolean; pages: string[]; files: string[]; ms: number };
  css: { href: string };
  problems: { errors: ProblemEvent[] };
}

/** Reads the dev server's event stream with fetch, as a browser's EventSource would. */
async function openEvents(url: string) {
  const events: SseEvent[] = [];
  let wake: (() => void) | undefined;
  const stream = await readDevEvents(url, (e) => {
    if (e.data !== undefined) events.push({ event: e.event, data: e.data });
    wake?.();
  });
  expect(stream.contentType).toMatch(/^text\/event-stream/);
  let cursor = 0;
  return {
    /** The next event with this name after the ones already consumed. */
    async next<K extends keyof EventData>(name: K, timeoutMs = 10_000): Promise<EventData[K]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (cursor < events.length) {
          const e = events[cursor++];
          if (e?.event === name) return e.data as EventData[K];
        }
        if (Date.now() > deadline)
          throw new Error(
            `no '${name}' event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`,
          );
        await new Promise<void>((done) => {
          wake = done;
          setTimeout(done, 100);
        });
      }
    },
    close: stream.close,
  };
}

/** A raw GET, path sent byte for byte (fetch would normalise `..` and `%2e%2e` away). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("ppguide dev", () => {
  let root: string;
  let dev: DevHandle;
  let events: Awaited<ReturnType<typeof openEvents>>;
  const log: string[] = [];
  const reports: RebuildReport[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ppguide-dev-"));
    await cp(FIXTURE, root, { recursive: true });
    // Pages of public/ itself, served as they are (see "finds a page of public/ at its clean URL").
    await mkdir(join(root, "public/guides/maps"), { recursive: true });
    await writeFile(join(root, "public/guides/maps/index.html"), "<!doctype html><title>Maps</title><p>Maps.");
    await writeFile(join(root, "public/guides/print.html"), "<!doctype html><title>Print</title><p>A page to print.");
    dev = await startDev({ root, port: 0, log: (line) => log.push(line), onRebuild: (r) => reports.push(r) });
    events = await openEvents(dev.url);
    await events.next("hello");
  });

  afterAll(async () => {
    events?.close();
    await dev?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(new URL(path, dev.url));
  /** Saves a file and waits for the rebuild it causes. */
  async function save(file: string, text: string): Promise<RebuildReport> {
    const before = reports.length;
    await writeFile(join(root, file), text);
    const deadline = Date.now() + 10_000;
    while (reports.length === before) {
      if (Date.now() > deadline) throw new Error(`no rebuild after saving ${file}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await dev.idle();
    return reports[reports.length - 1]!;
  }

  it("builds the fixture and serves clean URLs with the reload script", async () => {
    expect(dev.initial.ok).toBe(true);
    // As `ppguide build` counts them, the 404 page too (dev once said 53 where build said 54).
    expect(log[0]).toMatch(/built all 6 pages in \d+ ms/);
    for (const path of ["/beach-day", "/beach-day/", "/beach-day/index.html"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const $ = load(await res.text());
      expect($("h1").first().text()).toContain("A Day at the Beach");
      expect($("script[data-ppguide-dev]").attr("data-route")).toBe("/beach-day");
    }
    expect((await get("/")).status).toBe(200);
    // The alias is a 301, as on the hosts that read _redirects.
    for (const path of ["/beach", "/beach/"]) {
      const res = await fetch(new URL(path, dev.url), { redirect: "manual" });
      expect([res.status, res.headers.get("location")], path).toEqual([301, "/beach-day"]);
    }
  });

  it("answers unknown routes with the 404 page", async () => {
    const res = await get("/no-such-page");
    expect(res.status).toBe(404);
    const $ = load(await res.text());
    expect($("title").text()).toContain("Page not found");
    expect($("script[data-ppguide-dev]").attr("data-route")).toBe("/404");
  });

  it("serves assets and public files with their content types", async () => {
    const html = await (await get("/")).text();
    const css = /href="(\/assets\/site\.[0-9a-f]{10}\.css)"/.exec(html)![1]!;
    const cssRes = await get(css);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const svg = await get("/images/hero.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect((await get("/sitemap.xml")).headers.get("content-type")).toMatch(/^application\/xml/);
    // The feed every page links, and the og:image it names, as the build writes them.
    const feed = await get("/feed.xml");
    expect(feed.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    const og = load(await (await get("/beach-day")).text())('meta[property="og:image"]').attr("content")!;
    const image = await get(new URL(og).pathname);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await fetch(new URL("/", dev.url), { method: "POST" })).status).toBe(405);
  });

  // Regression: dev served public/print.html only at /print.html, where a host, the preview and the
  // link check all find it at /print too.
  it("finds a page of public/ at its clean URL, as a host and the link check do", async () => {
    for (const [path, text] of [
      ["/guides/print", "A page to print."],
      ["/guides/print.html", "A page to print."],
      ["/guides/maps", "Maps."],
      ["/guides/maps/", "Maps."],
    ] as const) {
      const res = await get(path);
      expect([res.status, await res.text()], path).toEqual([200, expect.stringContaining(text)]);
    }
    expect((await get("/guides/print/")).status).toBe(404);
  });

  it.each([
    "/../site.yaml",
    "/..%2fsite.yaml",
    "/images/..%2f..%2fsite.yaml",
    "/%2e%2e/site.yaml",
    "/%2e%2e%2fsite.yaml",
    "/images/%2E%2E/%2E%2E/site.yaml",
    "/images/..%5c..%5csite.yaml",
    "/images\\..\\..\\site.yaml",
    "/%5c..%5csite.yaml",
    "//etc/passwd",
    "/%2fetc%2fpasswd",
    "/images/hero.svg%00.html",
    "/..%252fsite.yaml",
    "/site.yaml",
    "/content/travel/beach-day.md",
  ])("refuses to read outside public/: %s", async (path) => {
    const res = await rawGet(dev.port, path);
    expect([403, 404]).toContain(res.status);
    expect(res.body).not.toContain("routes:");
    expect(res.body).not.toContain("root:");
  });

  it("re-renders only the edited Markdown page and sends a reload event", async () => {
    const file = "content/travel/beach-day.md";
    const text = await readFile(join(root, file), "utf8");
    const report = await save(
      file,
      text.replace("Sunscreen, water and a hat.", "Sunscreen, water, a hat and a good book."),
    );
    expect(report.ok).toBe(true);
    expect(report.full).toBe(false);
    expect(report.pages).toEqual(["/beach-day"]);
    const reload = await events.next("reload");
    expect(reload).toMatchObject({ all: false, pages: ["/beach-day"], files: [file] });
    expect(await (await get("/beach-day")).text()).toContain("a good book");
    expect(log.at(-1)).toMatch(/^content\/travel\/beach-day\.md → rebuilt 1 page \(\/beach-day\) in \d+ ms$/);
  });

  it("re-renders only the directory page when its listings change", async () => {
    const file = "content/listings/restaurants.yaml";
    const text = await readFile(join(root, file), "utf8");
    const report = await save(file, text.replace('"Fort View"', '"Fort View Terrace"'));
    expect(report.pages).toEqual(["/restaurants"]);
    expect((await events.next("reload")).pages).toEqual(["/restaurants"]);
    expect(await (await get("/restaurants")).text()).toContain("Fort View Terrace");
  });

  it("re-renders what the build re-renders after a site.yaml edit: a route's own field, its page; what cards show, every page", async () => {
    const text = await readFile(join(root, "site.yaml"), "utf8");
    const own = await save(
      "site.yaml",
      text.replace(
        "related: [/old-town, /cacao-tour, /restaurants]",
        "related: [/cacao-tour, /old-town, /restaurants]",
      ),
    );
    expect(own.ok).toBe(true);
    expect(own.full).toBe(false);
    expect(own.pages).toEqual(["/beach-day"]);
    await events.next("reload");
    // A description is on the route's card, so it is in every page's key (engine/page-keys.ts).
    const shown = await save(
      "site.yaml",
      (await readFile(join(root, "site.yaml"), "utf8")).replace(
        "description: Streets, museums and a fort.",
        "description: Streets, museums, a fort and the Malecón.",
      ),
    );
    expect(shown.ok).toBe(true);
    expect(shown.full).toBe(true);
    expect(await (await get("/")).text()).toContain("the Malecón");
    await events.next("reload");
  });

  it("gives every page its new header and footer when a nav label is renamed, as a build does, rendering none", async () => {
    const text = await readFile(join(root, "site.yaml"), "utf8");
    const renamed = await save("site.yaml", text.replace("  - label: Guides\n", "  - label: Local Guides\n"));
    expect(renamed.ok).toBe(true);
    expect(renamed.pages.length).toBeGreaterThanOrEqual(5);
    expect(renamed.rechromed).toEqual(renamed.pages);
    expect(
      load(await (await get("/beach-day")).text())(".site-nav summary")
        .first()
        .text(),
    ).toBe("Local Guides");
    await events.next("reload");
    const back = await save("site.yaml", text);
    expect(back.rechromed).toEqual(renamed.pages);
    expect(await (await get("/old-town")).text()).not.toContain("Local Guides");
    await events.next("reload");
  });

  it("reports a site.yaml syntax error with file:line:col, keeps serving, and recovers", async () => {
    const good = await readFile(join(root, "site.yaml"), "utf8");
    const broken = good.replace("    title: A Cacao Tour\n", "    title: A Cacao Tour\n   description: [oops\n");
    const report = await save("site.yaml", broken);
    expect(report.ok).toBe(false);
    const problems = await events.next("problems");
    expect(problems.errors.length).toBeGreaterThan(0);
    expect(problems.errors[0]?.where).toMatch(/^site\.yaml:\d+:\d+$/);
    expect(log.some((l) => /^site\.yaml:\d+:\d+ /.test(l))).toBe(true);
    expect(log.at(-1)).toContain("still serving the last good build");

    // The last good pages are still served.
    const page = await get("/beach-day");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("a good book");

    // A browser that connects now sees the problem at once.
    const late = await openEvents(dev.url);
    expect((await late.next("problems")).errors[0]?.where).toMatch(/^site\.yaml:/);
    late.close();

    const fixed = await save("site.yaml", good);
    expect(fixed.ok).toBe(true);
    expect(await events.next("reload")).toBeTruthy();
    expect(dev.site.problems).toEqual([]);
  });

  it("reports a schema error in site.yaml at the value's line and column", async () => {
    const good = await readFile(join(root, "site.yaml"), "utf8");
    const lines = good.split("\n");
    const line = lines.findIndex((l) => l.includes("columns: 3")) + 1;
    const report = await save("site.yaml", good.replace("columns: 3", "columns: 7"));
    expect(report.ok).toBe(false);
    const problems = await events.next("problems");
    expect(problems.errors[0]?.where).toBe(`site.yaml:${line}:14`);
    await save("site.yaml", good);
    await events.next("reload");
  });

  it("reports a front matter error in Markdown and recovers when it is fixed", async () => {
    const file = "content/travel/cacao-tour.md";
    const good = await readFile(join(root, file), "utf8");
    const report = await save(file, good.replace("section: Travel", "section: [Travel"));
    expect(report.ok).toBe(false);
    expect(report.errors[0]?.location?.file).toBe(file);
    expect((await events.next("problems")).errors[0]?.where).toMatch(/^content\/travel\/cacao-tour\.md:\d+:\d+$/);
    // Regression: chokidar passes on one change per file per 50 ms and drops the rest, so a second
    // save right after the first was lost; the watcher now looks again after that window.
    const again = await save(file, good.replace("section: Travel", "section: [Travel").replace("the bar.", "the bar!"));
    expect(again.ok).toBe(false);
    const fixed = await save(file, good);
    expect(fixed.ok).toBe(true);
    // The file is as it was in the last good build, whose page is still served: nothing to render.
    expect(fixed.pages).toEqual([]);
  });

  it("makes a page's share image anew when its source image is edited", async () => {
    const ogOf = async () => load(await (await get("/beach-day")).text())('meta[property="og:image"]').attr("content")!;
    const before = await ogOf();
    const svg = await readFile(join(root, "public/images/hero.svg"), "utf8");
    expect(svg).toMatch(/fill="#[0-9a-fA-F]{3,6}"/);
    const report = await save("public/images/hero.svg", svg.replace(/fill="#[0-9a-fA-F]{3,6}"/, 'fill="#c0ffee"'));
    expect(report.ok).toBe(true);
    const after = await ogOf();
    // Share images are named by their source's content: a new source, a new name.
    expect(after).not.toBe(before);
    const image = await get(new URL(after).pathname);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  });

  it("takes the next free port when the one asked for is taken, and says so", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const taken = (blocker.address() as { port: number }).port;
    const lines: string[] = [];
    const other = await startDev({ root, port: taken, log: (l) => lines.push(l) });
    try {
      expect(other.port).not.toBe(taken);
      expect(lines.some((l) => l.includes(`Port ${taken} is in use`))).toBe(true);
      expect((await fetch(new URL("/cacao-tour", other.url))).status).toBe(200);
    } finally {
      await other.close();
      blocker.close();
    }
  });
});

// The dev server's own redirect, for an alias: its Location percent-encoded as the hosts send it from _redirects
// (a raw `é` in a header is one Latin-1 byte, which a browser reads as another path).
describe("ppguide dev, an alias to a route with accents", () => {
  it("answers the alias with a 301 to the route's URL, percent-encoded, which a client follows to the page", async () => {
    const root = await writeInlineSite(`
-- site.yaml --
aliases:
  - { from: /viejo-café, to: /café-ñandú }
routes:
  - { path: /café-ñandú, kind: article, title: Café Ñandú, content: cafe.md }
-- content/cafe.md --
Coffee by the sea.
`);
    removeWhenDone(root);
    const dev = await startDev({ root, port: 0, log: () => {} });
    try {
      for (const path of ["/viejo-caf%C3%A9", "/viejo-caf%C3%A9/"]) {
        const res = await fetch(new URL(path, dev.url), { redirect: "manual" });
        expect([res.status, res.headers.get("location")], path).toEqual([301, "/caf%C3%A9-%C3%B1and%C3%BA"]);
        const followed = await fetch(new URL(path, dev.url));
        expect(followed.status, path).toBe(200);
        expect(await followed.text(), path).toContain("<h1>Café Ñandú</h1>");
      }
    } finally {
      await dev.close();
    }
  }, 60_000);
});

// A save that writes in place truncates the file, then writes its bytes. Caught between the two,
// the file is empty; chokidar may pass on no event for the bytes (one change per 50 ms, and none
// when the modification time is the truncation's). The queue's second look finds them, and dev is
// not idle until that look is done: whoever waits for idle sees the file as saved, not half-saved.
describe("the watch queue, a file caught half-saved", () => {
  it("is not idle until its second look has rebuilt the file as saved", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-queue-"));
    removeWhenDone(dir);
    const file = join(dir, "site.yaml");
    await writeFile(file, "");
    const built: string[] = [];
    const queue = new WatchQueue({
      debounceMs: 5,
      run: async () => {
        built.push(await readFile(file, "utf8"));
        // The bytes land while the half-saved file is being built; no event tells of them.
        if (built.length === 1) await writeFile(file, "title: Saved\n");
      },
    });
    queue.add(file, "change");
    await queue.idle();
    expect(built).toEqual(["", "title: Saved\n"]);
    queue.stop();
  });
});

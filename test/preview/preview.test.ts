import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import {
  headersFor,
  hostAnswer,
  parseHeaders,
  parseRedirects,
  redirectFor,
  type RuleProblem,
} from "../../src/preview/host-rules.ts";
import { startPreview, type PreviewServer } from "../../src/preview/server.ts";
import { isolatedContext, launchChromium, SKIP_BROWSER_SUITE } from "../helpers/browser.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const bin = fileURLToPath(new URL("../../bin/ppguide", import.meta.url));

describe("_headers and _redirects rules", () => {
  it("applies every matching header rule and joins a repeated header with a comma, as Netlify and Cloudflare Pages do", () => {
    const rules = parseHeaders(
      "# comment\n/assets/*\n  Cache-Control: immutable\n/*\n  X-Frame-Options: DENY\n  cache-control: no-transform\n/blog/:slug\n  X-Slug: yes\n",
    );
    expect(Object.fromEntries(headersFor(rules, "/assets/site.css"))).toEqual({
      "Cache-Control": "immutable, no-transform",
      "X-Frame-Options": "DENY",
    });
    expect(Object.fromEntries(headersFor(rules, "/blog/a"))).toEqual({
      "X-Frame-Options": "DENY",
      "cache-control": "no-transform",
      "X-Slug": "yes",
    });
    expect(headersFor(rules, "/blog/a/b").has("X-Slug")).toBe(false);
  });

  it("matches redirects as Cloudflare Pages does: exact paths first, then splats and placeholders in order; reports lines it cannot read", () => {
    const problems: RuleProblem[] = [];
    const rules = parseRedirects(
      "/news/* /blog/:splat 302\n/old /new 301\n/u/:id /users/:id\nnonsense\n/x /y 418\n/old /other 301\n",
      problems,
    );
    expect(redirectFor(rules, "/old")).toEqual({ to: "/new", status: 301 });
    // Cloudflare needs a rule of its own for /old/ (its HTML handling then strips the slash).
    expect(redirectFor(rules, "/old/")).toBeUndefined();
    expect(redirectFor(rules, "/news/2024/post")).toEqual({ to: "/blog/2024/post", status: 302 });
    expect(redirectFor(rules, "/u/7")).toEqual({ to: "/users/7", status: 302 });
    expect(redirectFor(rules, "/older")).toBeUndefined();
    expect(problems.map((p) => p.line)).toEqual([4, 5, 6]);
  });

  it("reads a file with Netlify's forced or 404 rules as Netlify does: /x/ matches the /x rule", () => {
    const rules = parseRedirects("/old /new 301!\n/404 /404.html 404!\n");
    expect(redirectFor(rules, "/old/")).toEqual({ to: "/new", status: 301 });
    expect(redirectFor(rules, "/404")).toEqual({ to: "/404.html", status: 404 });
  });

  it("answers with Cloudflare's HTML handling: x.html at /x, 308s to the canonical form, the nearest 404.html", async () => {
    const files = new Set(["/index.html", "/x.html", "/dir/index.html", "/404.html", "/dir/404.html", "/style.css"]);
    const exists = async (p: string) => files.has(p);
    const answer = (path: string, search = "") => hostAnswer([], "GET", path, search, exists);
    expect(await answer("/")).toEqual({ status: 200, file: "/index.html" });
    expect(await answer("/x")).toEqual({ status: 200, file: "/x.html" });
    expect(await answer("/x/", "?q=1")).toEqual({ status: 308, location: "/x?q=1", rule: false });
    expect(await answer("/x.html")).toEqual({ status: 308, location: "/x", rule: false });
    expect(await answer("/index.html")).toEqual({ status: 308, location: "/", rule: false });
    expect(await answer("/dir")).toEqual({ status: 308, location: "/dir/", rule: false });
    expect(await answer("/dir/index.html")).toEqual({ status: 308, location: "/dir/", rule: false });
    expect(await answer("/dir/missing")).toEqual({ status: 404, file: "/dir/404.html" });
    expect(await answer("/x/index.html")).toEqual({ status: 404, file: "/404.html" });
    expect(await answer("/style.css")).toEqual({ status: 200, file: "/style.css" });
    expect(await hostAnswer([], "POST", "/x", "", exists)).toEqual({ status: 405 });
  });

  // Regression: for the route /café-ñandú, /caf%C3%A9-%C3%B1and%C3%BA/ and the .html form got a 308 whose Location
  // was the raw path, sent as Latin-1 bytes; Chromium and curl -L both ended on a 403.
  it("sends each 308's Location percent-encoded, segment by segment, as Cloudflare does", async () => {
    const files = new Set(["/café-ñandú.html", "/€/index.html", "/a b/c d.html", "/100%.html"]);
    const answer = (path: string, search = "") => hostAnswer([], "GET", path, search, async (p) => files.has(p));
    const cafe = "/caf%C3%A9-%C3%B1and%C3%BA";
    expect(await answer(cafe)).toEqual({ status: 200, file: "/café-ñandú.html" });
    for (const path of [`${cafe}/`, `${cafe}.html`, "/café-ñandú.html"])
      expect(await answer(path, "?q=%C3%A9"), path).toEqual({ status: 308, location: `${cafe}?q=%C3%A9`, rule: false });
    expect(await answer("/%E2%82%AC")).toEqual({ status: 308, location: "/%E2%82%AC/", rule: false });
    expect(await answer("/%E2%82%AC/index")).toEqual({ status: 308, location: "/%E2%82%AC/", rule: false });
    expect(await answer("/a%20b/c%20d/")).toEqual({ status: 308, location: "/a%20b/c%20d", rule: false });
    expect(await answer("/100%25.html")).toEqual({ status: 308, location: "/100%25", rule: false });
  });
});

describe("ppguide preview", () => {
  let root: string;
  let out: string;
  let preview: PreviewServer;
  const get = (path: string, init: RequestInit = {}) => fetch(preview.url + path, { redirect: "manual", ...init });

  beforeAll(async () => {
    root = await copyFixture("basic-site");
    out = join(root, "dist");
    await build({ root, out });
    preview = await startPreview({ dir: out, port: 0, host: "127.0.0.1" });
  });
  afterAll(() => preview?.close());

  it("serves x.html at /x, with the host's default revalidation and the _headers rules for every path", async () => {
    for (const path of ["/", "/beaches", "/authors/desk"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=0, must-revalidate");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    expect(await (await get("/beaches")).text()).toBe(await readFile(join(out, "beaches.html"), "utf8"));
  });

  it("redirects /x/ and /x.html to /x with Cloudflare's 308, and has no /x/index.html", async () => {
    for (const path of ["/beaches/", "/beaches.html"]) {
      const res = await get(path);
      expect([res.status, res.headers.get("location")], path).toEqual([308, "/beaches"]);
    }
    expect((await get("/beaches/index.html")).status).toBe(404);
  });

  it("caches hashed assets for a year, immutable, and public files for a day", async () => {
    const css = (await readdir(join(out, "assets"))).find((f) => f.endsWith(".css"))!;
    const asset = await get(`/assets/${css}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/favicon.svg")).headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("answers an alias, with and without the slash, with one 301 of _redirects, keeping the query string", async () => {
    for (const path of ["/old-beaches?from=mail", "/old-beaches/?from=mail"]) {
      const res = await get(path);
      expect([res.status, res.headers.get("location")], path).toEqual([301, "/beaches?from=mail"]);
    }
  });

  it("serves 404.html with status 404, at /404 and /404.html too, and never the host's own files", async () => {
    for (const path of ["/no-such-page", "/404", "/404.html", "/_headers", "/_redirects"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe(await readFile(join(out, "404.html"), "utf8"));
    }
  });

  it("never lets a browser cache a 404, even where _headers caches for a year (regression, issue 24)", async () => {
    const res = await get("/assets/site.0000000000.css");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses paths that leave the folder, and methods other than GET and HEAD", async () => {
    // ..%2f survives URL parsing (a literal ../ would be resolved by fetch before it is sent).
    expect((await get("/..%2fsite.yaml")).status).toBe(403);
    expect((await get("/", { method: "POST" })).status).toBe(405);
    const head = await get("/beaches", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
  });

  it("reads the folder on each request, so a rebuild shows at once (the output link switches copies)", async () => {
    await edit(join(root, "site.yaml"), "title: The Best Beaches\n", "title: The Best Beaches, Rebuilt\n");
    await build({ root, out });
    expect(await (await get("/beaches")).text()).toContain("<h1>The Best Beaches, Rebuilt</h1>");
  });
});

describe("ppguide preview, a route with accents", () => {
  const CAFE = "/caf%C3%A9-%C3%B1and%C3%BA";
  let preview: PreviewServer;
  beforeAll(async () => {
    const root = await writeInlineSite(`
-- site.yaml --
routes:
  - { path: /café-ñandú, kind: article, title: Café Ñandú, content: cafe.md }
-- content/cafe.md --
Coffee by the sea.
`);
    removeWhenDone(root);
    await build({ root, out: join(root, "dist") });
    preview = await startPreview({ dir: join(root, "dist"), port: 0, host: "127.0.0.1" });
  }, 60_000);
  afterAll(() => preview?.close());

  it("redirects /café-ñandú/ and the .html form to the page's URL, percent-encoded, and a client following it lands on the page", async () => {
    for (const path of [`${CAFE}/`, `${CAFE}.html`]) {
      const res = await fetch(preview.url + path, { redirect: "manual" });
      expect([res.status, res.headers.get("location")], path).toEqual([308, CAFE]);
      const followed = await fetch(preview.url + path);
      expect([followed.status, new URL(followed.url).pathname], path).toEqual([200, CAFE]);
      expect(await followed.text(), path).toContain("<h1>Café Ñandú</h1>");
    }
  });

  it.skipIf(SKIP_BROWSER_SUITE)(
    "Chromium follows the 308 to the page",
    async () => {
      const browser = await launchChromium();
      try {
        const page = await (await isolatedContext(browser, preview.url)).newPage();
        for (const path of [`${CAFE}/`, `${CAFE}.html`, "/café-ñandú/"]) {
          const response = await page.goto(preview.url + path);
          expect([response?.status(), new URL(page.url()).pathname], path).toEqual([200, CAFE]);
          expect(await page.locator("h1").textContent(), path).toBe("Café Ñandú");
        }
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});

describe("the preview command", () => {
  it("serves a built folder on the port it prints, and says what to do when there is no build", async () => {
    const root = await copyFixture("basic-site");
    await build({ root });
    const child = spawn(process.execPath, [bin, "preview", "--root", root, "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk;
          const match = /at (http:\/\/\S+?)\/ /.exec(text);
          if (match) resolve(match[1]!);
        });
        child.on("exit", (code) => reject(new Error(`preview exited with ${code}: ${text}`)));
      });
      expect((await fetch(`${url}/beaches`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    const empty = await copyFixture("basic-site");
    const missing = spawn(process.execPath, [bin, "preview", "--root", empty, "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    missing.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => missing.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("holds no built site (no index.html). Run npx ppguide build --root");
  }, 30_000);
});

/**
 * Builds the real site once into a temp folder and serves it on 127.0.0.1, as a static host
 * would: clean URLs (/sosua-resorts → sosua-resorts/index.html) and 404.html for the rest.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { lookup } from "mime-types";
import { build } from "../../src/core/build.ts";
import type { RenderedPage } from "../../src/render/render.tsx";

export const SITE_ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

export interface BuiltSite {
  dir: string;
  /** Every page, with the HTML as written to disk. */
  pages: RenderedPage[];
  cleanup(): Promise<void>;
}

/** Builds the project's site into a temp folder, as `ppguide build` does, and reads its pages back. */
export async function buildSite(): Promise<BuiltSite> {
  const tmp = await mkdtemp(join(tmpdir(), "ppguide-e2e-"));
  const out = join(tmp, "out");
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    const result = await build({ root: SITE_ROOT, out });
    const pages = await Promise.all(result.pages.map(async (p) => ({ ...p, html: await readFile(join(out, p.file), "utf8") })));
    return { dir: out, pages, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** A tiny static host: clean URLs, /dir/ → dir/index.html, 404.html with status 404. */
export async function serve(dir: string): Promise<StaticServer> {
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, "");
    const candidates = safe.endsWith("/") ? [join(safe, "index.html")] : [safe, `${safe}.html`, join(safe, "index.html")];
    for (const c of candidates) {
      const file = join(dir, c);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        res.writeHead(200, { "content-type": lookup(file) || "application/octet-stream" });
        res.end(await readFile(file));
        return;
      }
    }
    res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
    res.end(await readFile(join(dir, "404.html")).catch(() => "Not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

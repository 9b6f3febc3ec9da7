/**
 * Builds the real site once into a temp folder and serves it on 127.0.0.1, as a static host
 * would: clean URLs (/sosua-resorts → sosua-resorts/index.html) and 404.html for the rest.
 */
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { build } from "../../src/core/build.ts";
import { errorsOf, isUserError, type PpgError } from "../../src/core/errors.ts";
import type { RenderedPage } from "../../src/render/render.tsx";

export const SITE_ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

export interface BuiltSite {
  dir: string;
  pages: RenderedPage[];
  /** Images that public/ does not have yet and that this run drew as placeholders. */
  placeholders: string[];
  cleanup(): Promise<void>;
}

/** Files the layout links on every page; placeholders too while public/ is being filled. */
const LAYOUT_FILES = ["/favicon.svg", "/apple-touch-icon.png", "/site.webmanifest"];

/**
 * Builds /work/main into a temp folder. While the illustrator is still drawing images into
 * public/, a build fails on AssetMissing: then the site is copied to a temp root and the missing
 * images are drawn as plain placeholder SVGs, so the browser suite can still run; the test log
 * says so.
 */
export async function buildSite(): Promise<BuiltSite> {
  const tmp = await mkdtemp(join(tmpdir(), "ppguide-e2e-"));
  const out = join(tmp, "out");
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    const missingLayout = await missingFiles(SITE_ROOT, LAYOUT_FILES);
    if (missingLayout.length === 0) {
      try {
        const result = await build({ root: SITE_ROOT, out, log: () => {} });
        return { dir: out, pages: result.pages, placeholders: [], cleanup };
      } catch (err) {
        if (!isUserError(err) || missingImages(errorsOf(err)) === undefined) throw err;
      }
    }
    const root = join(tmp, "site");
    await mkdir(root);
    for (const entry of ["site.yaml", "content", "public"]) {
      await cp(join(SITE_ROOT, entry), join(root, entry), { recursive: true }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      });
    }
    const placeholders: string[] = [...missingLayout];
    for (const f of missingLayout) await drawPlaceholder(root, f);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const result = await build({ root, out, log: () => {} });
        return { dir: out, pages: result.pages, placeholders, cleanup };
      } catch (err) {
        if (!isUserError(err)) throw err;
        const missing = missingImages(errorsOf(err));
        if (!missing) throw err;
        for (const src of missing) {
          placeholders.push(src);
          await drawPlaceholder(root, src);
        }
      }
    }
    throw new Error("the site still fails to build after drawing placeholder images");
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** The images a failed build misses, or undefined when it failed for any other reason. */
function missingImages(errors: PpgError[]): string[] | undefined {
  const found: string[] = [];
  for (const e of errors) {
    if (e.code === "AssetMissing") {
      const src = /image '([^']+)'/.exec(e.message)?.[1];
      if (!src) return undefined;
      found.push(src);
    } else if (e.code === "BrokenLink") {
      // The link checker's report: one `file:line:col  /path  missing asset` line per problem.
      const lines = e.message.split("\n").slice(1).filter((l) => /\S+:\d+:\d+\s/.test(l));
      for (const line of lines) {
        const m = /^\S+\s+(\/\S+\.(?:svg|png|jpe?g|webp|avif))\s+missing asset$/.exec(line.trim());
        if (!m) return undefined;
        found.push(m[1]);
      }
    } else return undefined;
  }
  return found.length ? [...new Set(found)] : undefined;
}

async function missingFiles(root: string, files: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of files) {
    if (!(await stat(join(root, "public", f)).catch(() => null))) out.push(f);
  }
  return out;
}

async function drawPlaceholder(root: string, src: string): Promise<void> {
  const file = join(root, "public", decodeURI(src));
  await mkdir(dirname(file), { recursive: true });
  const ext = extname(file);
  if (ext === ".webmanifest") {
    await writeFile(file, JSON.stringify({ name: "Puerto Plata Guide", icons: [] }));
  } else if (ext === ".png") {
    // A 1×1 transparent PNG.
    await writeFile(file, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
  } else {
    await writeFile(file, `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#cfe3e6"/></svg>`);
  }
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

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
        res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
        res.end(await readFile(file));
        return;
      }
    }
    res.writeHead(404, { "content-type": TYPES[".html"] });
    res.end(await readFile(join(dir, "404.html")).catch(() => "Not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

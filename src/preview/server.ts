/**
 * `ppguide preview`: serves a built output folder as Netlify or Cloudflare Pages would. Redirects
 * from `_redirects` first, then files with clean URLs (/x → x/index.html or x.html), the rules of
 * `_headers` on every response, and 404.html with status 404 for the rest. It reads the folder
 * (and the two rule files) as they are on each request and never rebuilds: `ppguide dev` is for editing.
 */
import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { join, resolve, sep } from "node:path";
import { HOST_DEFAULT_CACHE } from "../output/host-headers.ts";
import { contentType, listenOnFreePort, safePath, type ListenOptions } from "../dev/server.ts";
import { headersFor, parseHeaders, parseRedirects, redirectFor, type HeaderRule, type RedirectRule, type RuleProblem } from "./host-rules.ts";

/** Files a host reads as configuration and never serves. */
const HOST_FILES = new Set(["/_headers", "/_redirects"]);

export interface PreviewServer {
  url: string;
  port: number;
  /** Lines of `_headers` or `_redirects` the host would not understand. */
  problems: RuleProblem[];
  close(): Promise<void>;
}

export async function startPreview(opts: { dir: string } & ListenOptions): Promise<PreviewServer> {
  const dir = resolve(opts.dir);
  const problems: RuleProblem[] = [];
  // Read once to report their problems at start; each request reads them again (see below).
  await hostRules(await realpath(dir), problems);
  const server: Server = createServer((req, res) => {
    handle(dir, req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`ppguide preview: ${(err as Error).message}\n`);
    });
  });
  const port = await listenOnFreePort(server, opts);
  const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}`,
    port,
    problems,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

async function hostRules(dir: string, problems: RuleProblem[] = []): Promise<{ headers: HeaderRule[]; redirects: RedirectRule[] }> {
  const read = (name: string) => readFile(join(dir, name), "utf8").catch(() => "");
  const [headers, redirects] = await Promise.all([read("_headers"), read("_redirects")]);
  return { headers: parseHeaders(headers, problems), redirects: parseRedirects(redirects, problems) };
}

async function handle(outDir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The output folder is a link that each build switches to a new copy (src/output/write.ts):
  // followed on every request, so a rebuild shows without restarting the preview.
  const dir = await realpath(outDir);
  const { headers: headerRules, redirects: redirectRules } = await hostRules(dir);
  const respond = (status: number, path: string, extra: OutgoingHttpHeaders, body?: string | { file: string; size: number }) => {
    const headers: OutgoingHttpHeaders = { ...extra };
    for (const [name, value] of headersFor(headerRules, path)) headers[name] = value;
    if (!Object.keys(headers).some((k) => k.toLowerCase() === "cache-control")) headers["Cache-Control"] = HOST_DEFAULT_CACHE;
    if (typeof body === "string") headers["Content-Length"] = Buffer.byteLength(body);
    else if (body) headers["Content-Length"] = body.size;
    res.writeHead(status, headers);
    if (req.method === "HEAD" || body === undefined) return void res.end();
    if (typeof body === "string") return void res.end(body);
    createReadStream(body.file).pipe(res);
  };

  if (req.method !== "GET" && req.method !== "HEAD") return respond(405, "/", { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }, "Only GET and HEAD.\n");
  const url = new URL(req.url ?? "/", "http://preview");
  const path = safePath(url.pathname);
  if (path === undefined) return respond(403, "/", { "Content-Type": "text/plain; charset=utf-8" }, "Forbidden.\n");

  const redirect = redirectFor(redirectRules, path);
  if (redirect) {
    // The query string travels with the redirect, as both hosts do.
    const location = redirect.location + (url.search && !redirect.location.includes("?") ? url.search : "");
    return respond(redirect.status, path, { Location: location, "Content-Type": "text/plain; charset=utf-8" }, `Redirecting to ${location}\n`);
  }

  const file = HOST_FILES.has(path) ? undefined : await findFile(dir, path);
  if (file) return respond(200, path, { "Content-Type": contentType(file.file) }, file);

  const notFound = await findFile(dir, "/404.html");
  if (notFound) return respond(404, path, { "Content-Type": "text/html; charset=utf-8" }, notFound);
  return respond(404, path, { "Content-Type": "text/plain; charset=utf-8" }, "Not found.\n");
}

/** Clean URLs: /x is x, x.html or x/index.html; /x/ is x/index.html. Never a file outside `dir`. */
async function findFile(dir: string, path: string): Promise<{ file: string; size: number } | undefined> {
  const candidates = path.endsWith("/") ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = resolve(dir, `.${candidate}`);
    try {
      const info = await stat(file);
      if (!info.isFile()) continue;
      // A symlink in the output must not lead outside it.
      const real = await realpath(file);
      if (real !== dir && !real.startsWith(dir + sep)) continue;
      return { file, size: info.size };
    } catch {
      // Not this candidate.
    }
  }
  return undefined;
}

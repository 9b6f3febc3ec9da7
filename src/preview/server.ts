/**
 * `ppguide preview`: serves a built output folder as Cloudflare Pages does (host-rules.ts): the
 * redirects of `_redirects` first, then its clean URLs (/x → x.html, 308s to the canonical form),
 * the rules of `_headers` on every response, and the nearest 404.html with status 404 for the
 * rest. It reads the folder (and the two rule files) as they are on each request and never
 * rebuilds: `ppguide dev` is for editing.
 */
import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { join, resolve, sep } from "node:path";
import { HOST_DEFAULT_CACHE } from "../output/host-headers.ts";
import { listenOnFreePort, type ListenOptions } from "../serve/listen.ts";
import { safePath } from "../serve/request-path.ts";
import {
  headersFor,
  hostAnswer,
  hostContentType,
  parseHeaders,
  parseRedirects,
  type HeaderRule,
  type RedirectRule,
  type RuleProblem,
} from "./host-rules.ts";

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

async function hostRules(
  dir: string,
  problems: RuleProblem[] = [],
): Promise<{ headers: HeaderRule[]; redirects: RedirectRule[] }> {
  const read = (name: string) => readFile(join(dir, name), "utf8").catch(() => "");
  const [headers, redirects] = await Promise.all([read("_headers"), read("_redirects")]);
  return { headers: parseHeaders(headers, problems), redirects: parseRedirects(redirects, problems) };
}

async function handle(outDir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The output folder is a link that each build switches to a new copy (src/output/write.ts):
  // followed on every request, so a rebuild shows without restarting the preview.
  const dir = await realpath(outDir);
  const { headers: headerRules, redirects: redirectRules } = await hostRules(dir);
  const url = new URL(req.url ?? "/", "http://preview");
  const respond = (status: number, extra: OutgoingHttpHeaders, body?: string | { file: string; size: number }) => {
    // The host's own headers on every answer, then the _headers rules: the first rule to set a
    // header replaces the host's value. A 404 is never cached, whatever the rules say.
    const headers = new Headers({
      "Access-Control-Allow-Origin": "*",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    for (const [name, value] of Object.entries(extra)) headers.set(name, String(value));
    if (headers.has("content-type")) headers.set("X-Content-Type-Options", "nosniff");
    for (const [name, value] of headersFor(headerRules, url.pathname)) headers.set(name, value);
    if (status === 404) headers.set("Cache-Control", "no-store");
    if (typeof body === "string") headers.set("Content-Length", String(Buffer.byteLength(body)));
    else if (body) headers.set("Content-Length", String(body.size));
    res.writeHead(status, Object.fromEntries(headers));
    if (req.method === "HEAD" || body === undefined) return void res.end();
    if (typeof body === "string") return void res.end(body);
    createReadStream(body.file).pipe(res);
  };

  if (safePath(url.pathname) === undefined)
    return respond(403, { "Content-Type": "text/plain; charset=utf-8" }, "Forbidden.\n");
  const answer = await hostAnswer(
    redirectRules,
    req.method ?? "GET",
    url.pathname,
    url.search,
    async (path) => (await findFile(dir, path)) !== undefined,
  );
  if ("location" in answer) {
    // Cloudflare's own 308s (clean URLs) carry no body; a _redirects rule says where it goes.
    if (!answer.rule) return respond(answer.status, { Location: answer.location });
    return respond(
      answer.status,
      { Location: answer.location, "Content-Type": "text/plain;charset=UTF-8" },
      `Redirecting to ${answer.location}`,
    );
  }
  if (answer.status === 405)
    return respond(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }, "Only GET and HEAD.\n");
  const file = "file" in answer ? await findFile(dir, answer.file) : undefined;
  if (!file) return respond(404, { "Content-Type": "text/plain; charset=utf-8" }, "Not found.\n");
  return respond(
    answer.status,
    {
      "Content-Type": hostContentType(file.file),
      ...(answer.status === 200 ? { "Cache-Control": HOST_DEFAULT_CACHE } : {}),
    },
    file,
  );
}

/** The file at a decoded URL path, if it is one: never a folder, nor a file outside `dir`. */
async function findFile(dir: string, path: string): Promise<{ file: string; size: number } | undefined> {
  const file = resolve(dir, `.${path}`);
  if (file !== dir && !file.startsWith(dir + sep)) return undefined;
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    // A symlink in the output must not lead outside it.
    const real = await realpath(file);
    if (real !== dir && !real.startsWith(dir + sep)) return undefined;
    return { file, size: info.size };
  } catch {
    return undefined;
  }
}

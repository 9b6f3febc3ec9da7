import { fileUrl, NOT_FOUND_PAGE } from "../core/output-names.ts";
import { escapeUTF8 } from "entities";
import { randomUUID } from "node:crypto";
import { closeSync, createReadStream } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import { INDEX_DIR } from "../output/search-index.ts";
import { describe, isPpgError, type PpgError } from "../core/errors.ts";
import { isInside, openSiteFile } from "../core/site-folder.ts";
import { servedFiles } from "../links/resolve.ts";
import { listenOnFreePort, type ListenOptions } from "../serve/listen.ts";
import { contentType, safePath } from "../serve/request-path.ts";
import { EVENTS_PATH, injectReload, SERVICE_WORKER_PATH, UNREGISTERING_WORKER } from "./client.ts";
import type { DevSite } from "./dev-site.ts";
import { DEV_PREVIEW, type Preview } from "./preview.ts";

/** A problem as the overlay shows it. */
export interface ProblemEvent {
  code: string;
  where?: string;
  path?: string;
  message: string;
  hint?: string;
}

/**
 * Serves the site from memory: pages, bundled assets and the search index of the last good build, everything else
 * from public/ on disk (so dev never writes an output folder), and an event stream that tells
 * browsers to reload. Only GET and HEAD; only files inside public/.
 */
export class DevServer {
  readonly id = randomUUID();
  private readonly server: Server;
  private readonly clients = new Set<ServerResponse>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly site: DevSite,
    private readonly preview: Preview = DEV_PREVIEW,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`ppguide dev: ${(err as Error).message}\n`);
      });
    });
  }

  /** Listens on `port`, or the next free one; returns the port it got. */
  async listen(opts: ListenOptions): Promise<number> {
    const port = await listenOnFreePort(this.server, opts);
    this.heartbeat = setInterval(() => this.comment("ping"), 15_000).unref();
    return port;
  }

  /** Sends one server-sent event to every connected browser. */
  broadcast(event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.clients) res.write(frame);
  }

  get connections(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
    await new Promise<void>((done) => {
      this.server.close(() => done());
      this.server.closeAllConnections();
    });
  }

  private comment(text: string): void {
    for (const res of this.clients) res.write(`: ${text}\n\n`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return send(req, res, 405, "text/plain; charset=utf-8", "Only GET and HEAD.\n", { Allow: "GET, HEAD" });
    }
    const raw = (req.url ?? "/").replace(/[?#].*$/s, "");
    if (raw === EVENTS_PATH) return this.events(req, res);
    // Whatever site.yaml says, dev answers the worker's URL with one that removes itself.
    if (raw === SERVICE_WORKER_PATH) return send(req, res, 200, "text/javascript; charset=utf-8", UNREGISTERING_WORKER);
    const path = safePath(raw);
    if (path === undefined) return send(req, res, 403, "text/plain; charset=utf-8", "Forbidden.\n");

    if (path.startsWith(`/${INDEX_DIR}/`)) {
      const file = (await this.site.searchFiles()).get(path.slice(1));
      if (file) return send(req, res, 200, contentType(path), file);
    }

    const page = this.page(path);
    if (page) {
      const status = page.route === NOT_FOUND_PAGE.route ? 404 : 200;
      return this.html(req, res, status, page.route, page.html, this.site.problemsOf(page.route));
    }

    const manifest = this.site.site?.manifest;
    // An alias is a 301 on the hosts that read _redirects, and no page is written for it there.
    const alias = manifest?.aliases?.find((a) => a.from === path.replace(/(.)\/$/, "$1"));
    // Its target percent-encoded, as _redirects holds it (manifest/host-limits.ts): a header carries no `é`.
    if (alias)
      return send(req, res, 301, "text/plain; charset=utf-8", `Redirecting to ${alias.to}\n`, {
        Location: encodeURI(alias.to),
      });
    // What a build writes besides the pages, from the same list (output/generated-files.ts).
    const generated = await this.site.generatedFile(path);
    if (generated !== undefined) return send(req, res, 200, contentType(path), generated);

    const file = this.publicFile(path);
    if (file === "forbidden") return send(req, res, 403, "text/plain; charset=utf-8", "Forbidden.\n");
    if (file) {
      res.writeHead(200, {
        "Content-Type": contentType(file.path),
        "Content-Length": file.size,
        "Cache-Control": "no-store",
      });
      if (req.method === "HEAD") return void closeSync(file.fd);
      // The file the guard opened, not its name again: what is sent is what was judged.
      createReadStream("", { fd: file.fd, autoClose: true }).pipe(res);
      return;
    }

    const notFound = this.site.pages.get(NOT_FOUND_PAGE.route);
    if (notFound) return this.html(req, res, 404, NOT_FOUND_PAGE.route, notFound.html);
    return this.html(
      req,
      res,
      this.site.problems.length ? 500 : 404,
      NOT_FOUND_PAGE.route,
      noBuildPage(this.site.problems),
    );
  }

  /**
   * Clean URLs: /x, /x/, /x/index.html and /x.html all name the page of route /x; a page not
   * published yet is served at its route too, with its banner, when the preview says so.
   */
  private page(path: string) {
    const key = fileUrl(path.slice(1)).replace(/(.)\/+$/, "$1");
    return this.site.pages.get(key) ?? (this.preview.unpublished ? this.site.unpublished.get(key) : undefined);
  }

  /**
   * A file of public/, found as a host finds it and the link check resolves it (links/resolve.ts:
   * /x is x, x.html or x/index.html), opened through the site's one door (core/site-folder.ts), as
   * the build would copy it: "forbidden" when it leads out of the site, to a hidden file or into
   * an output.
   */
  private publicFile(path: string): { path: string; fd: number; size: number } | "forbidden" | undefined {
    const rel = path.slice(1);
    // safePath let no `..` through; public/ is the only folder served, whatever is inside the site.
    if (!isInside(join(this.site.root, "public", rel), join(this.site.root, "public"))) return "forbidden";
    for (const candidate of servedFiles(rel).map((file) => `public/${file}`)) {
      try {
        const { fd, info } = openSiteFile(this.site.root, candidate);
        return { path: candidate, fd, size: info.size };
      } catch (err) {
        const missing = ["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "");
        if (missing || (isPpgError(err) && err.code === "SourceIsFolder")) continue;
        if (!isPpgError(err)) return undefined;
        return "forbidden";
      }
    }
    return undefined;
  }

  /** A page, with the reload script; a page with problems of its own shows them over it at once. */
  private html(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    route: string,
    html: string,
    problems: PpgError[] = [],
  ): void {
    const sent = this.preview.reloadScript ? injectReload(html, route, problemEvents(problems)) : html;
    send(req, res, status, "text/html; charset=utf-8", sent);
  }

  private events(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify({ server: this.id })}\n\n`);
    if (this.site.problems.length)
      res.write(`event: problems\ndata: ${JSON.stringify({ errors: problemEvents(this.site.problems) })}\n\n`);
    this.clients.add(res);
    req.on("close", () => this.clients.delete(res));
  }
}

export function problemEvents(errors: PpgError[]): ProblemEvent[] {
  return errors.map((e) => ({
    code: e.code,
    where: e.location ? `${e.location.file}:${e.location.line}:${e.location.column}` : undefined,
    path: e.path,
    message: e.message,
    hint: e.hint,
  }));
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  res.writeHead(status, {
    "Content-Type": type,
    "Content-Length": bytes.byteLength,
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * What a browser sees before the first build has succeeded: the problems, and a page that reloads once they are fixed.
 */
function noBuildPage(problems: PpgError[]): string {
  const items = problems.map((e) => `<li><code>${escapeUTF8(describe(e))}</code></li>`).join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ppguide dev: the site ` +
    `does not build yet</title></head><body><h1>The site does not build yet</h1><ul>${items}</ul><p>Fix ` +
    `the files above and save; this page reloads by itself.</p></body></html>`
  );
}

/**
 * --external against a server on 127.0.0.1 answering 200, 301 (to a 200), 404 and a hang. The
 * server counts requests, so "each URL fetched once per run" and "one retry" are asserted, and it
 * closes itself (hanging sockets included) after the test.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLinks } from "../../src/links/index.ts";

const hits = new Map<string, number>();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const path = req.url ?? "/";
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path === "/ok" || path === "/target") res.writeHead(200).end("ok");
  else if (path === "/moved") res.writeHead(301, { location: "/target" }).end();
  else if (path === "/hang")
    return; // never answers: the checker's timeout must end it
  else res.writeHead(404).end("not found");
});
let origin = "";
let dir = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), "ppguide-links-external-"));
  writeFileSync(
    join(dir, "index.html"),
    [
      `<a href="${origin}/ok">ok</a>`,
      `<a href="${origin}/moved">moved</a>`,
      `<a href="${origin}/missing">missing</a>`,
      `<a href="${origin}/hang">hang</a>`,
      `<a href="${origin}/ok#section">same URL, other fragment</a>`,
      `<a href="mailto:x@example.com">mail</a>`,
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "other.html"),
    `<a href="${origin}/ok">ok again</a>\n<a href="${origin}/missing">missing again</a>`,
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("external links", () => {
  it("are skipped by default", async () => {
    const report = await checkLinks({ dir });
    expect(report.problems).toEqual([]);
    expect(report.references).toBe(0);
    expect(hits.size).toBe(0);
  });

  it("are checked with --external: 404 and the hang reported, redirects followed, each URL fetched once", async () => {
    const started = Date.now();
    const report = await checkLinks({ dir, external: true, timeoutMs: 500, concurrency: 2 });
    expect(report.problems).toEqual([
      { file: "index.html", line: 3, col: 10, href: `${origin}/missing`, reason: "external: 404" },
      { file: "index.html", line: 4, col: 10, href: `${origin}/hang`, reason: "external: timeout" },
      { file: "other.html", line: 2, col: 10, href: `${origin}/missing`, reason: "external: 404" },
    ]);
    expect(report.references).toBe(7);
    expect(Object.fromEntries(hits)).toEqual({
      "/ok": 1, // linked three times (once with a fragment), fetched once
      "/moved": 1,
      "/target": 1, // the redirect was followed
      "/missing": 1, // a 404 is an answer, not worth a retry
      "/hang": 2, // timed out, retried once
    });
    // Two timeouts of 500 ms, not an open-ended wait.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

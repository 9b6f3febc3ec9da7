/**
 * Servers listen where they are asked, or say what to pass: every failure to listen is a usage
 * error (ListenFailed, exit 2) and an empty --host is refused. Regression (issue 35):
 * `preview --host 8.8.8.8` and `dev --host no-such-host.invalid` exited 70 (EADDRNOTAVAIL,
 * ENOTFOUND), and `--host ''` listened on every interface.
 */
import { createServer, type Server } from "node:http";
import { describe, expect, it } from "vitest";
import { errorsOf, exitCodeOf, isUserError } from "../../src/core/errors.ts";
import { listenOnFreePort } from "../../src/serve/listen.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { runCli } from "../helpers/outcome.ts";

async function listenFailure(host: string, port: number, attempts?: number): Promise<string> {
  const server = createServer();
  try {
    await listenOnFreePort(server, { host, port, attempts });
  } catch (err) {
    if (!isUserError(err)) throw err;
    expect(exitCodeOf(err)).toBe(2);
    return errorsOf(err)
      .map((e) => `${e.code}  ${e.format()}`)
      .join("\n");
  } finally {
    server.close();
  }
  throw new Error(`listened on ${host}:${port}`);
}

describe("where a server listens", () => {
  it("an address this machine does not have is ListenFailed, exit 2, saying what to pass", async () => {
    expect(await listenFailure("192.0.2.1", 0)).toMatch(
      /^ListenFailed {2}cannot listen on 192\.0\.2\.1:0 \(EADDRNOTAVAIL\)\. 192\.0\.2\.1 is not an address of this machine: pass --host 127\.0\.0\.1/,
    );
  });

  it("a name that does not resolve is ListenFailed, exit 2", async () => {
    expect(await listenFailure("no-such-host.invalid", 0)).toMatch(
      /^ListenFailed {2}cannot listen on no-such-host\.invalid:0 \(ENOTFOUND|EAI_AGAIN\)\. no-such-host\.invalid is not a name this machine can resolve/,
    );
  });

  it("ports all taken is ListenFailed, exit 2, after trying the next ones", async () => {
    const taken: Server[] = [];
    try {
      const first = createServer();
      const port = await listenOnFreePort(first, { host: "127.0.0.1", port: 0 });
      taken.push(first);
      expect(await listenFailure("127.0.0.1", port, 1)).toMatch(
        new RegExp(
          `^ListenFailed {2}cannot listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\)\\. Those ports are taken: pass another --port, or 0 for any free one\\.`,
        ),
      );
    } finally {
      for (const s of taken) s.close();
    }
  });

  it.each([
    [
      "preview --host ''",
      ["preview", "--host", ""],
      /--host '' names no address\. Pass --host 127\.0\.0\.1.*\[HostEmpty\]/,
    ],
    [
      "preview --host 192.0.2.1",
      ["preview", "--out", "built", "--host", "192.0.2.1", "--port", "0"],
      /cannot listen on 192\.0\.2\.1:0 \(EADDRNOTAVAIL\).*\[ListenFailed\]/,
    ],
    [
      "dev --host no-such-host.invalid",
      ["dev", "--host", "no-such-host.invalid", "--port", "0"],
      /cannot listen on no-such-host\.invalid:0 \((ENOTFOUND|EAI_AGAIN)\).*\[ListenFailed\]/,
    ],
    ["dev --host ' '", ["dev", "--host", " "], /--host ' ' names no address.*\[HostEmpty\]/],
  ])(
    "the CLI: %s exits 2 with what to pass, never 70",
    async (_what, args, expected) => {
      const root = await writeInlineSite("-- site.yaml --\n-- built/index.html --\n<!doctype html><title>A</title>\n");
      const { code, stderr } = await runCli(args, root);
      expect(stderr).toMatch(expected);
      expect(stderr).not.toMatch(/crashed|bug in ppguide/);
      expect(code).toBe(2);
    },
    60_000,
  );
});

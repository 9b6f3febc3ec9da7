/**
 * dev and preview answer only their own names (issue 27): a page on another site could point a
 * name at 127.0.0.1 (DNS rebinding) and read the local server, as Vite's CVE-2025-24010 showed.
 */
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostAllowed } from "../../src/serve/allowed-hosts.ts";
import { startDev } from "../../src/dev/index.ts";
import { startPreview } from "../../src/preview/server.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt } from "../helpers/outcome.ts";

/** GET / on 127.0.0.1:`port` with this Host header; the status. */
function statusFor(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

const ANSWERED = (port: number) => [
  `localhost:${port}`,
  `127.0.0.1:${port}`,
  `[::1]:${port}`,
  "LOCALHOST",
  `my.test:${port}`,
  `a.dev.test:${port}`,
];
const REFUSED = (port: number) => [
  `evil.example:${port}`,
  "evil.example",
  `127.0.0.1.evil.example:${port}`,
  `localhost.evil.example`,
  `dev.test.evil:${port}`,
  `other.test:${port}`,
  // The whole name is compared, not its bracketed part.
  `[::1].evil.example:${port}`,
  "[::1].evil.example",
  `[::1]x:${port}`,
];

describe("the Host header", () => {
  it("dev answers localhost, 127.0.0.1, [::1] and --allowed-host names, 403 to the rest", async () => {
    const root = await copyFixture("basic-site");
    const dev = await startDev({ root, port: 0, log: () => {}, allowedHosts: ["my.test", ".dev.test"] });
    try {
      for (const host of ANSWERED(dev.port)) expect(await statusFor(dev.port, host), host).toBe(200);
      for (const host of REFUSED(dev.port)) expect(await statusFor(dev.port, host), host).toBe(403);
    } finally {
      await dev.close();
    }
  });

  it("preview does the same", async () => {
    const root = await copyFixture("basic-site");
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    const preview = await startPreview({
      dir: join(root, "dist"),
      host: "127.0.0.1",
      port: 0,
      allowedHosts: ["my.test", ".dev.test"],
    });
    try {
      for (const host of ANSWERED(preview.port)) expect(await statusFor(preview.port, host), host).toBe(200);
      for (const host of REFUSED(preview.port)) expect(await statusFor(preview.port, host), host).toBe(403);
    } finally {
      await preview.close();
    }
  });

  it("the --host given is one of the names", () => {
    expect(hostAllowed("guide.lan:4321", "guide.lan")).toBe(true);
    expect(hostAllowed("guide.lan:4321", "127.0.0.1")).toBe(false);
    expect(hostAllowed(undefined, "127.0.0.1")).toBe(false);
  });

  // Regression: the bracketed part alone was compared, so [::1].evil.example passed as ::1.
  it("a name that only starts like an allowed one is refused", () => {
    for (const host of ["[::1].evil.example", "[::1].evil.example:4321", "[::1]evil", "[::1", "::1]", "[evil]"])
      expect(hostAllowed(host, "127.0.0.1"), host).toBe(false);
    expect(hostAllowed("[::1]:4321", "127.0.0.1")).toBe(true);
    expect(hostAllowed("[::1]", "127.0.0.1")).toBe(true);
  });
});

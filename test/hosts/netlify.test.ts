/**
 * What Netlify reads in the output, by Netlify's own parsers (@netlify/redirect-parser and
 * @netlify/headers-parser, installed in test/hosts). Regression test for issue 24: the alias 301s
 * never fired on Netlify, because the rules were not forced and a stub page shadowed each one.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";
import { requireTool } from "./tools.ts";

// Computed specifiers: the parsers are test/hosts' own dependencies, absent from the main install.
const redirectParser = "@netlify/redirect-parser";
const headersParser = "@netlify/headers-parser";

interface NetlifyRedirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

async function builtFor(host: "netlify" | "cloudflare-pages" | "github-pages"): Promise<string> {
  const root = await copyFixture("basic-site");
  await edit(join(root, "site.yaml"), "  disclosure:", `  build: { host: ${host} }\n  disclosure:`);
  const out = join(root, "dist");
  await build({ root, out });
  return out;
}

async function netlifyRedirects(out: string): Promise<{ redirects: NetlifyRedirect[]; errors: unknown[] }> {
  const { parseAllRedirects } = await import(redirectParser);
  return parseAllRedirects({ redirectsFiles: [join(out, "_redirects")], configRedirects: [], minimal: true });
}

describe.runIf(requireTool("netlify"))("Netlify's parsers on the output", () => {
  let netlify: string;
  let cloudflare: string;
  let github: string;
  beforeAll(async () => {
    [netlify, cloudflare, github] = await Promise.all([
      builtFor("netlify"),
      builtFor("cloudflare-pages"),
      builtFor("github-pages"),
    ]);
  });

  it("reads 404 rules for /404 and /404.html first, then one forced 301 per alias, from a build for Netlify", async () => {
    const { redirects, errors } = await netlifyRedirects(netlify);
    expect(errors).toEqual([]);
    // The rules that must never be dropped come first: a host that stops reading at its limit keeps them.
    expect(redirects.map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual([
      { from: "/404", to: "/404.html", status: 404, force: true },
      { from: "/404.html", to: "/404.html", status: 404, force: true },
      { from: "/old-beaches", to: "/beaches", status: 301, force: true },
    ]);
    // Netlify matches /old-beaches/ by the same rule; no page at the alias could shadow it anyway.
    for (const file of ["old-beaches.html", "old-beaches/index.html"])
      expect(existsSync(join(netlify, file)), file).toBe(false);
  });

  it("reads the Cloudflare build's rules as plain 301s that no file shadows", async () => {
    const { redirects, errors } = await netlifyRedirects(cloudflare);
    expect(errors).toEqual([]);
    expect(redirects.filter((r) => r.status === 301).map((r) => [r.from, r.to])).toEqual([
      ["/old-beaches", "/beaches"],
      ["/old-beaches/", "/beaches"],
    ]);
    expect(existsSync(join(cloudflare, "old-beaches.html"))).toBe(false);
  });

  it("gives GitHub Pages, which reads no _redirects, a meta-refresh page at the alias instead", async () => {
    expect(existsSync(join(github, "_redirects"))).toBe(false);
    const stub = await readFile(join(github, "old-beaches.html"), "utf8");
    expect(stub).toContain('<meta http-equiv="refresh" content="0; url=/beaches"/>');
    expect(stub).toContain('<meta name="robots" content="noindex"/>');
  });

  it("reads the _headers rules: immutable hashed assets, a day for public files, nosniff everywhere", async () => {
    const { parseAllHeaders } = await import(headersParser);
    const { headers, errors } = await parseAllHeaders({
      headersFiles: [join(cloudflare, "_headers")],
      configHeaders: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    const rules = Object.fromEntries(
      (headers as { for: string; values: Record<string, string> }[]).map((h) => [h.for, h.values]),
    );
    expect(rules["/assets/*"]).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
    expect(rules["/images/*"]).toEqual({ "Cache-Control": "public, max-age=86400" });
    expect(rules["/*"]).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    // No rule for every path sets Cache-Control: hosts join the values of overlapping rules.
    expect(Object.values(rules).filter((v) => "Cache-Control" in v)).toHaveLength(Object.keys(rules).length - 1);
  });
});

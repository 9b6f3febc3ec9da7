/**
 * The host's limits are part of the host (output/host-limits.ts). Once, 1,000 aliases wrote 2,005
 * rules with the /404 rewrites last, past the 2,000 static rules Cloudflare Pages reads, so /404
 * would have answered 200 there; an alias of accented letters wrote a 1,456-character rule, which
 * Cloudflare ignores; and `preview`, which promises Cloudflare's answers, served all of them.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { HOST_LIMITS, planRedirects } from "../../src/manifest/host-limits.ts";
import { hostAnswer, parseRedirects, type RuleProblem } from "../../src/preview/host-rules.ts";
import { startPreview } from "../../src/preview/server.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";

const CLOUDFLARE = HOST_LIMITS["cloudflare-pages"];

/** What the preview answers for `path`, without following a redirect. */
async function answer(url: string, path: string): Promise<{ status: number; location: string | null; body: string }> {
  const res = await fetch(`${url}${path}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

describe("the host's limits", () => {
  it("keeps the 404 rules first and within Cloudflare's 2,000 static rules; the aliases past them are pages", async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `  - { from: /old-${i}, to: /filler-${(i % 4) + 1} }`);
    const root = await writeInlineSite(`-- site.yaml --\naliases:\n${aliases.join("\n")}\n`);
    const out = join(root, "dist");
    const result = await build({ root, out });
    const rules = (await readFile(join(out, "_redirects"), "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
    expect(rules.length).toBeLessThanOrEqual(CLOUDFLARE.staticRules);
    expect(rules.slice(0, 3)).toEqual([
      "/404 /.ppguide-not-found 200",
      "/404/ /.ppguide-not-found 200",
      "/404.html /.ppguide-not-found 200",
    ]);
    expect(rules).toContain("/old-997/ /filler-2 301");
    expect(rules.some((r) => r.startsWith("/old-998 "))).toBe(false);
    expect(result.warnings.map((w) => `${w.code}  ${w.format()}`)).toEqual([
      expect.stringMatching(
        /^AliasServedAsPage {2}site\.yaml:1000:\d+ {2}aliases\[998\]\.from {2}alias '\/old-998' is served as a redirect page: Cloudflare Pages reads at most 2,000/,
      ),
      expect.stringMatching(/^AliasServedAsPage {2}site\.yaml:1001:\d+ {2}aliases\[999\]\.from/),
    ]);

    const problems: RuleProblem[] = [];
    const preview = await startPreview({ dir: out, host: "127.0.0.1", port: 0 });
    try {
      expect(preview.problems).toEqual(problems);
      expect(await answer(preview.url, "/old-0")).toMatchObject({ status: 301, location: "/filler-1" });
      expect(await answer(preview.url, "/old-997/")).toMatchObject({ status: 301, location: "/filler-2" });
      const page = await answer(preview.url, "/old-999");
      expect(page.status).toBe(200);
      expect(load(page.body)('meta[http-equiv="refresh"]').attr("content")).toBe("0; url=/filler-4");
      expect((await answer(preview.url, "/404")).status).toBe(404);
    } finally {
      await preview.close();
    }
  });

  it("serves an alias whose rule would pass 1,000 characters, or whose path the host reads as a pattern, as a page", () => {
    const long = `/${"é".repeat(90)}/${"é".repeat(90)}`;
    const site = { url: "https://a.example", build: { host: "cloudflare-pages" as const } };
    const plan = planRedirects({
      site: site as never,
      aliases: [
        { from: long, to: "/a" },
        { from: "/x:id", to: "/a" },
        { from: "/short", to: "/a" },
      ],
    });
    expect(plan.pages.map((p) => p.from)).toEqual([long, "/x:id"]);
    expect(plan.lines).toEqual([
      "/404 /.ppguide-not-found 200",
      "/404/ /.ppguide-not-found 200",
      "/404.html /.ppguide-not-found 200",
      "/short /a 301",
      "/short/ /a 301",
    ]);
    for (const line of plan.lines ?? []) expect(line.length).toBeLessThanOrEqual(CLOUDFLARE.ruleLength);
  });

  it("preview drops what Cloudflare drops: long lines, static rules past 2,000, every rule past 100 dynamic ones", async () => {
    const exists = async () => false;
    const statics = Array.from({ length: 2001 }, (_, i) => `/s-${i} /t 301`);
    const problems: RuleProblem[] = [];
    const rules = parseRedirects([`/${"a".repeat(1000)} /t 301`, ...statics].join("\n"), problems);
    expect(rules).toHaveLength(2000);
    expect((await hostAnswer(rules, "GET", "/s-1999", "", exists)).status).toBe(301);
    expect((await hostAnswer(rules, "GET", "/s-2000", "", exists)).status).toBe(404);
    expect(problems.map((p) => p.line)).toEqual([1, 2002]);

    const dynamic = Array.from({ length: 101 }, (_, i) => `/d-${i}/* /t 301`);
    const afterDynamic = parseRedirects([...dynamic, "/late /t 301"].join("\n"), problems);
    expect(afterDynamic).toHaveLength(100);
    expect((await hostAnswer(afterDynamic, "GET", "/late", "", exists)).status).toBe(404);
  });
});

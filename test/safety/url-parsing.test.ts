/**
 * A value is a URL or not by the WHATWG URL Standard alone, however many the site holds: on Node
 * 20, `URL.canParse` called often enough from one place takes V8's fast path, which reads a
 * Latin-1 string's bytes as UTF-8, and from then on called `https://café.example/menu` no URL
 * (found by the fuzz suite: dev, in a warmed-up process, refused a listing's link that the CLI's
 * build took).
 */
import { deserialize, serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { parsedUrl } from "../../src/core/url-path.ts";
import { yamlSource } from "../../src/manifest/yaml-source.ts";
import { valueProblems } from "../../src/manifest/yaml-values.ts";

const LATIN_1 = "https://café.example/menu";

/**
 * Data as the store of parsed YAML gives it back (manifest/parsed-yaml.ts): deserialized, so each
 * string is flat, which is what lets V8 take its fast path.
 */
const stored = (data: unknown) => deserialize(serialize(data));

describe("a URL with a Latin-1 character", () => {
  it("is a URL after many others were checked from the same place", () => {
    let parsed = 0;
    for (let i = 0; i < 200_000; i++) if (parsedUrl(`https://a.example/${i}`)) parsed++;
    expect(parsed).toBe(200_000);
    expect(parsedUrl(LATIN_1)?.host).toBe("xn--caf-dma.example");
    expect(parsedUrl("/café", "https://site.invalid/")?.pathname).toBe("/caf%C3%A9");
    expect(parsedUrl("https://[x")).toBeUndefined();
  });

  it("is no UrlInvalid in a YAML file's data found in the store, after thousands of URLs checked", () => {
    const many = yamlSource(
      "",
      "content/l.yaml",
      0,
      stored({ links: Array.from({ length: 50 }, (_, i) => `https://a.example/${i}`) }),
    );
    for (let i = 0; i < 2_000; i++) expect(valueProblems(many)).toEqual([]);
    const listing = yamlSource(`link: ${LATIN_1}\n`, "content/l.yaml", 0, stored({ link: LATIN_1 }));
    expect(valueProblems(listing)).toEqual([]);
    const broken = yamlSource('link: "https://[x"\n', "content/l.yaml", 0, stored({ link: "https://[x" }));
    expect(valueProblems(broken).map((e) => `${e.code} ${e.location?.line}:${e.location?.column}`)).toEqual([
      "UrlInvalid 1:7",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { parseMetaRefresh, parseSrcset } from "../../src/links/url-attributes.ts";

describe("parseSrcset", () => {
  it("splits candidates with descriptors, keeping each offset", () => {
    expect(parseSrcset("a.png 1x, b.png 2x")).toEqual([
      { url: "a.png", offset: 0 },
      { url: "b.png", offset: 10 },
    ]);
  });
  it("keeps commas inside URLs and strips trailing ones, as browsers do", () => {
    // A URL runs to the next whitespace: "b.png,c.png" is one URL, as in the HTML algorithm.
    expect(parseSrcset("data:image/png;base64,AAA 1x,b.png,c.png 640w")).toEqual([
      { url: "data:image/png;base64,AAA", offset: 0 },
      { url: "b.png,c.png", offset: 29 },
    ]);
    expect(parseSrcset("a.png, b.png,")).toEqual([
      { url: "a.png", offset: 0 },
      { url: "b.png", offset: 7 },
    ]);
  });
});

describe("parseMetaRefresh", () => {
  it.each([
    ["0; url=/x/", { url: "/x/", offset: 7 }],
    ["5;URL='/y'", { url: "/y", offset: 7 }],
    ["0, /z", { url: "/z", offset: 3 }],
    ["0", null],
    ["soon; url=/x", null],
  ])("%s", (content, expected) => {
    expect(parseMetaRefresh(content)).toEqual(expected);
  });
});

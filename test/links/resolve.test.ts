import { describe, expect, it } from "vitest";
import { documentBase, findTarget, resolveHref, resolveWithUrlParser } from "../../src/links/resolve.ts";

describe("resolveHref", () => {
  const base = documentBase("guide/beaches/index.html", null);
  // The fast path must agree with the URL parser on every href it accepts.
  const hrefs = [
    "/x",
    "x",
    "./x",
    "../x",
    "../../../../x",
    "/a/./b/../c/",
    "..",
    ".",
    "/..",
    "a/..",
    "#frag",
    "?q=1#f",
    "",
    "/guide/#Mang%C3%BA",
    "caf%C3%A9/",
    "/a%2Fb",
    "/x#",
    "x?y#z#w",
    "/a//b",
    "/%2e%2e/x",
    "/sp ace",
    "/Mangú#Mangú",
    "a\\b",
    "//cdn.example.com/x",
    "https://example.com/a",
    "HTTP://example.com",
    "mailto:a@b",
    "javascript:void(0)",
    "data:text/plain,x",
    "tel:+1",
    "/100%",
    "/x?a=%ZZ",
  ];
  it.each(hrefs)("%s resolves as the URL parser does", (href) => {
    expect(resolveHref(href, base)).toEqual(resolveWithUrlParser(href, base));
  });

  it("clamps ../ at the root", () => {
    expect(resolveHref("../../../../about.html", base)).toEqual({
      kind: "internal",
      path: "about.html",
      fragment: null,
    });
  });

  it("resolves against <base href>, including fragment-only links", () => {
    const based = documentBase("based/index.html", "/guide/");
    expect(resolveHref("#Mangú", based)).toMatchObject({ kind: "internal", path: "guide/" });
    expect(resolveHref("beaches/", documentBase("x.html", "https://other.example/"))).toEqual({
      kind: "external",
      url: "https://other.example/beaches/",
    });
  });
});

describe("findTarget", () => {
  const files = new Set(["index.html", "about.html", "guide/index.html", "img/a.png", "Docs/index.html"]);
  it.each([
    ["", "index.html"],
    ["guide/", "guide/index.html"],
    ["guide", "guide/index.html"],
    ["about", "about.html"],
    ["img/a.png", "img/a.png"],
    ["docs/", null],
    ["about/", null],
  ])("%s → %s", (path, target) => {
    expect(findTarget(path, files)).toBe(target);
  });
});

import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatJson, formatText, runCheckLinksCommand, type LinkReport } from "../../src/links/index.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures");

function capture(): { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  return { out: () => out, err: () => err };
}

afterEach(() => vi.restoreAllMocks());

describe("formatText and formatJson", () => {
  const report: LinkReport = {
    pages: 2,
    references: 5,
    problems: [
      { file: "index.html", line: 3, col: 10, href: "/Guide/", reason: "missing page", suggestion: "/guide/" },
      { file: "a/b.html", line: 1, col: 1, href: "#x", reason: "missing anchor" },
    ],
  };
  it("prints FILE:LINE:COL  HREF  reason (did you mean …?), then the summary", () => {
    expect(formatText(report)).toBe(
      "index.html:3:10  /Guide/  missing page (did you mean /guide/?)\n" +
        "a/b.html:1:1  #x  missing anchor\n" +
        "2 pages, 5 references, 2 problems\n",
    );
  });
  it("prints the same findings as JSON", () => {
    expect(JSON.parse(formatJson(report))).toEqual(report);
  });
});

describe("runCheckLinksCommand", () => {
  it("exits 0 on a clean site", async () => {
    const io = capture();
    expect(await runCheckLinksCommand(join(fixtures, "links-site"), {})).toBe(0);
    expect(io.out()).toBe("8 pages, 50 references, 0 problems\n");
  });

  it("exits 1 with one line per problem when something is broken", async () => {
    const io = capture();
    expect(await runCheckLinksCommand(join(fixtures, "links-broken"), {})).toBe(1);
    const lines = io.out().trimEnd().split("\n");
    expect(lines).toHaveLength(24);
    expect(lines[3]).toBe("index.html:11:10  /nowhere/  missing page");
    expect(lines.at(-1)).toBe("3 pages, 28 references, 23 problems");
  });

  it("prints JSON with --format json", async () => {
    const io = capture();
    expect(await runCheckLinksCommand(join(fixtures, "links-broken"), { format: "json" })).toBe(1);
    const report = JSON.parse(io.out()) as LinkReport;
    expect(report.problems).toHaveLength(23);
  });

  it("exits 2 with a clear message for a missing folder", async () => {
    const io = capture();
    expect(await runCheckLinksCommand(join(fixtures, "no-such-dist"), {})).toBe(2);
    expect(io.err()).toMatch(/does not exist\. Build the site first.*\[LinksDirNotFound\]/);
    expect(io.out()).toBe("");
  });

  it("exits 2 for a folder without pages", async () => {
    const io = capture();
    expect(await runCheckLinksCommand(join(fixtures, "links-site", "css"), {})).toBe(2);
    expect(io.err()).toMatch(/no HTML pages .*\[LinksNoPages\]/);
  });
});

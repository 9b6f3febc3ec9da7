/**
 * Every page of the built project site through the W3C Nu HTML Checker (vnu-jar, installed in
 * test/hosts; it needs Java). Regression test for issue 24: Nu found 102 errors, two per page,
 * because role=combobox and aria-expanded are not allowed on an input of type search.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuiltSite } from "../helpers/served-site.ts";
import { JAVA, requireTool, VNU_JAR } from "./tools.ts";

interface NuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

/** Nu's errors for the given files (its JSON report goes to stderr). */
function nuErrors(files: string[]): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(JAVA, ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let report = "";
    child.stderr.on("data", (chunk: Buffer) => (report += chunk));
    child.on("error", reject);
    child.on("close", () => {
      try {
        resolve((JSON.parse(report) as { messages: NuMessage[] }).messages);
      } catch {
        reject(new Error(`vnu printed no JSON report:\n${report}`));
      }
    });
  });
}

describe.runIf(requireTool("vnu"))("the W3C Nu HTML Checker on every page", () => {
  let site: BuiltSite;
  let scratch: string;
  beforeAll(async () => {
    [site, scratch] = await Promise.all([buildSite(), mkdtemp(join(tmpdir(), "ppguide-vnu-"))]);
  }, 180_000);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it("finds no error on any page, the 404 page and the author pages included", async () => {
    const files = site.pages.map((p) => join(site.dir, p.file));
    expect(site.pages.map((p) => p.kind)).toEqual(
      expect.arrayContaining([
        "home",
        "article",
        "recipe",
        "directory",
        "resorts",
        "index",
        "videos",
        "search",
        "author",
        "404",
      ]),
    );
    const errors = await nuErrors(files);
    expect(errors.map((e) => `${e.url.replace(/^.*\/out\//, "")}:${e.lastLine}  ${e.message}`)).toEqual([]);
  }, 120_000);

  it("would flag the old search box (a combobox on input type=search), so the check above can fail", async () => {
    const home = site.pages.find((p) => p.route === "/")!;
    const old = home.html!.replace('type="text" enterKeyHint="search"', 'type="search"');
    expect(old).not.toBe(home.html);
    await writeFile(join(scratch, "old.html"), old);
    const errors = await nuErrors([join(scratch, "old.html")]);
    expect(errors.map((e) => e.message).join("\n")).toMatch(
      /Attribute “aria-expanded” not allowed|Bad value “combobox” for attribute “role”|Bad value “search”/,
    );
  }, 60_000);
});

/**
 * A user error raised on the output thread reaches the CLI as the same typed error: code,
 * location, hint and exit 1. Regression test for issue 23: it arrived as a plain Error through
 * the thread (structured clone drops prototypes), which the CLI took for a bug in ppguide, exit 70.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf, exitCodeOf, isUserError, PpgError, PpgErrorList, reviveUserError, userErrorData } from "../../src/core/errors.ts";
import { pageSink } from "../../src/output/page-sink.ts";

describe("a user error on the output thread", () => {
  it("OutputPathOutside from a file name that climbs out arrives typed, exit 1", async () => {
    const target = await mkdtemp(join(tmpdir(), "ppguide-thread-"));
    const sink = pageSink({ target }, false, 1, true);
    const thrown = await (async () => {
      await sink.add({ route: "/escape", file: "../escape.html", html: "<p>out</p>", kind: "article" });
      await sink.finish({ files: [], scans: [], check: false });
    })().then(() => undefined, (err: unknown) => err);
    await sink.cancel();
    expect(isUserError(thrown), String(thrown)).toBe(true);
    const [err] = errorsOf(thrown as PpgError);
    expect(err!.code).toBe("OutputPathOutside");
    expect(err!.message).toBe("the output file name '../escape.html' would not stay inside the output folder");
    expect(err!.format()).toContain("Route, alias and asset paths may not contain");
    expect(exitCodeOf(thrown as PpgError)).toBe(1);
  });

  it("keeps each error's location, path and hint through a structured clone", () => {
    const list = new PpgErrorList([
      new PpgError("RouteNotFound", { what: "related card", path: "/nowhere" }, { location: { file: "site.yaml", line: 4, column: 29 }, path: "routes[0].related[1]" }),
      new PpgError("AssetMissing", { what: "image", path: "/images/none.svg" }, { hint: "A hint of the call's own." }),
    ]);
    const revived = reviveUserError(structuredClone(userErrorData(list)));
    expect(errorsOf(revived).map((e) => [e.code, e.format()])).toEqual(list.errors.map((e) => [e.code, e.format()]));
    expect(errorsOf(revived)[0]!.location).toEqual({ file: "site.yaml", line: 4, column: 29 });
  });

  it("is recognised by its type field, not its class (a second copy of the module)", () => {
    const foreign = Object.assign(new Error("from another copy"), { type: "PpgError", code: "RouteNotFound", format: () => "from another copy" });
    expect(isUserError(foreign)).toBe(true);
    expect(exitCodeOf(foreign as unknown as PpgError)).toBe(1);
    expect(isUserError(Object.assign(new Error("plain"), { code: "ENOENT" }))).toBe(false);
  });
});

/**
 * check-links stays inside the folder it checks and keeps its report bounded (issue 27): it
 * followed `etc -> /etc` and counted /etc/passwd as a valid target, and a 200 MB page of broken
 * links took 4.8 GB, most of it one object per finding.
 */
import { mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLinks, MAX_PROBLEMS_PER_PAGE } from "../../src/links/check.ts";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

describe("check-links", () => {
  it("reports a link leading out of the folder and does not follow it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-links-out-"));
    await symlink("/etc", join(dir, "etc"));
    await writeFile(join(dir, "index.html"), page('<a href="/etc/passwd">users</a>'));
    const report = await checkLinks({ dir });
    expect(report.problems).toEqual([
      { file: "etc", line: 1, col: 1, href: "/etc", reason: "symbolic link leading out of the folder" },
      { file: "index.html", line: 1, col: 76, href: "/etc/passwd", reason: "missing page" },
    ]);
  });

  it("keeps a hundred findings per page and counts the rest", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-links-many-"));
    const links = Array.from({ length: 250 }, (_, i) => `<a href="/gone-${i}">x</a>\n`).join("");
    await writeFile(join(dir, "index.html"), page(`\n${links}`));
    await writeFile(join(dir, "other.html"), page('<a href="/gone-other">x</a>'));
    const report = await checkLinks({ dir });
    const onIndex = report.problems.filter((p) => p.file === "index.html");
    expect(onIndex).toHaveLength(MAX_PROBLEMS_PER_PAGE + 1);
    expect(onIndex.at(-1)).toMatchObject({ href: "…", reason: "and 150 more problems on this page" });
    expect(onIndex[MAX_PROBLEMS_PER_PAGE - 1]).toMatchObject({ href: "/gone-99" });
    expect(report.problems.filter((p) => p.file === "other.html")).toHaveLength(1);
    expect(report.references).toBe(251);
  });
});

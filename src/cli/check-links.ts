import type { Command } from "commander";
import { DEFAULT_OUT } from "../core/output-names.ts";
import { defineCommand } from "./options.ts";

export function registerCheckLinks(program: Command): void {
  defineCommand<{ external?: boolean }>(program, {
    name: "check-links",
    description: "check every internal link, asset and anchor in a folder of HTML",
    args: [{ name: "[dir]", help: "folder of HTML pages", default: DEFAULT_OUT }],
    report: "print the problems only, not the summary",
    options: [["--external", "also check http(s) links (slow; needs the network)"]],
    run: async ([dir = DEFAULT_OUT], opts) => {
      const { brokenLink, checkLinks, linkCheckErrors, linkReportSummary } = await import("../links/index.ts");
      const report = await checkLinks({ dir, external: opts.external });
      if (report.pages === 0) throw linkCheckErrors.noPages(dir);
      return {
        // Any folder of HTML: site.yaml's checkLinks, which the catalogue's hint names, may not exist.
        errors: report.problems.map((p) => brokenLink(p, "")),
        summary: { pages: report.pages, references: report.references },
        lines: [linkReportSummary(report)],
      };
    },
  });
}

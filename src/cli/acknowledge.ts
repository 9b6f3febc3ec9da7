import { resolve } from "node:path";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";

export function registerAcknowledge(program: Command): void {
  defineCommand<{ root: string }>(program, {
    name: "acknowledge",
    description:
      "write acknowledged.yaml: the placeholders, stub text and hand-typed figures the site has now, which " +
      "build --strict then lets through (it fails only on new ones)",
    root: "holding site.yaml",
    report: "print nothing but errors",
    writes: true,
    run: async (_args, opts) => {
      const { loadSite } = await import("../site/load-site.ts");
      const { findPlaceholders } = await import("../audits/placeholders.ts");
      const { ACKNOWLEDGED_FILE, gatedProblems, writeAcknowledged } = await import("../audits/acknowledged.ts");
      const root = resolve(opts.root);
      const site = await loadSite(root);
      const gated = gatedProblems(findPlaceholders(site), site.content.warnings);
      writeAcknowledged(root, gated);
      return {
        summary: { file: ACKNOWLEDGED_FILE, acknowledged: gated.length },
        lines: [`Wrote ${ACKNOWLEDGED_FILE}: ${gated.length} problems --strict lets through until each is fixed.`],
      };
    },
  });
}

import type { Command } from "commander";
import { defineCommand } from "./options.ts";
import { reportFormat } from "./report.ts";

export function registerCheckLinks(program: Command): void {
  defineCommand(program, {
    name: "check-links",
    description: "check every internal link, asset and anchor in a folder of HTML",
    args: [["[dir]", "folder of HTML pages", "dist"]],
    report: "print the problems only, not the summary",
    options: [["--external", "also check http(s) links (slow; needs the network)"]],
  }).action(async (dir: string, opts: { external?: boolean; format?: string; quiet?: boolean }) => {
    const format = reportFormat(opts.format);
    const { runCheckLinksCommand } = await import("../links/index.ts");
    process.exitCode = await runCheckLinksCommand(dir, { external: opts.external, format, quiet: opts.quiet });
  });
}

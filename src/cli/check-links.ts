import type { Command } from "commander";
import { reportFormat } from "./report.ts";

export function registerCheckLinks(program: Command): void {
  program
    .command("check-links")
    .description("check every internal link, asset and anchor in a folder of HTML")
    .argument("[dir]", "folder of HTML pages", "dist")
    .option("--external", "also check http(s) links (slow; needs the network)")
    .option("--format <format>", "text, json (one object on stdout) or github (workflow annotations); default github under GITHUB_ACTIONS=true, else text")
    .option("-q, --quiet", "print the problems only, not the summary")
    .action(async (dir: string, opts: { external?: boolean; format?: string; quiet?: boolean }) => {
      const format = reportFormat(opts.format);
      const { runCheckLinksCommand } = await import("../links/index.ts");
      process.exitCode = await runCheckLinksCommand(dir, { external: opts.external, format, quiet: opts.quiet });
    });
}

import type { Command } from "commander";

export function registerCheckLinks(program: Command): void {
  program
    .command("check-links")
    .description("check every internal link, asset and anchor in a folder of HTML")
    .argument("[dir]", "folder of HTML pages", "dist")
    .option("--external", "also check http(s) links (slow; needs the network)")
    .option("--format <format>", "text or json", "text")
    .action(async (dir: string, opts: { external?: boolean; format: string }) => {
      if (opts.format !== "text" && opts.format !== "json") {
        console.error(`--format must be text or json, not '${opts.format}'`);
        process.exit(2);
      }
      const { runCheckLinksCommand } = await import("../links/index.ts");
      process.exitCode = await runCheckLinksCommand(dir, { external: opts.external, format: opts.format });
    });
}

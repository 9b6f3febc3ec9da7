import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { registerAcknowledge } from "./acknowledge.ts";
import { registerBuild } from "./build.ts";
import { registerCheckFacts } from "./check-facts.ts";
import { registerCheckLinks } from "./check-links.ts";
import { registerDev } from "./dev.ts";
import { registerMerge } from "./merge.ts";
import { type EarlySignals, endProcess, failAndExit, watchEndings } from "./exit.ts";
import { registerNew } from "./new.ts";
import { registerPreview } from "./preview.ts";
import { PpgError } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {
  version: string;
  description: string;
};

export function createProgram(): Command {
  const program = new Command("ppguide")
    .description(pkg.description)
    .version(pkg.version, "-v, --version", "print the version")
    // Commander's own mistakes (an unknown option, a missing argument) are reported as every other
    // problem is, CommandLineInvalid, in the format asked for; its help and version print as always.
    // Both settings are inherited by the commands registered after them.
    .configureOutput({ outputError: () => {} })
    .exitOverride();
  registerBuild(program);
  registerMerge(program);
  registerCheckLinks(program);
  registerCheckFacts(program);
  registerDev(program);
  registerPreview(program);
  registerNew(program);
  registerAcknowledge(program);
  return program;
}

/**
 * The CLI's one entry: every way the command ends goes through its reporter and src/cli/exit.ts. `early`: the
 * signals bin/ppguide kept while the CLI loaded, reported now.
 */
export async function main(argv: string[], early?: EarlySignals): Promise<void> {
  watchEndings(early);
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (!(err instanceof CommanderError)) failAndExit(err);
    // Help or the version, printed.
    if (err.exitCode === 0) endProcess(0);
    const names = program.commands.map((c) => c.name());
    const said =
      err.code === "commander.help"
        ? `no command given: ppguide ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`
        : err.message.replace(/^error: /, "");
    failAndExit(new PpgError("CommandLineInvalid", { said }));
  }
}

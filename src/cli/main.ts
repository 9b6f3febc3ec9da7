import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { registerBuild } from "./build.ts";
import { registerCheckFacts } from "./check-facts.ts";
import { registerCheckLinks } from "./check-links.ts";
import { registerDev } from "./dev.ts";
import { registerMerge } from "./merge.ts";
import { registerNew } from "./new.ts";
import { registerPreview } from "./preview.ts";
import { exitWithError } from "./throw-and-exit.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {
  version: string;
  description: string;
};

export function createProgram(): Command {
  const program = new Command("ppguide")
    .description(pkg.description)
    .version(pkg.version, "-v, --version", "print the version")
    .showHelpAfterError("(run ppguide --help for usage)")
    .exitOverride();
  registerBuild(program);
  registerMerge(program);
  registerCheckLinks(program);
  registerCheckFacts(program);
  registerDev(program);
  registerPreview(program);
  registerNew(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await createProgram().parseAsync(argv);
  } catch (err) {
    // Commander already printed help, the version, or a usage error.
    if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
    exitWithError(err);
  }
}

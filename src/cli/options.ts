import { InvalidArgumentError, type Command } from "commander";

/** An option of one command: its flags, its help, and its default. */
type OptionSpec = [flags: string, help: string, defaultValue?: string];

/**
 * A command as the CLI declares it: what it is, and which of the options several commands share it
 * takes (the site folder, the clock, how problems are reported, where to serve), each given once here
 * so every command says it the same way.
 */
export interface CommandSpec {
  name: string;
  description: string;
  args?: OptionSpec[];
  /** -r/--root: what the command reads in the site folder. */
  root?: string;
  /** --clock: what the day decides. */
  clock?: string;
  /** --format and --quiet: what --quiet keeps. */
  report?: string;
  /** --port, --host and --allowed-host (dev and preview). */
  serve?: boolean;
  options?: OptionSpec[];
}

export function defineCommand(program: Command, spec: CommandSpec): Command {
  const command = program.command(spec.name).description(spec.description);
  for (const [name, help, value] of spec.args ?? []) command.argument(name, help, value);
  if (spec.root) command.option("-r, --root <dir>", `site folder ${spec.root}`, ".");
  for (const [flags, help, value] of spec.options ?? []) command.option(flags, help, value);
  if (spec.clock) command.option("--clock <YYYY-MM-DD>", `${spec.clock} (default: PPGUIDE_CLOCK, else today)`);
  if (spec.report) {
    command.option(
      "--format <format>",
      "how problems are printed: text, json (one object on stdout) or github " +
        "(workflow annotations); default github under GITHUB_ACTIONS=true, else text",
    );
    command.option("-q, --quiet", spec.report);
  }
  if (spec.serve) {
    // A bad port is a usage error (exit 2).
    command.option("-p, --port <n>", "port to serve on (the next free one if taken)", parsePort, 4321);
    command.option("--host <host>", "address to listen on", parseHost, "127.0.0.1");
    command.option(
      "--allowed-host <name>",
      "also answer requests for this host name (repeatable; '.example.com' allows its subdomains); others get 403",
      collect,
      [],
    );
  }
  return command;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * An empty --host made Node listen on every interface, the opposite of what a user
 * leaving it blank (`--host "$HOST"` with HOST unset) could mean: refused, exit 2.
 */
function parseHost(value: string): string {
  const host = value.trim();
  if (!host)
    throw new InvalidArgumentError(
      "it must name an address: 127.0.0.1 (this machine only), " +
        "0.0.0.0 (every interface) or a name or address of this machine.",
    );
  return host;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("it must be a whole number from 0 to 65535.");
  return port;
}

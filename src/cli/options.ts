import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { endOnSignalBy, exitWhenDone, reportThrough } from "./exit.ts";
import { Reporter, reportFormat, type Outcome } from "./report.ts";

/** An option of one command: its flags, its help, and its default. */
type OptionSpec = [flags: string, help: string, defaultValue?: string];

/** A command that keeps serving until a signal: how to close it. */
export interface Serving {
  stop(): Promise<void>;
}

/**
 * A command as the CLI declares it: what it is, and which of the options several commands share it
 * takes (the site folder, the clock, how problems are reported, where to serve), each given once here
 * so every command says it the same way; then what it does.
 */
export interface CommandSpec<O> {
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
  /** The command writes files (build, new): a failure says that nothing was written. */
  writes?: boolean;
  /**
   * What the command does, given its arguments and options: what it found and made, which the
   * reporter prints in the format asked for; or, for a server, how to stop it. A bad option value
   * is thrown as its catalogue usage code (exit 2), and reported like every other problem.
   */
  run(args: string[], opts: O, reporter: Reporter): Promise<Outcome | Serving>;
}

export function defineCommand<O extends object>(program: Command, spec: CommandSpec<O>): Command {
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
    command.option("-p, --port <n>", "port to serve on (the next free one if taken)", "4321");
    command.option("--host <host>", "address to listen on", "127.0.0.1");
    command.option(
      "--allowed-host <name>",
      "also answer requests for this host name (repeatable; '.example.com' allows its subdomains); others get 403",
      collect,
      [],
    );
  }
  return command.action(async (...given: unknown[]) => {
    const opts = command.opts() as O & { root?: string; format?: string; quiet?: boolean };
    // A variadic argument (merge's shards) comes as one array: its items are the arguments.
    const args = given
      .slice(0, spec.args?.length ?? 0)
      .flatMap((arg) => (Array.isArray(arg) ? arg : [arg]).map(String));
    const reporter = new Reporter({
      command: spec.name,
      format: spec.report ? reportFormat(opts.format) : "text",
      quiet: opts.quiet,
      base: opts.root ?? args[0],
      writes: spec.writes,
    });
    reportThrough(reporter);
    const result = await spec.run(args, opts, reporter);
    if ("stop" in result) endOnSignalBy(result.stop);
    else exitWhenDone(reporter.finish(result));
  });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Where dev and preview listen: --host and --port, each refused with its usage code when it names no place. */
export function listenPlace(opts: { host: string; port: string }): { host: string; port: number } {
  // An empty --host made Node listen on every interface, the opposite of what a user leaving it
  // blank (`--host "$HOST"` with HOST unset) could mean.
  const host = opts.host.trim();
  if (!host) throw new PpgError("HostEmpty", { value: opts.host });
  const port = /^\d+$/.test(opts.port.trim()) ? Number(opts.port) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) throw new PpgError("PortInvalid", { value: opts.port });
  return { host, port };
}

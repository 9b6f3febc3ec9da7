import { Option, type Command } from "commander";
import { givenDay } from "../core/clock.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { DEFAULT_OUT } from "../core/output-names.ts";
import { isReportFormat, defaultFormat, type ReportFormat } from "../core/problems.ts";
import type { LinkMode } from "../engine/build-state.ts";
import type { ShardSpec } from "../engine/build-state.ts";
import { endOnSignalBy, exitWhenDone, reportThrough } from "./exit.ts";
import { Reporter, type Outcome } from "./report.ts";

/**
 * Every option of every command, once: its flags, its help, its default, and how the text given
 * becomes the value the command takes, or is refused with its catalogue usage code (exit 2, and
 * JSON under --format json like every other problem). Values are checked here, in the action,
 * before the command runs a single stage: the stages take values that are already valid, and no
 * module below the CLI refuses an option.
 */
export interface OptionDef<T = unknown> {
  flags: string;
  help: string;
  default?: string | boolean | string[];
  /** The value from the text commander gives (undefined when the option is absent); throws its usage code. */
  parse?: (given: never) => T;
}

/** One-off options of a single command: [flags, help, default]. */
type OptionSpec = [flags: string, help: string, defaultValue?: string];

/** A positional argument: [name, help, default], and how its text is checked, as an option's is. */
export interface ArgumentDef {
  name: string;
  help: string;
  default?: string;
  /** May load what it checks against (a command's modules are loaded on demand, not for --help). */
  parse?: (given: string) => unknown;
}

const LINK_MODES = ["error", "warn", "off"] as const satisfies readonly LinkMode[];

/** The options several commands take, each said the same way wherever it is taken. */
export const OPTIONS = {
  out: {
    flags: "-o, --out <dir>",
    help: `output folder, relative to the site folder (default: ${DEFAULT_OUT}; a shard build's: shard-<i>-of-<n>)`,
  },
  force: { flags: "--force", help: "replace an output folder that ppguide did not create (its files are deleted)" },
  linkMode: {
    flags: "--check-links <mode>",
    help: "broken internal links: error, warn or off (default: site.yaml's site.checkLinks, else error)",
    parse: (given: string | undefined): LinkMode | undefined => {
      if (given === undefined) return undefined;
      const mode = LINK_MODES.find((m) => m === given);
      if (!mode) throw new PpgError("LinkModeInvalid", { value: given });
      return mode;
    },
  },
  searchIndex: {
    flags: "--no-search-index",
    help: "leave out the full-text search index (/pagefind/) that the /search page queries",
  },
  cache: { flags: "--no-cache", help: "render every page, not only those whose inputs changed since the last build" },
  explain: {
    flags: "--explain",
    help:
      "list each page rendered and the input that changed it (code, site-wide data, its route, " +
      "its Markdown, its listings, an image), and each search index part made again",
  },
  verify: {
    flags: "--verify",
    help:
      "build, then build again from nothing into a folder of the output's store, and fail (exit 1) " +
      "listing any file that differs",
  },
  shard: {
    flags: "--shard <i/n>",
    help: "build only the i-th of n shards of the pages, for ppguide merge (docs/ci-and-editors.md)",
    parse: (given: string | undefined): ShardSpec | undefined => (given === undefined ? undefined : shardSpec(given)),
  },
  timings: {
    flags: "--timings",
    help: "print how long each stage took (render includes writing the pages; rest, everything but pages and index)",
  },
  placeholders: {
    flags: "--placeholders",
    help: "list every placeholder left with its file:line:col, not only their count",
  },
  strict: {
    flags: "--strict",
    help:
      "fail, writing nothing, while the site holds placeholders (videos without an id, stand-in " +
      "ids, .example domains, bare social links), stub text of ppguide new, or figures written by hand",
  },
  olderThan: {
    flags: "--older-than <age>",
    help: "how old a source's date may be: 12mo, 18mo, 2y",
    default: "12mo",
    parse: (given: string): number => {
      const m = /^(\d+)\s*(mo|m|y)$/.exec(given.trim());
      const months = m ? Number(m[1]) * (m[2] === "y" ? 12 : 1) : 0;
      if (months <= 0) throw new PpgError("AgeInvalid", { value: given });
      return months;
    },
  },
} satisfies Record<string, OptionDef>;

/**
 * The options that say how a site is built into an output folder, which build and merge share
 * (merge builds the same site from the shards, so each means the same in both).
 */
const SITE_OUTPUT = [
  OPTIONS.out,
  OPTIONS.linkMode,
  OPTIONS.force,
  OPTIONS.searchIndex,
  OPTIONS.explain,
  OPTIONS.timings,
  OPTIONS.strict,
  OPTIONS.placeholders,
];

/** The site-building options of build (which adds its own) and merge. */
export function siteOutputOptions(): OptionDef[] {
  return [...SITE_OUTPUT];
}

/** `--shard i/n`, each side a whole number, 1 ≤ i ≤ n. */
function shardSpec(value: string): ShardSpec {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(value);
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || index < 1 || index > total) throw new PpgError("ShardOptionInvalid", { value });
  return { index, total };
}

/**
 * The day a command works as of (core/clock.ts): --clock, else PPGUIDE_CLOCK, checked before any
 * stage runs; undefined when neither is set (today, as the command reads it).
 */
export const clockOption = givenDay;

/** --format: text, json or github; by default github under GitHub Actions, else text. */
export function formatOption(given: string | undefined): ReportFormat {
  const format = given ?? defaultFormat();
  if (!isReportFormat(format)) throw new PpgError("FormatInvalid", { value: format });
  return format;
}

/** --port: a whole number up to 65535 (0: any free port). */
function portOption(given: string): number {
  const port = /^\d+$/.test(given.trim()) ? Number(given) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) throw new PpgError("PortInvalid", { value: given });
  return port;
}

/**
 * --host, trimmed. An empty one made Node listen on every interface, the opposite of what a user
 * leaving it blank (`--host "$HOST"` with HOST unset) could mean.
 */
function hostOption(given: string): string {
  const host = given.trim();
  if (!host) throw new PpgError("HostEmpty", { value: given });
  return host;
}

/** A command that keeps serving until a signal: how to close it. */
export interface Serving {
  stop(): Promise<void>;
}

/**
 * A command as the CLI declares it: what it is, which of the options several commands share it
 * takes (the site folder, the clock, how problems are reported, where to serve), with what it
 * says of each; its own options; then what it does.
 */
export interface CommandSpec<O, A extends unknown[] = string[]> {
  name: string;
  description: string;
  args?: ArgumentDef[];
  /** -r/--root: what the command reads in the site folder. */
  root?: string;
  /** --clock: what the day decides. */
  clock?: string;
  /** --format and --quiet: what --quiet keeps. */
  report?: string;
  /** --port, --host and --allowed-host (dev and preview). */
  serve?: boolean;
  options?: (OptionDef | OptionSpec)[];
  /** The command writes files (build, new): a failure says that nothing was written. */
  writes?: boolean;
  /**
   * What the command does, given its arguments and its options' values (each checked already):
   * what it found and made, which the reporter prints in the format asked for; or, for a server,
   * how to stop it.
   */
  run(args: A, opts: O, reporter: Reporter): Promise<Outcome | Serving>;
}

export function defineCommand<O extends object, A extends unknown[] = string[]>(
  program: Command,
  spec: CommandSpec<O, A>,
): Command {
  const command = program.command(spec.name).description(spec.description);
  for (const arg of spec.args ?? []) command.argument(arg.name, arg.help, arg.default);
  const parsers = new Map<string, (given: never) => unknown>();
  const add = (def: OptionDef) => {
    const option = new Option(def.flags, def.help);
    if (def.default !== undefined) option.default(def.default);
    if (def.parse) parsers.set(option.attributeName(), def.parse);
    command.addOption(option);
  };
  if (spec.root) add({ flags: "-r, --root <dir>", help: `site folder ${spec.root}`, default: "." });
  for (const def of spec.options ?? [])
    add(Array.isArray(def) ? { flags: def[0], help: def[1], ...(def[2] !== undefined && { default: def[2] }) } : def);
  if (spec.clock)
    add({
      flags: "--clock <YYYY-MM-DD>",
      help: `${spec.clock} (default: PPGUIDE_CLOCK, else today)`,
      parse: (given: string | undefined) => clockOption(given),
    });
  if (spec.report) {
    add({
      flags: "--format <format>",
      help:
        "how problems are printed: text, json (one object on stdout) or github " +
        "(workflow annotations); default github under GITHUB_ACTIONS=true, else text",
    });
    add({ flags: "-q, --quiet", help: spec.report });
  }
  if (spec.serve) {
    add({
      flags: "-p, --port <n>",
      help: "port to serve on (the next free one if taken)",
      default: "4321",
      parse: portOption,
    });
    add({ flags: "--host <host>", help: "address to listen on", default: "127.0.0.1", parse: hostOption });
    command.addOption(
      new Option(
        "--allowed-host <name>",
        "also answer requests for this host name (repeatable; '.example.com' allows its subdomains); others get 403",
      )
        .argParser(collect)
        .default([]),
    );
  }
  return command.action(async (...given: unknown[]) => {
    const raw = command.opts() as Record<string, unknown> & { root?: string; format?: string; quiet?: boolean };
    // A variadic argument (merge's shards) comes as one array: its items are the arguments.
    const texts = given
      .slice(0, spec.args?.length ?? 0)
      .flatMap((arg) => (Array.isArray(arg) ? arg : [arg]).map(String));
    const reporter = new Reporter({
      command: spec.name,
      format: spec.report ? formatOption(raw.format) : "text",
      quiet: raw.quiet,
      base: raw.root ?? texts[0],
      writes: spec.writes,
    });
    reportThrough(reporter);
    const { args, opts } = await checkValues(spec, texts, raw, parsers);
    const result = await spec.run(args as A, opts as O, reporter);
    if ("stop" in result) endOnSignalBy(result.stop);
    else exitWhenDone(reporter.finish(result));
  });
}

/** Every argument and option value checked: each bad one refused with its usage code, all at once. */
async function checkValues(
  spec: Pick<CommandSpec<never, never>, "args">,
  texts: string[],
  raw: Record<string, unknown>,
  parsers: Map<string, (given: never) => unknown>,
): Promise<{ args: unknown[]; opts: Record<string, unknown> }> {
  const refused: PpgError[] = [];
  const value = async (parse: (given: never) => unknown, given: unknown) => {
    try {
      return await parse(given as never);
    } catch (err) {
      if (!(err instanceof PpgError)) throw err;
      refused.push(err);
      return undefined;
    }
  };
  const args = await Promise.all(
    texts.map((text, i) => {
      const parse = spec.args?.[i]?.parse;
      return parse ? value(parse as (given: never) => unknown, text) : text;
    }),
  );
  const opts: Record<string, unknown> = { ...raw };
  for (const [name, parse] of parsers) opts[name] = await value(parse, raw[name]);
  if (refused.length) throw refused.length === 1 ? refused[0] : new PpgErrorList(refused);
  return { args, opts };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

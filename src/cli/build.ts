import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { defineCommand } from "./options.ts";
import { startProgress } from "./progress.ts";
import type { ReportFormat } from "../core/problems.ts";
import type { Outcome } from "./report.ts";

interface BuildFlags {
  root: string;
  out?: string;
  checkLinks?: string;
  timings?: boolean;
  force?: boolean;
  strict?: boolean;
  searchIndex: boolean;
  cache: boolean;
  clock?: string;
  explain?: boolean;
  verify?: boolean;
  shard?: string;
  placeholders?: boolean;
}

const LINK_MODES = ["error", "warn", "off"] as const;

export function registerBuild(program: Command): void {
  defineCommand<BuildFlags>(program, {
    name: "build",
    description: "validate site.yaml and content/, render every route and write the static site",
    root: "holding site.yaml, content/ and public/",
    clock: "build as of this day: pages dated later, drafts and expired pages are left out",
    report: "print nothing but errors",
    writes: true,
    options: [
      // No default here: a shard's is its own (a shard is not a site, and never takes the place of dist).
      ["-o, --out <dir>", "output folder, relative to the site folder (default: dist; with --shard, shard-<i>-of-<n>)"],
      [
        "--check-links <mode>",
        "broken internal links: error, warn or off (default: site.yaml's site.checkLinks, else error)",
      ],
      ["--force", "replace an output folder that ppguide did not create (its files are deleted)"],
      ["--no-search-index", "leave out the full-text search index (/pagefind/) that the /search page queries"],
      ["--no-cache", "render every page, not only those whose inputs changed since the last build"],
      [
        "--explain",
        "list each page rendered and the input that changed it (code, " +
          "site-wide data, its route, its Markdown, its listings, an image)",
      ],
      [
        "--verify",
        "build, then build again from nothing into a folder of the " +
          "output's store, and fail (exit 1) listing any file that differs",
      ],
      ["--shard <i/n>", "build only the i-th of n shards of the pages, for ppguide merge (docs/ci-and-editors.md)"],
      ["--timings", "print how long each stage took"],
      [
        "--strict",
        "fail, writing nothing, while the site holds placeholders (videos without an id, stand-in " +
          "ids, .example domains, bare social links), stub text of ppguide new, or figures written by hand",
      ],
      ["--placeholders", "list every placeholder left with its file:line:col, not only their count"],
    ],
    run: async (_args, opts, reporter) => {
      const checkLinks = LINK_MODES.find((mode) => mode === opts.checkLinks);
      if (opts.checkLinks !== undefined && !checkLinks)
        throw new PpgError("LinkModeInvalid", { value: opts.checkLinks });
      // Loaded on demand, so --help and --version do not pay for the whole pipeline.
      const { build } = await import("../engine/build.ts");
      const run = opts.verify ? (await import("../engine/verify.ts")).buildAndVerify : build;
      const shard =
        opts.shard === undefined ? undefined : (await import("../engine/shard.ts")).parseShardOption(opts.shard);
      const progress = reporter.format === "text" && !reporter.quiet ? startProgress() : undefined;
      try {
        return outcomeOf(
          await run({
            root: opts.root,
            out: opts.out ?? (shard ? `shard-${shard.index}-of-${shard.total}` : "dist"),
            shard,
            checkLinks,
            force: opts.force,
            strict: opts.strict,
            searchIndex: opts.searchIndex,
            cache: opts.cache,
            clock: opts.clock,
          }),
          opts,
          reporter.format,
          shard ? `Built shard ${shard.index}/${shard.total} of the site:` : "Built",
        );
      } finally {
        progress?.stop();
      }
    },
  });
}

type BuildResult = Awaited<ReturnType<typeof import("../engine/build.ts").build>>;

/** What a build (or merge) made, as its report: the summary, and in text the lines a person reads, in order. */
export async function outcomeOf(
  result: BuildResult,
  opts: Pick<BuildFlags, "explain" | "verify" | "timings" | "placeholders">,
  format: ReportFormat,
  verb: string,
): Promise<Outcome> {
  const pages = result.pages.filter((p) => p.kind !== "alias").length;
  const { outDir, aliases, assets, seconds, nextChange, timings } = result;
  const summary = {
    pages,
    rendered: result.rendered?.length ?? pages,
    ...(opts.explain ? { explained: result.rendered ?? [], indexed: result.indexed ?? [] } : {}),
    ...(opts.verify ? { verified: true } : {}),
    aliases,
    assets,
    outDir,
    seconds,
    nextChange: nextChange ?? null,
    ...(opts.timings ? { timings } : {}),
  };
  const lines: string[] = [];
  if (opts.explain) {
    for (const { route, reason } of result.rendered ?? []) lines.push(`  rendered ${route}: ${reason}`);
    for (const shard of result.indexed ?? []) lines.push(`  indexed /${shard}/: one of its pages or records changed`);
  }
  if (opts.timings)
    for (const [stage, ms] of Object.entries(result.timings)) lines.push(`  ${stage.padEnd(9)} ${ms.toFixed(0)} ms`);
  // Said only when pages were reused, so a first build reads as before.
  const rendered =
    result.rendered && result.rendered.length < result.pages.length
      ? ` (${result.rendered.length} rendered, the rest unchanged)`
      : "";
  lines.push(
    `${verb} ${pages} pages${rendered}, ${result.aliases} aliases and ${result.assets} ` +
      `assets into ${result.outDir} in ${result.seconds.toFixed(2)} s`,
  );
  if (opts.verify) lines.push("Verified: a clean build of the same sources writes the same files, byte for byte.");
  // Summed up in one line in text (each listed with --placeholders), with the websites on http:// that
  // wait for someone to try https://; JSON and GitHub give each as a warning.
  const websites = result.warnings.filter((w) => w.code === "WebsiteNotHttps");
  const grouped = [...result.placeholders, ...websites];
  if (grouped.length && format === "text") {
    const { formatPlaceholders } = await import("../check/placeholders.ts");
    lines.push(...formatPlaceholders(result.placeholders, websites, opts.placeholders === true));
  }
  // Last, where a scheduled CI job finds when to build next.
  if (result.nextChange) lines.push(`Next change: ${result.nextChange.date} (${result.nextChange.why})`);
  const warnings = result.warnings.filter((w) => w.code !== "WebsiteNotHttps");
  return { warnings, groupedWarnings: grouped, summary, lines };
}

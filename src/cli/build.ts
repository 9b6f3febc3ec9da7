import type { Command } from "commander";
import type { BuildOptions, BuildResult, LinkMode } from "../engine/build-state.ts";
import type { ShardSpec } from "../engine/build-state.ts";
import type { ReportFormat } from "../core/problems.ts";
import { defineCommand, OPTIONS, siteOutputOptions } from "./options.ts";
import { startProgress } from "./progress.ts";
import type { Outcome } from "./report.ts";

/** The site-building options build and merge share (cli/options.ts siteOutputOptions), as checked values. */
export interface SiteOutputFlags {
  root: string;
  out?: string;
  checkLinks?: LinkMode;
  force?: boolean;
  searchIndex: boolean;
  explain?: boolean;
  timings?: boolean;
  strict?: boolean;
  placeholders?: boolean;
  clock?: string;
}

/** The build options the shared flags set, the same for build and merge. */
export function siteBuildOptions(opts: SiteOutputFlags) {
  return {
    root: opts.root,
    linkMode: opts.checkLinks,
    force: opts.force,
    strict: opts.strict,
    searchIndex: opts.searchIndex,
    clock: opts.clock,
  } satisfies Partial<BuildOptions>;
}

interface BuildFlags extends SiteOutputFlags {
  cache: boolean;
  verify?: boolean;
  shard?: ShardSpec;
}

export function registerBuild(program: Command): void {
  defineCommand<BuildFlags>(program, {
    name: "build",
    description: "validate site.yaml and content/, render every route and write the static site",
    root: "holding site.yaml, content/ and public/",
    clock: "build as of this day: pages dated later, drafts and expired pages are left out",
    report: "print nothing but errors",
    writes: true,
    options: [...siteOutputOptions(), OPTIONS.cache, OPTIONS.verify, OPTIONS.shard],
    run: async (_args, opts, reporter) => {
      const { shard } = opts;
      const options: BuildOptions = {
        ...siteBuildOptions(opts),
        // A shard's folder is its own: a shard is not a site, and never takes the place of the output.
        out: opts.out ?? (shard && `shard-${shard.index}-of-${shard.total}`),
        shard,
        cache: opts.cache,
      };
      const progress = reporter.format === "text" && !reporter.quiet ? startProgress() : undefined;
      try {
        const result = opts.verify
          ? await (await import("../engine/verify.ts")).buildAndVerify(options)
          : await built(options);
        return outcomeOf(
          result,
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

/**
 * A build, its modules loaded on demand: --help and --version pay for none of the pipeline, and a build of the
 * very inputs the served copy was built from ends at its first look, which loads none of it either.
 */
async function built(options: BuildOptions): Promise<BuildResult> {
  const look = (await import("../engine/first-look.ts")).firstLook(options);
  return look.result ?? (await import("../engine/build.ts")).build(options, look);
}

/** What a build (or merge) made, as its report: the summary, and in text the lines a person reads, in order. */
export async function outcomeOf(
  result: BuildResult,
  opts: Pick<BuildFlags, "explain" | "verify" | "timings" | "placeholders">,
  format: ReportFormat,
  verb: string,
): Promise<Outcome> {
  const pages = result.pages.filter((p) => !p.redirect).length;
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
    if (result.indexed?.length)
      lines.push(
        `  search index: ${result.indexed.length} files written, the rest unchanged (${result.indexed.join(", ")})`,
      );
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
    const { formatPlaceholders } = await import("../audits/placeholder-summary.ts");
    lines.push(...formatPlaceholders(result.placeholders, websites, opts.placeholders === true));
  }
  // Last, where a scheduled CI job finds when to build next.
  if (result.nextChange) lines.push(`Next change: ${result.nextChange.date} (${result.nextChange.why})`);
  const warnings = result.warnings.filter((w) => w.code !== "WebsiteNotHttps");
  return { warnings, groupedWarnings: grouped, summary, lines };
}

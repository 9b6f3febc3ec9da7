import { appendFileSync, existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { PpgError } from "./errors.ts";

/**
 * Problems for machines: the same located problems a terminal shows, as JSON for other tools or
 * as GitHub's workflow commands, which put each on the pull request's diff.
 */
export type ReportFormat = "text" | "json" | "github";
export const REPORT_FORMATS: readonly ReportFormat[] = ["text", "json", "github"];
export type Severity = "error" | "warning";

/** One problem in the JSON report: always every field, null where there is nothing to say. */
export interface Problem {
  code: string;
  severity: Severity;
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  hint: string | null;
}

/** Bumped when a field changes meaning or goes away; new fields may appear without a bump. */
export const REPORT_VERSION = 1;

export interface JsonReport {
  version: typeof REPORT_VERSION;
  command: string;
  ok: boolean;
  exitCode: number;
  /** Stopped by SIGINT (exit 130) or SIGTERM (exit 143) before it finished. */
  interrupted: boolean;
  problems: Problem[];
  /** What the command made or checked (pages, seconds, …), when it got that far. */
  summary: Record<string, unknown> | null;
}

/**
 * GitHub Actions sets GITHUB_ACTIONS=true in every step
 * (https://docs.github.com/en/actions/reference/variables-reference).
 */
export function defaultFormat(env: NodeJS.ProcessEnv = process.env): ReportFormat {
  return env.GITHUB_ACTIONS === "true" ? "github" : "text";
}

export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}

export function toProblem(e: PpgError, severity: Severity): Problem {
  return {
    code: e.code,
    severity,
    file: e.location?.file ?? null,
    line: e.location?.line ?? null,
    column: e.location?.column ?? null,
    // The YAML path (`routes[3].related`) is part of what a reader is told.
    message: e.path ? `${e.path}: ${e.message}` : e.message,
    hint: e.hint || null,
  };
}

export function jsonReport(report: Omit<JsonReport, "version">): string {
  return `${JSON.stringify({ version: REPORT_VERSION, ...report }, null, 2)}\n`;
}

// As actions/toolkit packages/core/src/command.ts escapes them, which is how the runner reads them back.
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function escapeProperty(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * `::error file=content/a.md,line=3,col=5,title=BrokenLink::message`, with the file relative to
 * the repository's root so that GitHub places the annotation on the diff. Properties without a
 * value are left out, as the toolkit does.
 */
export function githubCommand(p: Problem, fileFor: (file: string) => string = (f) => f): string {
  const props: [string, string | number | null][] = [
    ["file", p.file === null ? null : fileFor(p.file)],
    ["line", p.line],
    ["col", p.column],
    ["title", p.code],
  ];
  const shown = props.filter(([, v]) => v !== null && v !== "").map(([k, v]) => `${k}=${escapeProperty(String(v))}`);
  const message = p.hint ? `${p.message}. ${p.hint}` : p.message;
  return `::${p.severity}${shown.length ? ` ${shown.join(",")}` : ""}::${escapeData(message)}`;
}

/**
 * Maps a path relative to `base` (the site folder, or the folder check-links read) to one
 * relative to the repository's root: GITHUB_WORKSPACE in a workflow, else the nearest folder
 * above holding `.git`, else `base` itself.
 */
export function repositoryPaths(base: string, env: NodeJS.ProcessEnv = process.env): (file: string) => string {
  const from = resolve(base);
  const root = env.GITHUB_WORKSPACE ? resolve(env.GITHUB_WORKSPACE) : gitRoot(from);
  return (file) => {
    if (isAbsolute(file)) return file;
    const rel = relative(root ?? from, join(from, file));
    return rel.startsWith("..") ? file : rel.split(sep).join("/");
  };
}

function gitRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * GitHub refuses a step summary larger than this
 * (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions#step-isolation-and-limits).
 */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

/**
 * A Markdown table of every problem, for $GITHUB_STEP_SUMMARY: GitHub shows at most ten error
 * annotations a step, the summary shows them all. Cut at a row boundary to stay under the limit.
 */
export function stepSummary(
  title: string,
  problems: readonly Problem[],
  fileFor: (file: string) => string = (f) => f,
  limit = STEP_SUMMARY_LIMIT,
): string {
  const cell = (s: string) => s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
  const head = `### ${title}\n\n`;
  if (problems.length === 0) return `${head}No problems.\n`;
  const lines = [`| | code | where | problem | what to do |`, `|---|---|---|---|---|`];
  let size = Buffer.byteLength(head + lines.join("\n"));
  // Room for the line saying how many were left out.
  const room = limit - 200;
  let shown = 0;
  for (const p of problems) {
    const where =
      p.file === null ? "" : `\`${cell(fileFor(p.file))}${p.line === null ? "" : `:${p.line}:${p.column ?? 1}`}\``;
    const row =
      `| ${p.severity === "error" ? "❌" : "⚠️"} | \`${p.code}\` ` +
      `| ${where} | ${cell(p.message)} | ${cell(p.hint ?? "")} |`;
    const bytes = Buffer.byteLength(row) + 1;
    if (size + bytes > room) break;
    lines.push(row);
    size += bytes;
    shown++;
  }
  const left = problems.length - shown;
  const more = left
    ? `\n${left} more problem${left === 1 ? "" : "s"} not shown: a step summary holds at most 1 MiB.\n`
    : "";
  return `${head}${lines.join("\n")}\n${more}`;
}

/** Appends to the step's summary file when GitHub gave one; a step's summaries add up. */
export function writeStepSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  appendFileSync(file, `${markdown}\n`);
}

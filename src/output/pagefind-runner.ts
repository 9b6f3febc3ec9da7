import { fork } from "node:child_process";
import { join } from "node:path";
import type { PagefindServiceConfig } from "pagefind";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { PpgError } from "../core/errors.ts";

/** What one index needs: Pagefind's options, the folder of pages to add, the records, and where to write. */
export interface PagefindJob {
  options: PagefindServiceConfig;
  /** A folder of pages, or undefined for none. */
  pages?: string;
  records: ({ url: string; content: string } | { url: string; content: string; language: string; meta: object })[];
  out: string;
}

const CHILD = join(PACKAGE_DIR, "src/output/pagefind-child.mjs");
/** What is kept of what the tool printed: its last words say why it stopped. */
const KEEP = 4000;
/** A full disk as Pagefind (Rust: io::ErrorKind::StorageFull, os error 28) or Node says it. */
const DISK_FULL = /StorageFull|No space left on device|os error 28|ENOSPC/i;

/**
 * How long Pagefind may take over `items` pages and records: ten times what it needs on a slow
 * machine (16,000 pages take 12 s), so only a hung tool reaches it. PPGUIDE_DEADLINE_SCALE
 * multiplies every deadline of an outside tool (a slower machine may raise it; tests lower it).
 */
export function indexDeadline(items: number): number {
  return (60_000 + items * 10) * deadlineScale();
}

export function deadlineScale(): number {
  const scale = Number(process.env.PPGUIDE_DEADLINE_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/**
 * Runs one Pagefind job in a child process of its own process group (pagefind-child.mjs), under
 * a deadline. A failure of any kind (the binary's errors, its exit, a garbled answer, a panic) is
 * SearchIndexFailed with what it said; a hang past the deadline is ToolTimedOut, and the whole
 * group is killed, the binary with it; a full disk is DiskFull naming the folder written. The
 * promise settles only once the child has exited, so nothing is still writing into `job.out`.
 */
export function runPagefind(job: PagefindJob): Promise<void> {
  const items = job.records.length + (job.pages ? 1_000 : 0);
  const ms = indexDeadline(items);
  return new Promise<void>((resolve, reject) => {
    const child = fork(CHILD, [], {
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      detached: true,
      execArgv: [],
      serialization: "advanced",
    });
    let said = "";
    const hear = (chunk: Buffer) => {
      said = (said + chunk.toString("utf8")).slice(-KEEP);
    };
    child.stdout?.on("data", hear);
    child.stderr?.on("data", hear);
    let answer: { problems: string[] } | undefined;
    let late = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    };
    const timer = setTimeout(() => {
      late = true;
      killGroup();
    }, ms);
    // The group is detached from the terminal's, so Ctrl-C does not reach it: ending the build
    // (an interrupt exits through process.exit) ends it too.
    process.on("exit", killGroup);
    child.on("message", (message) => {
      answer = message as { problems: string[] };
    });
    child.on("error", (err) => {
      said += `\n${err.message}`;
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      process.off("exit", killGroup);
      // The binary may outlive a child that exited: nothing of the group may go on writing.
      killGroup();
      if (late)
        return reject(
          new PpgError("ToolTimedOut", { what: "Pagefind (the search index)", seconds: Math.round(ms / 1000) }),
        );
      const problems = answer?.problems ?? [
        `Pagefind stopped without an answer (${signal ? `signal ${signal}` : `exit code ${code}`})`,
      ];
      if (answer && problems.length === 0 && code === 0) return resolve();
      const all = [...problems, ...toolWords(said)];
      if (DISK_FULL.test(`${all.join("\n")}\n${said}`))
        return reject(new PpgError("DiskFull", { path: job.out, folder: job.out, errno: "ENOSPC" }));
      reject(new PpgError("SearchIndexFailed", { problems: all }));
    });
    child.send(job);
  });
}

/**
 * What the tool itself said, without the stack traces Pagefind's Node API prints when its binary
 * goes away ("Service stopped", an error's indented frames and fields).
 */
function toolWords(said: string): string[] {
  const lines = said
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line && !/^\s|^[{}]|^Service stopped|^Error: write EPIPE/.test(line));
  return lines.length ? [`it said: ${lines.slice(-6).join(" / ")}`] : [];
}

import { fork, type Serializable } from "node:child_process";
import { join } from "node:path";
import type { PagefindServiceConfig } from "pagefind";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { PpgError } from "../core/errors.ts";

/** Given to Pagefind besides the pages: a listing (a small document) or a page's keywords (a custom record). */
export type PagefindRecord =
  | { url: string; content: string }
  | { url: string; content: string; language: string; meta: Record<string, string> };

/** One index being made: pages given as they are made, then the files written. */
export interface PagefindRun {
  /**
   * Gives Pagefind pages (a URL and its HTML); it parses them while the caller goes on, in the
   * order given. Settles once the message has left this process (a caller with every page at hand
   * waits, so that they are not all held here at once).
   */
  add(pages: { url: string; content: string }[]): Promise<void>;
  /** Writes the index into `out` once every folder given is parsed; settles once the process has exited. */
  finish(out: string, items: number): Promise<void>;
  /** Ends the process and its binary at once (the build failed or no longer needs this index). */
  abort(): void;
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
 * Starts one index in a child process of its own process group (pagefind-child.mjs), given its
 * options and records at once, so that Pagefind starts and reads the records while the pages are
 * still being made. A failure of any kind (the binary's errors, its exit, a garbled answer, a
 * panic) is SearchIndexFailed with what it said, reported by finish(); a hang past the deadline
 * (counted from finish(), over `items` pages and records) is ToolTimedOut, and the whole group is
 * killed, the binary with it; a full disk is DiskFull naming the folder written. finish() settles
 * only once the child has exited, so nothing is still writing into `out`.
 */
export function startPagefind(options: PagefindServiceConfig, records: PagefindRecord[]): PagefindRun {
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
  // Once the group is ended its number is free: a later abort() must not reach whoever takes it.
  let ended = false;
  const killGroup = () => {
    if (ended) return;
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  };
  // The group is detached from the terminal's, so Ctrl-C does not reach it: ending the build
  // (an interrupt exits through process.exit) ends it too.
  process.on("exit", killGroup);
  child.on("message", (message) => {
    answer = message as { problems: string[] };
  });
  child.on("error", (err) => {
    said += `\n${err.message}`;
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      process.off("exit", killGroup);
      // The binary may outlive a child that exited: nothing of the group may go on writing.
      killGroup();
      ended = true;
      resolve({ code, signal });
    }),
  );
  // A child gone already (a binary that would not start) takes no more messages: what it said is
  // reported by finish().
  const send = (message: Serializable) =>
    new Promise<void>((sent) => (child.connected ? child.send(message, () => sent()) : sent()));
  void send({ options, records });
  return {
    add: (pages) => send({ pages }),
    abort: killGroup,
    async finish(out, items) {
      const ms = indexDeadline(items);
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        killGroup();
      }, ms);
      void send({ finish: out });
      const { code, signal } = await closed;
      clearTimeout(timer);
      if (late)
        throw new PpgError("ToolTimedOut", { what: "Pagefind (the search index)", seconds: Math.round(ms / 1000) });
      const problems = answer?.problems ?? [
        `Pagefind stopped without an answer (${signal ? `signal ${signal}` : `exit code ${code}`})`,
      ];
      if (answer && problems.length === 0 && code === 0) return;
      const all = [...problems, ...toolWords(said)];
      if (DISK_FULL.test(`${all.join("\n")}\n${said}`))
        throw new PpgError("DiskFull", { path: out, folder: out, errno: "ENOSPC" });
      throw new PpgError("SearchIndexFailed", { problems: all });
    },
  };
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

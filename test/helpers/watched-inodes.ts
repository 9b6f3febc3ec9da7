/**
 * What this process watches, as the kernel holds it (Linux): every inotify watch's inode and
 * device, read from /proc/self/fdinfo. So a test asks whether a file is watched, whoever asked
 * for the watch (chokidar re-watches a path through a link swapped in on it).
 */
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";

/** `ino@sdev` of every inotify watch this process holds. */
export function watchedInodes(): Set<string> {
  const found = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (!target.includes("inotify")) continue;
    const info = readFileSync(`/proc/self/fdinfo/${fd}`, "utf8");
    for (const m of info.matchAll(/^inotify wd:\S+ ino:([0-9a-f]+) sdev:([0-9a-f]+)/gm)) found.add(`${m[1]}@${m[2]}`);
  }
  return found;
}

/** The key watchedInodes() gives the file at `path` (followed through links), in the kernel's own encoding. */
export function inodeKey(path: string): string {
  const { ino, dev } = statSync(path);
  const major = (dev >> 8) & 0xfff;
  const minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);
  return `${ino.toString(16)}@${((major << 20) | minor).toString(16)}`;
}

/** Whether inotify can be read here (Linux, with /proc). */
export const CAN_SEE_WATCHES = (() => {
  try {
    readdirSync("/proc/self/fdinfo");
    return true;
  } catch {
    return false;
  }
})();

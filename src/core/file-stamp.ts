import { readlinkSync, type Stats } from "node:fs";

/**
 * A file's stamp, as git's index keeps one: its kind, identity, size and times, and a link's
 * target. A file whose stamp is as recorded is taken to be the file recorded, unread; any write,
 * `touch`, checkout or copy gives it another stamp.
 */
export function fileStamp(s: Stats, path: string): string {
  return `${kindName(s)} ${s.ino} ${s.size} ${s.mtimeMs} ${s.ctimeMs}${linkTarget(s, path)}`;
}

/**
 * A stamp taken less than this after the file's last change is not trusted: a second write in the
 * same tick of the clock can leave a file's times as they were (git's "racily clean" entry), so
 * only a stamp older than any later write may stand for the file's bytes.
 */
export const RACY_MS = 2_000;

/** Whether a file last changed at `s`'s times was changed within RACY_MS before `at` (or after it). */
export function changedNear(s: Stats, at: number): boolean {
  return Math.max(s.mtimeMs, s.ctimeMs) >= at - RACY_MS;
}

export const kindName = (s: Stats) => (s.isFile() ? "file" : s.isSymbolicLink() ? "link" : "other");
export const linkTarget = (s: Stats, path: string) => (s.isSymbolicLink() ? ` -> ${readlinkSync(path)}` : "");

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

/** When a file was last changed, by its times: its bytes (mtime) or its entry (ctime). */
export function changedAt(s: Stats): number {
  return Math.max(s.mtimeMs, s.ctimeMs);
}

/** When the file a stamp (fileStamp) was taken of was last changed, as changedAt says. */
export function stampChangedAt(stamp: string): number {
  const [, , , mtime, ctime] = stamp.split(" ");
  return Math.max(Number(mtime), Number(ctime));
}

/** Whether a change at `changed` (changedAt) is too near `at`, when stamps are taken, for a stamp to be trusted. */
export function changedNear(changed: number, at: number): boolean {
  return changed >= at - RACY_MS;
}

export const kindName = (s: Stats) => (s.isFile() ? "file" : s.isSymbolicLink() ? "link" : "other");
export const linkTarget = (s: Stats, path: string) => (s.isSymbolicLink() ? ` -> ${readlinkSync(path)}` : "");

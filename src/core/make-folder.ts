import { mkdirSync, statfsSync, statSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";

/**
 * mkdir -p in a bounded number of steps: one stat per missing folder on the way up, then one plain
 * mkdir per folder on the way down, each failing with its own reason. Node's recursive mkdir
 * retries a parent that exists without end when the kernel answers ENOENT for a child it will
 * never allow (`/proc/x`): the build spun at 100% CPU in a synchronous call that no signal could
 * interrupt. And on a read-only filesystem it reports ENOENT (which exited 70, "a bug") where a
 * plain mkdir says EROFS.
 */
export function makeFolder(path: string): void {
  const missing: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    const found = statSync(p, { throwIfNoEntry: false });
    if (found) break;
    missing.push(p);
    if (dirname(p) === p) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (err) {
      // Made meanwhile by someone else (another build, a second writer): what was wanted.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || !statSync(folder).isDirectory()) throw err;
    }
  }
}

/** The kernel's own filesystems, where a folder holds no files of anyone's: by the top folder they are mounted at... */
const KERNEL_FOLDERS = ["proc", "sys", "dev"];
/** ...and by statfs(2)'s f_type, wherever they are mounted (linux/magic.h). */
const KERNEL_TYPES = new Map<number, string>([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0xcafe4a11, "bpf"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
  [0x62656570, "configfs"],
  [0x65735543, "fusectl"],
  [0x42494e4d, "binfmt_misc"],
]);

/**
 * The kernel filesystem `path` (absolute) is on, as a message names it ("/proc", "sysfs"), or
 * undefined for a filesystem that stores files. Judged by the path as written and by its nearest
 * existing folder's filesystem, so `/proc/self/fd/x` and a procfs mounted elsewhere are both found.
 */
export function kernelFilesystem(path: string): string | undefined {
  const top = path.split(sep)[1];
  if (top !== undefined && KERNEL_FOLDERS.includes(top)) return `/${top}`;
  for (let p = path; ; p = dirname(p)) {
    let type: number | undefined;
    try {
      type = statfsSync(p).type;
    } catch {
      if (dirname(p) === p) return undefined;
      continue;
    }
    return KERNEL_TYPES.get(type);
  }
}

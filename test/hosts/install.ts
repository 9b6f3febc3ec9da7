/**
 * The host suites' tools (wrangler, Netlify's parsers, vnu-jar), installed from test/hosts' lock when missing or
 * stale: by tools.ts, when a host suite first imports it, so a run of any other test file installs nothing.
 */
import { fileURLToPath } from "node:url";
import { installFromLock } from "../helpers/install-from-lock.ts";

export const HOSTS_DIR = fileURLToPath(new URL(".", import.meta.url));

export function installHostTools(): void {
  const installed = installFromLock(HOSTS_DIR, "the host suites' tools");
  // npm compares wrangler's `engines` with the Node that runs npm, not with the one that will run wrangler (tools.ts).
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (installed && (major < 22 || (major === 22 && minor < 12)))
    process.stderr.write(
      `(npm's EBADENGINE warning above is expected: wrangler asks for Node 22.12 or later, and the host suites run ` +
        `it on the Node 22 test/hosts installs, not on this Node ${process.version}: test/hosts/tools.ts.)\n`,
    );
}

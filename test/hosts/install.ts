/** Vitest global setup: the host suites' tools (wrangler, Netlify's parsers, vnu-jar), installed from test/hosts' lock when missing or stale. */
import { installFromLock } from "../helpers/install-from-lock.ts";
import { HOSTS_DIR } from "./tools.ts";

export default function setup(): void {
  installFromLock(HOSTS_DIR, "the host suites' tools");
}

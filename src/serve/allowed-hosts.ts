import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * The names dev and preview answer to. A page on another site can point a name it controls at
 * 127.0.0.1 (DNS rebinding) and then read whatever the local server answers; the browser still
 * sends that name as Host, so a server that answers only its own names is safe (the attack Vite
 * closed with `server.allowedHosts`, CVE-2025-24010). Answered: localhost, 127.0.0.1, [::1],
 * `listenHost` (--host) and `extra` (--allowed-host; a leading '.' allows the subdomains too).
 */
export function hostAllowed(
  hostHeader: string | undefined,
  listenHost: string,
  extra: readonly string[] = [],
): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  if (!name) return false;
  return [...LOCAL_NAMES, listenHost, ...extra].some((allowed) => {
    const a = allowed.toLowerCase().replace(/^\[|\]$/g, "");
    return a.startsWith(".") ? name === a.slice(1) || name.endsWith(a) : name === a;
  });
}

const LOCAL_NAMES = ["localhost", "127.0.0.1", "::1"];

/**
 * `Host: [::1]:4321` → `::1`, `Host: Example.COM.:80` → `example.com`; undefined when the header
 * is not a name and an optional port. The whole header is read: taking the bracketed part alone
 * let `[::1].evil.example` pass as ::1.
 */
function hostName(header: string): string | undefined {
  const host = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d*)?$/.exec(host);
  if (bracketed) return bracketed[1];
  if (host.includes("[") || host.includes("]")) return undefined;
  return host.replace(/:\d*$/, "").replace(/\.$/, "");
}

/**
 * Puts the check in front of every request `server` answers (both servers call this through
 * listenOnFreePort, so neither can forget it): another name gets 403 and nothing else runs.
 */
export function guardHost(server: Server, listenHost: string, extra: readonly string[] = []): void {
  const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (hostAllowed(req.headers.host, listenHost, extra)) {
      for (const handler of handlers) handler(req, res);
      return;
    }
    const name = req.headers.host ?? "(none)";
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(
      `Blocked: this server does not answer to the name '${name}'. If you meant to reach ` +
        `it by that name, restart it with --allowed-host ${name.replace(/:\d+$/, "")}.\n`,
    );
  });
}

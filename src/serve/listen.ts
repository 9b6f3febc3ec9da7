import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { PpgError } from "../core/errors.ts";
import { guardHost } from "./allowed-hosts.ts";

export interface ListenOptions {
  host: string;
  /** 0 picks any free port. */
  port: number;
  /** How many ports after `port` to try when it is taken. */
  attempts?: number;
  /** Names besides localhost and `host` the server answers to (--allowed-host). */
  allowedHosts?: readonly string[];
}

/** Listens on `port`, or the next free one when it is taken (dev and preview); returns the port it got. */
export async function listenOnFreePort(server: Server, opts: ListenOptions): Promise<number> {
  guardHost(server, opts.host, opts.allowedHosts);
  const attempts = opts.port === 0 ? 1 : (opts.attempts ?? 20);
  for (let i = 0; i < attempts; i++) {
    try {
      await new Promise<void>((ok, fail) => {
        const onError = (err: Error) => {
          server.off("listening", onListening);
          fail(err);
        };
        const onListening = () => {
          server.off("error", onError);
          ok();
        };
        server.once("error", onError);
        server.once("listening", onListening);
        server.listen(opts.port + i, opts.host);
      });
      return (server.address() as AddressInfo).port;
    } catch (err) {
      const errno = (err as NodeJS.ErrnoException).code;
      if (errno === "EADDRINUSE" && i < attempts - 1) continue;
      // Where to listen is what the command was told: an address this machine does not have
      // (EADDRNOTAVAIL), a name it cannot resolve (ENOTFOUND), a port it may not take, are the
      // command used wrongly, exit 2 with what to pass instead (once: they exited 70).
      if (typeof errno === "string")
        throw new PpgError("ListenFailed", {
          host: opts.host,
          port: opts.port + i,
          errno,
          ...(attempts > 1 && errno === "EADDRINUSE" && { tried: attempts }),
        });
      throw err;
    }
  }
  throw new Error("unreachable");
}

import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
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
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || i === attempts - 1) throw err;
    }
  }
  throw new Error("unreachable");
}

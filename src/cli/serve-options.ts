import { InvalidArgumentError, type Command } from "commander";

/** --port, --host and --allowed-host, as `dev` and `preview` both take them; a bad port is a usage error (exit 2). */
export function serveOptions(command: Command): Command {
  return command
    .option("-p, --port <n>", "port to serve on (the next free one if taken)", parsePort, 4321)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--allowed-host <name>", "also answer requests for this host name (repeatable; '.example.com' allows its subdomains); others get 403", collect, []);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("it must be a whole number from 0 to 65535.");
  return port;
}

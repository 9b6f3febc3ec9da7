import { spawn } from "node:child_process";
import type { Command } from "commander";

export function registerDev(program: Command): void {
  program
    .command("dev")
    .description("build in memory, serve the site with live reload, and rebuild what each saved file changes")
    .option("-r, --root <dir>", "site folder holding site.yaml, content/ and public/", ".")
    .option("-p, --port <n>", "port to serve on (the next free one if taken)", "4321")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--open", "open the preview in the default browser")
    .action(async (opts: { root: string; port: string; host: string; open?: boolean }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        console.error(`--port must be a whole number from 0 to 65535, not '${opts.port}'`);
        process.exit(2);
      }
      const { startDev } = await import("../dev/index.ts");
      const dev = await startDev({ root: opts.root, port, host: opts.host });
      if (opts.open) openBrowser(dev.url);
      let stopping = false;
      const stop = async () => {
        // A second Ctrl-C while closing means "now".
        if (stopping) process.exit(130);
        stopping = true;
        await dev.close();
        console.log("Stopped.");
        process.exit(0);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
}

function openBrowser(url: string): void {
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  const child = spawn(cmd, args, { stdio: "ignore", detached: true });
  child.on("error", () => console.log(`Open ${url} in your browser.`));
  child.unref();
}

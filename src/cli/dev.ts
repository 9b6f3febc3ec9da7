import { spawn } from "node:child_process";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";

export function registerDev(program: Command): void {
  defineCommand(program, {
    name: "dev",
    description: "build in memory, serve the site with live reload, and rebuild what each saved file changes",
    root: "holding site.yaml, content/ and public/",
    serve: true,
    options: [["--open", "open the preview in the default browser"]],
  }).action(async (opts: { root: string; port: number; host: string; allowedHost: string[]; open?: boolean }) => {
    const { startDev } = await import("../dev/index.ts");
    const dev = await startDev({ root: opts.root, port: opts.port, host: opts.host, allowedHosts: opts.allowedHost });
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
  const [cmd, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  const child = spawn(cmd, args, { stdio: "ignore", detached: true });
  child.on("error", () => console.log(`Open ${url} in your browser.`));
  child.unref();
}

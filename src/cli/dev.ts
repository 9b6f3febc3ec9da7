import { spawn } from "node:child_process";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";

export function registerDev(program: Command): void {
  defineCommand<{ root: string; port: number; host: string; allowedHost: string[]; clock?: string; open?: boolean }>(
    program,
    {
      name: "dev",
      description: "build in memory, serve the site with live reload, and rebuild what each saved file changes",
      root: "holding site.yaml, content/ and public/",
      clock: "preview as of this day: the banners say which pages are drafts, not yet published or expired",
      serve: true,
      options: [["--open", "open the preview in the default browser"]],
      run: async (_args, opts) => {
        const { host, port, clock } = opts;
        const { startDev } = await import("../dev/index.ts");
        const dev = await startDev({ root: opts.root, port, host, allowedHosts: opts.allowedHost, clock });
        if (opts.open) openBrowser(dev.url);
        return {
          stop: async () => {
            await dev.close();
            console.log("Stopped.");
          },
        };
      },
    },
  );
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

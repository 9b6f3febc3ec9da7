import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";

export function registerPreview(program: Command): void {
  defineCommand(program, {
    name: "preview",
    description:
      "serve the built site as Cloudflare Pages does (_redirects, " +
      "clean URLs: /x is x.html, _headers, 404.html); no rebuilding",
    root: "the output folder is relative to",
    serve: true,
    options: [["-o, --out <dir>", "the built output folder to serve", "dist"]],
  }).action(async (opts: { root: string; out: string; port: number; host: string; allowedHost: string[] }) => {
    const dir = resolve(opts.root, opts.out);
    if (!existsSync(join(dir, "index.html"))) {
      const rootOption = opts.root === "." ? "" : ` --root ${opts.root}`;
      console.error(`${dir} holds no built site (no index.html). Run ppguide build${rootOption} first.`);
      process.exit(1);
    }
    const { startPreview } = await import("../preview/server.ts");
    const preview = await startPreview({ dir, port: opts.port, host: opts.host, allowedHosts: opts.allowedHost });
    for (const p of preview.problems)
      console.warn(`${join(dir, p.file)}:${p.line}  ${p.message}; the line is ignored, as a host would.`);
    console.log(`Serving ${dir} at ${preview.url}/ (Ctrl-C to stop)`);
    const stop = async () => {
      await preview.close();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

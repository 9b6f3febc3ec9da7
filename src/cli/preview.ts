import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";

export function registerPreview(program: Command): void {
  program
    .command("preview")
    .description("serve the built site as a static host would (clean URLs, _redirects, _headers, 404.html); no rebuilding")
    .option("-r, --root <dir>", "site folder the output folder is relative to", ".")
    .option("-o, --out <dir>", "the built output folder to serve", "dist")
    .option("-p, --port <n>", "port to serve on (the next free one if taken)", "4321")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action(async (opts: { root: string; out: string; port: string; host: string }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        console.error(`--port must be a whole number from 0 to 65535, not '${opts.port}'`);
        process.exit(2);
      }
      const dir = resolve(opts.root, opts.out);
      if (!existsSync(join(dir, "index.html"))) {
        console.error(`${dir} holds no built site (no index.html). Run ppguide build${opts.root === "." ? "" : ` --root ${opts.root}`} first.`);
        process.exit(1);
      }
      const { startPreview } = await import("../preview/server.ts");
      const preview = await startPreview({ dir, port, host: opts.host });
      for (const p of preview.problems) console.warn(`${join(dir, p.file)}:${p.line}  ${p.message}; the line is ignored, as a host would.`);
      console.log(`Serving ${dir} at ${preview.url}/ (Ctrl-C to stop)`);
      const stop = async () => {
        await preview.close();
        process.exit(0);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
}

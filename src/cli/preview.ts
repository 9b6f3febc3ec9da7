import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { DEFAULT_OUT } from "../core/output-names.ts";
import { defineCommand } from "./options.ts";

export function registerPreview(program: Command): void {
  defineCommand<{ root: string; out: string; port: number; host: string; allowedHost: string[] }>(program, {
    name: "preview",
    description:
      "serve the built site as Cloudflare Pages does (_redirects, " +
      "clean URLs: /x is x.html, _headers, 404.html); no rebuilding",
    root: "the output folder is relative to",
    serve: true,
    options: [["-o, --out <dir>", "the built output folder to serve", DEFAULT_OUT]],
    run: async (_args, opts, reporter) => {
      const dir = resolve(opts.root, opts.out);
      if (!existsSync(join(dir, "index.html"))) {
        const build = `npx ppguide build${opts.root === "." ? "" : ` --root ${opts.root}`}`;
        throw new PpgError("NothingBuilt", { dir, build });
      }
      const { startPreview } = await import("../preview/server.ts");
      const { port, host, allowedHost } = opts;
      const preview = await startPreview({ dir, port, host, allowedHosts: allowedHost });
      for (const p of preview.problems)
        reporter.warn(
          new PpgError(
            "HostRuleIgnored",
            { reason: p.message },
            { location: { file: join(opts.out, p.file), line: p.line, column: 1 } },
          ),
        );
      console.log(`Serving ${dir} at ${preview.url}/ (Ctrl-C to stop)`);
      return { stop: () => preview.close() };
    },
  });
}

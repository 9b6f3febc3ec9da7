import { resolve } from "node:path";
import type { Command } from "commander";
import { PpgError } from "../core/errors.ts";
import { defineCommand } from "./options.ts";

export function registerNew(program: Command): void {
  defineCommand<{ root: string; clock?: string }>(program, {
    name: "new",
    description:
      "add a page as a draft: its route in site.yaml (after the last of its kind, comments kept) and a stub to write",
    args: [
      ["<kind>", "article, recipe or listing (a directory page with its listings file)"],
      ["<slug>", "the page's path without the slash, e.g. carnival-puerto-plata"],
    ],
    root: "holding site.yaml",
    clock: "the day written as its dates",
    report: "print nothing but errors",
    writes: true,
    run: async ([kind = "", slug = ""], opts) => {
      const { NEW_KINDS, newPage } = await import("../site/new-page.ts");
      const newKind = NEW_KINDS.find((k) => k === kind);
      if (!newKind) throw new PpgError("KindInvalid", { kind });
      const { resolveClock } = await import("../site/schedule.ts");
      const root = resolve(opts.root);
      // Asked only once the entry is made: a route the build would refuse is a usage error (NewPageRefused).
      const clashes = async () => (await import("../output/new-route-clashes.ts")).outputClashes(root);
      const done = await newPage(root, newKind, slug, resolveClock(opts.clock), { clashes });
      const wrote = done.files.filter((f) => f !== "site.yaml").join(" and ");
      return {
        summary: { path: done.path, files: done.files, line: done.line },
        lines: [
          `Added ${done.path} to site.yaml at line ${done.line}, as a draft; wrote ${wrote}.`,
          "Preview it with ppguide dev; remove `draft: true` from its entry to publish it.",
        ],
      };
    },
  });
}

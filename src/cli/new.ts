import { resolve } from "node:path";
import type { Command } from "commander";
import { currentDay } from "../core/clock.ts";
import { PpgError } from "../core/errors.ts";
import { defineCommand } from "./options.ts";
import type { NewKind } from "../site/new-page.ts";

export function registerNew(program: Command): void {
  defineCommand<{ root: string; clock?: string }, [NewKind, string]>(program, {
    name: "new",
    description:
      "add a page as a draft: its route in site.yaml (after the last of its kind, comments kept) and a stub to write",
    args: [
      {
        name: "<kind>",
        help: "article, recipe or listing (a directory page with its listings file)",
        parse: async (kind) => {
          const { NEW_KINDS } = await import("../site/new-page.ts");
          return NEW_KINDS.find((k) => k === kind) ?? refuse(new PpgError("KindInvalid", { kind }));
        },
      },
      {
        name: "<slug>",
        help: "the page's path without the slash, e.g. carnival-puerto-plata",
        parse: (slug) =>
          /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : refuse(new PpgError("SlugInvalid", { slug })),
      },
    ],
    root: "holding site.yaml",
    clock: "the day written as its dates",
    report: "print nothing but errors",
    writes: true,
    run: async ([kind, slug], opts) => {
      const { newPage } = await import("../site/new-page.ts");
      const root = resolve(opts.root);
      // Asked only once the entry is made: a route the build would refuse is a usage error (NewPageRefused).
      const clashes = async () => (await import("../output/new-route-clashes.ts")).outputClashes(root);
      const done = await newPage(root, kind, slug, currentDay(opts.clock), { clashes });
      const wrote = done.files.filter((f) => f !== "site.yaml").join(" and ");
      return {
        summary: { path: done.path, files: done.files, line: done.line },
        lines: [
          `Added ${done.path} to site.yaml at line ${done.line}, as a draft; wrote ${wrote}.`,
          "Preview it with npx ppguide dev; write each TODO line, then remove `draft: true` from its entry " +
            "to publish it.",
        ],
      };
    },
  });
}

function refuse(err: PpgError): never {
  throw err;
}

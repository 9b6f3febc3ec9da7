import { resolve } from "node:path";
import type { Command } from "commander";
import { defineCommand } from "./options.ts";

export function registerNew(program: Command): void {
  defineCommand(program, {
    name: "new",
    description:
      "add a page as a draft: its route in site.yaml (after the last of its kind, comments kept) and a stub to write",
    args: [
      ["<kind>", "article, recipe or listing (a directory page with its listings file)"],
      ["<slug>", "the page's path without the slash, e.g. carnival-puerto-plata"],
    ],
    root: "holding site.yaml",
    clock: "the day written as its dates",
  }).action(async (kind: string, slug: string, opts: { root: string; clock?: string }) => {
    const { NEW_KINDS, newPage } = await import("../site/new-page.ts");
    if (!(NEW_KINDS as readonly string[]).includes(kind)) {
      console.error(`the kind must be ${NEW_KINDS.join(", ")}, not '${kind}'`);
      process.exit(2);
    }
    const { resolveClock } = await import("../site/schedule.ts");
    const done = newPage(resolve(opts.root), kind as (typeof NEW_KINDS)[number], slug, resolveClock(opts.clock));
    const wrote = done.files.filter((f) => f !== "site.yaml").join(" and ");
    console.log(`Added ${done.path} to site.yaml at line ${done.line}, as a draft; wrote ${wrote}.`);
    console.log("Preview it with ppguide dev; remove `draft: true` from its entry to publish it.");
  });
}

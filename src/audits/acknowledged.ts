import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { parseYamlSource } from "../manifest/yaml-source.ts";

/**
 * acknowledged.yaml, beside site.yaml: the problems `--strict` lets through because the site has them already and
 * they are known (the guide's stand-in video ids and example domains, say), so that `--strict` gates what a change
 * brings: a new placeholder, a published stub's TODO, a price typed by hand. Each entry names one problem by its code,
 * its file and what it says (no line: an edit above it moves it); one the site no longer has is a warning
 * (AcknowledgedGone), so the list only shrinks. `ppguide acknowledge` writes the file from what the site has.
 */
export const ACKNOWLEDGED_FILE = "acknowledged.yaml";

/**
 * What `--strict` fails on, of a site's placeholders and stub text (`found`: placeholders.ts) and its warnings: all of
 * those, and every figure written by hand. What must be fixed before going live.
 */
export function gatedProblems(found: readonly PpgError[], warnings: readonly PpgError[]): PpgError[] {
  return [...found, ...warnings.filter((w) => w.code === "FigureUnsourced")];
}

/** One problem let through, as the file names it. */
export interface Acknowledgement {
  code: string;
  file: string;
  says: string;
}

/** The problems `--strict` fails on, sorted: those the file lets through, the others, and its entries not found. */
export interface Sorted {
  acknowledged: PpgError[];
  fresh: PpgError[];
  gone: PpgError[];
}

export function sortAcknowledged(root: string, problems: readonly PpgError[]): Sorted {
  const listed = readAcknowledged(root);
  // One entry lets one problem through: the same stand-in twice in a file is two entries.
  const left = new Map<string, Listed[]>();
  for (const entry of listed) {
    const key = keyOf(entry);
    left.set(key, [...(left.get(key) ?? []), entry]);
  }
  const acknowledged: PpgError[] = [];
  const fresh: PpgError[] = [];
  for (const problem of problems) {
    const same = left.get(keyOf(entryOf(problem)));
    if (same?.length) {
      same.pop();
      acknowledged.push(problem);
    } else fresh.push(problem);
  }
  const gone = [...left.values()]
    .flat()
    .map(
      ({ line, ...entry }) =>
        new PpgError("AcknowledgedGone", entry, { location: { file: ACKNOWLEDGED_FILE, line, column: 3 } }),
    );
  return { acknowledged, fresh, gone };
}

/** Writes the file anew: every problem given, acknowledged, in the order the build reports them. */
export function writeAcknowledged(root: string, problems: readonly PpgError[]): void {
  const entries = problems.map(entryOf);
  const text =
    "# What `ppguide build --strict` lets through: problems the site has had and knows of, each until it is fixed.\n" +
    "# Any other placeholder, published stub text or figure typed by hand fails --strict; an entry no longer found\n" +
    "# is a warning. `npx ppguide acknowledge` writes this file anew (docs/editing.md, The gate).\n" +
    (entries.length ? stringify(entries, { lineWidth: 0, collectionStyle: "block" }) : "[]\n");
  writeFileSync(join(root, ACKNOWLEDGED_FILE), text);
}

function entryOf(problem: PpgError): Acknowledgement {
  return { code: problem.code, file: problem.location?.file ?? "", says: problem.message };
}

const keyOf = (e: Acknowledgement) => JSON.stringify([e.code, e.file, e.says]);

/** An entry of the file, with its line. */
type Listed = Acknowledgement & { line: number };

/** The file's entries; none when there is no file. */
function readAcknowledged(root: string): Listed[] {
  const path = join(root, ACKNOWLEDGED_FILE);
  if (!existsSync(path)) return [];
  const source = parseYamlSource(readFileSync(path, "utf8"), ACKNOWLEDGED_FILE, 0);
  const data = source.data ?? [];
  const at = (...path: (string | number)[]) => ({ location: source.locate(path) });
  if (!Array.isArray(data))
    throw new PpgError("AcknowledgedInvalid", { why: "the file is not a list of entries" }, at());
  const problems: PpgError[] = [];
  const entries = data.flatMap((entry: unknown, i) => {
    const fields = ["code", "file", "says"] as const;
    const record = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
    const missing = fields.find((f) => typeof record[f] !== "string");
    if (missing) {
      problems.push(new PpgError("AcknowledgedInvalid", { why: `entry ${i + 1} has no \`${missing}\`` }, at(i)));
      return [];
    }
    const { code, file, says } = record as unknown as Acknowledgement;
    return [{ code, file, says, line: source.locate([i])?.line ?? 1 }];
  });
  if (problems.length) throw new PpgErrorList(problems);
  return entries;
}

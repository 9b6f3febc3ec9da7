import { writtenForm } from "../core/url-path.ts";

/**
 * Where a link or image of a Markdown body was written: the 1-based line and column of its
 * target, searched from the line its block starts on. The rendered href is percent-encoded
 * (`/caf%C3%A9#Ni%C3%B1o`) where the text may say `/café#Niño`, in either Unicode form, so both
 * are compared as written (core/url-path.ts writtenForm). The one way every problem found in a
 * page's prose (a missing image, a broken link, a broken anchor) is traced back to its text:
 * render/page-model.ts and engine/link-sources.ts both ask here.
 */
export function locateHref(
  body: string,
  href: string,
  fromLine = 1,
): { line: number; column: number; written: string } | undefined {
  // split() gives at least one part, if only the empty string.
  const [path = ""] = href.split("#");
  const lines = body.split("\n");
  // The whole target first, anywhere: `/beaches#sosua` is not the `/beaches#dorada` before it on its line.
  return firstOf(lines, [href, writtenForm(href)], fromLine) ?? firstOf(lines, [path, writtenForm(path)], fromLine);
}

function firstOf(
  lines: readonly string[],
  written: readonly string[],
  fromLine: number,
): { line: number; column: number; written: string } | undefined {
  const forms = [...new Set(written)].filter(Boolean);
  for (const [i, line] of lines.entries()) {
    if (i < Math.max(fromLine, 1) - 1) continue;
    const text = line.normalize("NFC");
    // The first place on the line that any form is written: `[text](href)`, `[text](<href>)` or
    // `[id]: href`, else the href anywhere (raw HTML).
    let best: { col: number; form: string } | undefined;
    for (const form of forms) {
      const at = [`](${form}`, `](<${form}>`, `]: ${form}`].map((p) => text.indexOf(p)).filter((x) => x >= 0);
      const col = at.length ? text.indexOf(form, Math.min(...at)) : text.indexOf(form);
      if (col >= 0 && (!best || col < best.col)) best = { col, form };
    }
    if (best) return { line: i + 1, column: best.col + 1, written: writtenOf(text.slice(best.col), best.form) };
  }
  return undefined;
}

/** The whole target as written from where it starts: up to the closing parenthesis, '>' or space. */
function writtenOf(rest: string, form: string): string {
  return /^[^\s)>"']*/.exec(rest)?.[0] || form;
}

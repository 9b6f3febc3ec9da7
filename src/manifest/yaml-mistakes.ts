import type { YAMLError } from "yaml";
import type { SourceLocation } from "../core/errors.ts";
import { LineStarts } from "../core/line-starts.ts";

/**
 * The common mistakes in a YAML text, said in plain words at the line that holds them. The `yaml`
 * library's errors carry positions, but its words are the grammar's ("Nested mappings are not
 * allowed in compact mappings"), and for a line indented too far it points at the line above,
 * whose value it took the indented line to continue. Each mistake here is found from the parser's
 * first error and the text around it: a line indented more or less than the key above it, a tab
 * as indentation, a quote never closed, a key given twice, a value holding ': '. Anything else
 * keeps the parser's own words, at its place.
 */
export interface YamlMistake {
  /** Where in the text the editor must look. */
  offset: number;
  /** What is wrong, in plain words: the YamlSyntax message's `problem`. */
  problem: string;
  /** What to do, when this knows better than the catalogue's general hint. */
  hint?: string;
}

export function yamlMistake(
  text: string,
  errors: readonly YAMLError[],
  at: (offset: number) => SourceLocation,
  /** The pairs of each mapping, as the parser read them: where a key given twice was given first. */
  mappings: () => Iterable<readonly KeyAt[]> = () => [],
): YamlMistake {
  const first = errors[0]!;
  const lines = new TextLines(text);
  const line = lines.indexAt(first.pos[0]);
  switch (first.code) {
    case "BLOCK_AS_IMPLICIT_KEY":
    case "MULTILINE_IMPLICIT_KEY": {
      // `name: A` then a line indented further: the parser reads that line as more of A's text,
      // a value that holds a mapping. The mistake is on the indented line.
      const end = Math.max(...errors.filter((e) => e.code === "MULTILINE_IMPLICIT_KEY").map((e) => e.pos[1]), 0);
      const next = lines.nextContent(line);
      const above = keyOf(lines.text(line));
      if (above && next !== undefined && lines.start(next) < end) {
        return indentMistake(lines, next, line, above, at);
      }
      if (above)
        return {
          offset: first.pos[0],
          problem: `the value of '${above.key}' holds ': ', which YAML reads as the start of another key`,
          hint: `Quote the whole value: ${above.key}: "…", with \\" for a quote inside it.`,
        };
      break;
    }
    case "BAD_INDENT":
    case "MISSING_CHAR": {
      if (first.code === "MISSING_CHAR" && !/Sequence item without - indicator/.test(first.message)) {
        const quote = /Missing closing (["'])quote/.exec(first.message)?.[1];
        if (!quote) break;
        return {
          offset: openingQuote(text, first.pos[0], quote),
          problem: `the ${quote === '"' ? "double" : "single"} quote that opens this value is never closed`,
          hint:
            `End the value with ${quote} on the same line` +
            (quote === '"' ? ', and write \\" for a quote inside it.' : ", and write '' for a quote inside it."),
        };
      }
      // A flow collection left open ("[a, b") is not a matter of indentation.
      if (!/items must start at the same column|Sequence item without - indicator/.test(first.message)) break;
      const above = lines.previousContent(line);
      const key = above === undefined ? undefined : keyOf(lines.text(above));
      if (above !== undefined && key) return indentMistake(lines, line, above, key, at);
      break;
    }
    case "TAB_AS_INDENT":
      return {
        offset: lines.start(line),
        problem: "this line is indented with a tab, and YAML indents with spaces only",
        hint: "Replace the tab with spaces, as many as the lines around it use.",
      };
    case "DUPLICATE_KEY": {
      const key = keyOf(
        text
          .slice(first.pos[0])
          .split("\n")[0]!
          .replace(/^\s*(?:[{,]\s*)?/, ""),
      );
      const name = key?.key ?? text.slice(first.pos[0], first.pos[1]);
      const earlier = firstKey(mappings(), first.pos[0]);
      return {
        offset: first.pos[0],
        problem:
          `'${name}' is given twice in the same mapping` +
          (earlier === undefined ? "" : ` (first on line ${at(earlier).line})`),
        hint: "Keep one of them: the second would replace the first.",
      };
    }
  }
  return { offset: first.pos[0], problem: firstLine(first.message) };
}

/** `line` is indented more or less than `above`'s key: how much, and where it should be. */
function indentMistake(
  lines: TextLines,
  line: number,
  above: number,
  key: { key: string; column: number },
  at: (offset: number) => SourceLocation,
): YamlMistake {
  const indent = lines.indent(line);
  const by = indent - key.column;
  const spaces = (n: number) => `${n} space${n === 1 ? "" : "s"}`;
  const where = `the key above it ('${key.key}', line ${at(lines.start(above)).line})`;
  return {
    offset: lines.start(line) + indent,
    problem:
      by === 0
        ? `this line does not line up with ${where}`
        : `this line is indented ${spaces(Math.abs(by))} ${by > 0 ? "more" : "less"} than ${where}`,
    hint:
      `Indent it ${spaces(key.column)}, as '${key.key}' is, to make it a key beside '${key.key}'` +
      (by > 0 ? `; to nest it under '${key.key}', put '${key.key}:' alone on its line.` : "."),
  };
}

/** The key a line starts with, and the column it starts at (after `- ` for an item of a list). */
function keyOf(line: string): { key: string; column: number } | undefined {
  const m = /^(\s*(?:-\s+)*)(["']?)([^\s:#"'][^:#"']*?)\2\s*:(?:\s|$)/.exec(line);
  return m ? { key: m[3]!, column: m[1]!.length } : undefined;
}

/** A key of a mapping: its text, and where it starts. */
export interface KeyAt {
  key: string;
  offset: number;
}

/**
 * Where the key given twice at `offset` was first given: in the same mapping, which the parser
 * knows. A search of the text for the key at the same indentation once named a key of another
 * mapping ("first on line 553", the home route's title, for a second title under route 6).
 */
function firstKey(mappings: Iterable<readonly KeyAt[]>, offset: number): number | undefined {
  for (const pairs of mappings) {
    const second = pairs.findIndex((p) => p.offset === offset);
    if (second < 0) continue;
    return pairs.slice(0, second).find((p) => p.key === pairs[second]!.key)?.offset;
  }
  return undefined;
}

/**
 * `yaml` reports a quote left open where the text ends or the next key begins, often lines below;
 * the editor must fix the line where it opens.
 */
export function openingQuote(text: string, end: number, quote: string): number {
  for (let i = Math.min(end, text.length) - 1; i >= 0; i--) {
    if (text[i] !== quote) continue;
    // Inside a quoted scalar a quote is escaped: \" in double quotes, '' in single ones.
    if (quote === '"' ? text[i - 1] === "\\" : text[i - 1] === "'") {
      if (quote === "'") i--;
      continue;
    }
    return i;
  }
  return end;
}

function firstLine(message: string): string {
  return message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

/** A text's lines, by number from 0, found once. */
class TextLines {
  private readonly lines: LineStarts;
  constructor(private readonly whole: string) {
    this.lines = new LineStarts(whole);
  }
  indexAt(offset: number): number {
    return this.lines.lineOf(offset);
  }
  start(line: number): number {
    return this.lines.start(line);
  }
  text(line: number): string {
    return this.whole.slice(this.lines.start(line), this.lines.end(line)).replace(/\r$/, "");
  }
  indent(line: number): number {
    return /^ */.exec(this.text(line))![0].length;
  }
  /** The next line after `line` that holds more than spaces or a comment. */
  nextContent(line: number): number | undefined {
    for (let i = line + 1; i < this.lines.count; i++) if (hasContent(this.text(i))) return i;
    return undefined;
  }
  previousContent(line: number): number | undefined {
    for (let i = line - 1; i >= 0; i--) if (hasContent(this.text(i))) return i;
    return undefined;
  }
}

const hasContent = (line: string) => !/^\s*(?:#.*)?$/.test(line);

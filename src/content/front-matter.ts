import { PpgError, PpgErrorList } from "../core/errors.ts";
import { lineFeeds } from "../core/source-text.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import { parseYamlSource } from "../manifest/yaml-source.ts";
import type { ParsedYaml } from "../manifest/parsed-yaml.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import { checkYamlTexts } from "./yaml-texts.ts";

/** A Markdown file of content/: its front matter, and its body from the line where it starts. */
export interface MarkdownFile {
  /** Path relative to the site root, e.g. content/travel/x.md. */
  file: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLine: number;
  /** The front matter's `# TODO` comments, when it has any. */
  stubComments?: StubComment[];
  /** The digest of the file's bytes: its pages' key part (engine/page-keys.ts), with no need of the body. */
  digest: string;
  /** What each scan of the body found, kept with the file (content/kept-markdown.ts). */
  answers?: BodyAnswers;
}

/** What each scan found in one body, by the scan's name, with what else it read (content/kept-markdown.ts). */
export type BodyAnswers = Record<string, { context: string; value: unknown }>;

export interface FrontMatter {
  section?: string;
  genre?: string;
  about?: string;
  keywords?: string[];
  toc?: boolean;
  sources?: Source[];
  recipe?: RecipeData;
}

/** A public page backing a practical fact of the article (a fare, hours, directions). */
export interface Source {
  url: string;
  /** What the page states that the article relies on. */
  says: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  date?: string;
}

export interface RecipeData {
  prepMinutes?: number;
  totalMinutes?: number;
  servings: number;
  yield?: string;
  /** null: no source gives them (no warning about the structured data's missing nutrition). */
  calories?: number | null;
  category: string;
  ingredients: string[];
  instructions: string[];
  tips?: string[];
}

export interface SplitMarkdown {
  frontMatter: FrontMatter;
  source?: YamlSource;
  body: string;
  /** Lines before the body, so body line N is file line N + bodyLine. */
  bodyLine: number;
  /** Where the body starts in the text, its line breaks made LF (lineFeeds). */
  bodyAt: number;
  /**
   * The front matter's `# TODO` comments, each marking a value on its line that `ppguide new` wrote
   * for the editor to replace (a number cannot start with TODO itself); audits/placeholders.ts reports them.
   */
  stubComments?: StubComment[];
}

export interface StubComment {
  /** The line in the Markdown file, and the column of the comment's TODO. */
  line: number;
  column: number;
  /** The line's text, the value and its comment. */
  text: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The YAML between a Markdown text's fences, found after any line break (CR, LF or CR LF); undefined without them. */
export function frontMatterText(text: string): string | undefined {
  return FENCE.exec(lineFeeds(text))?.[1];
}

/**
 * Splits and validates front matter; errors name the Markdown file with the YAML line and column.
 * Every line break is read as one (lineFeeds), in the fences as in the body below them.
 */
export function splitFrontMatter(written: string, file: string, parsed?: ParsedYaml): SplitMarkdown {
  const text = lineFeeds(written);
  const match = FENCE.exec(text);
  if (!match) {
    // An opening fence without its closing one would publish the YAML as prose.
    if (/^---[ \t]*\r?\n/.test(text)) {
      throw new PpgErrorList([new PpgError("FrontMatterUnclosed", {}, { location: { file, line: 1, column: 1 } })]);
    }
    return { frontMatter: {}, body: text, bodyLine: 0, bodyAt: 0 };
  }
  // The fence's group always matches, if only the empty string.
  const [fenced, yamlText = ""] = match;
  // The YAML starts on line 2, below the opening fence.
  const source = parseYamlSource(yamlText, file, 1, parsed);
  const data = source.data ?? {};
  const problems = validateAgainstSchema({ ...source, data }, "front-matter", "FrontMatterInvalid");
  const recipe = (data as FrontMatter).recipe;
  if (recipe && problems.length === 0) problems.push(...checkRecipeFigures(recipe, source));
  // No marker is expanded in front matter, and no "$" amount may leave its currency unsaid (yaml-texts.ts).
  if (problems.length === 0) problems.push(...checkYamlTexts(data, source, "front matter"));
  if (problems.length) throw new PpgErrorList(problems);
  const stubComments = yamlText.includes("TODO") ? stubCommentsOf(yamlText) : [];
  return {
    frontMatter: data as FrontMatter,
    source,
    body: text.slice(fenced.length),
    bodyLine: fenced.split("\n").length - 1,
    bodyAt: fenced.length,
    ...(stubComments.length > 0 && { stubComments }),
  };
}

/** `servings: 4  # TODO: how many it serves`: a comment (after a space, outside quotes) starting with TODO. */
function stubCommentsOf(yaml: string): StubComment[] {
  const found: StubComment[] = [];
  yaml.split("\n").forEach((line, i) => {
    const at = /(?:^|[ \t])#[ \t]*TODO\b/.exec(
      line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, (q) => " ".repeat(q.length)),
    );
    if (!at) return;
    // The YAML starts on line 2, below the opening fence.
    found.push({ line: i + 2, column: line.indexOf("TODO", at.index) + 1, text: line.trim() });
  });
  return found;
}

/** Figures the schema cannot relate to each other. */
function checkRecipeFigures(recipe: RecipeData, source: YamlSource): PpgError[] {
  const errors: PpgError[] = [];
  if (
    recipe.prepMinutes !== undefined &&
    recipe.totalMinutes !== undefined &&
    recipe.totalMinutes < recipe.prepMinutes
  ) {
    errors.push(
      new PpgError(
        "RecipeFigures",
        { prepMinutes: recipe.prepMinutes, totalMinutes: recipe.totalMinutes },
        {
          location: source.locate(["recipe", "totalMinutes"]),
          path: "recipe.totalMinutes",
          hint: "totalMinutes includes the prep time: it must be at least prepMinutes.",
        },
      ),
    );
  }
  if ((recipe.prepMinutes === undefined) !== (recipe.totalMinutes === undefined)) {
    const missing = recipe.prepMinutes === undefined ? "prepMinutes" : "totalMinutes";
    errors.push(
      new PpgError(
        "RecipeFigures",
        { missing },
        {
          location: source.locate(["recipe"], { key: true }),
          path: "recipe",
          hint: "Give both prepMinutes and totalMinutes, or neither.",
        },
      ),
    );
  }
  return errors;
}

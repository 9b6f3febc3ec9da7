import { PpgError, PpgErrorList } from "../core/errors.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import { parseYamlSource, type YamlSource } from "../manifest/yaml-source.ts";
import { checkYamlTexts } from "./yaml-texts.ts";

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
  calories?: number;
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
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits and validates front matter; errors name the Markdown file with the YAML line and column. */
export function splitFrontMatter(text: string, file: string): SplitMarkdown {
  const match = FENCE.exec(text);
  if (!match) {
    // An opening fence without its closing one would publish the YAML as prose.
    if (/^---[ \t]*\r?\n/.test(text)) {
      throw new PpgErrorList([new PpgError("FrontMatterUnclosed", {}, { location: { file, line: 1, column: 1 } })]);
    }
    return { frontMatter: {}, body: text, bodyLine: 0 };
  }
  // The YAML starts on line 2, below the opening fence.
  const source = parseYamlSource(match[1], file, 1);
  const data = source.data ?? {};
  const problems = validateAgainstSchema({ ...source, data }, "front-matter", "FrontMatterInvalid");
  const recipe = (data as FrontMatter).recipe;
  if (recipe && problems.length === 0) problems.push(...checkRecipeFigures(recipe, source));
  // No marker is expanded in front matter, and no "$" amount may leave its currency unsaid (yaml-texts.ts).
  if (problems.length === 0) problems.push(...checkYamlTexts(data, source, "front matter"));
  if (problems.length) throw new PpgErrorList(problems);
  return {
    frontMatter: data as FrontMatter,
    source,
    body: text.slice(match[0].length),
    bodyLine: match[0].split("\n").length - 1,
  };
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

import { closestPath } from "../core/closest-path.ts";
import { PpgError } from "../core/errors.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";

const IMAGE = /^\/\S*\.(?:svg|png|jpe?g|webp|avif|gif|ico)$/i;
/**
 * The fields whose value is a picture under public/ whatever its name (the schemas' image, src,
 * png, avatar and poster): a path without an extension there was reported only after rendering,
 * with no file:line:col.
 */
const IMAGE_FIELDS = new Set(["image", "src", "png", "avatar", "poster"]);

/**
 * Every image a YAML source names (site.yaml, a listings file) that is not a file under public/,
 * located at the value that names it: found while loading, an editor is sent to the line to fix
 * rather than told only the image's name after every page has rendered.
 */
export function missingImages(source: YamlSource, publicFiles: ReadonlySet<string>): PpgError[] {
  const errors: PpgError[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (typeof value === "string") {
      const field = path[path.length - 1];
      const named =
        IMAGE.test(value) || (typeof field === "string" && IMAGE_FIELDS.has(field) && value.startsWith("/"));
      if (named && !publicFiles.has(value)) {
        errors.push(
          new PpgError(
            "AssetMissing",
            { what: "image", path: value },
            { location: source.locate(path), path: formatPath(path), ...missingImageHint(value, publicFiles) },
          ),
        );
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(source.data, []);
  return errors;
}

/**
 * The hint of an image public/ lacks, when a file of it is near enough to be what was meant (`.jpeg` for `.jpg`,
 * `recipe/` for `recipes/`: core/closest-path.ts); else the catalogue's own.
 */
export function missingImageHint(path: string, publicFiles: Iterable<string>): { hint?: string } {
  const near = closestPath(path, publicFiles);
  return near === undefined ? {} : { hint: `Did you mean '${near}'? Fix the path, or add the file to public/.` };
}

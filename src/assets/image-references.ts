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
            { location: source.locate(path), path: formatPath(path) },
          ),
        );
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(source.data, []);
  return errors;
}

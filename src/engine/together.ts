import type { PpgError } from "../core/errors.ts";

/**
 * The problems found so far and a later stage's, each once. A path an earlier stage found missing (an image public/
 * lacks, a link to no route) is not reported again by a later one: not by the render stage, which cannot place an
 * image the load placed in site.yaml or a listings file, nor by the link check, wherever a page shows it; nor is a
 * problem at the place of an earlier stage's, nor the same problem twice.
 */
export function together(earlier: readonly PpgError[], later: readonly PpgError[]): PpgError[] {
  const places = new Set(earlier.flatMap((e) => (e.location ? [placeOf(e.location)] : [])));
  const missing = new Set(
    earlier.filter((e) => e.code === "AssetMissing" || e.code === "RouteNotFound").map((e) => String(e.data?.path)),
  );
  const seen = new Set(earlier.map((e) => e.format()));
  const again = (e: PpgError) => {
    const text = e.format();
    if (seen.has(text) || (e.location && places.has(placeOf(e.location)))) return true;
    seen.add(text);
    if (e.code === "AssetMissing") return !e.location && missing.has(String(e.data?.path));
    return e.code === "BrokenLink" && missing.has(String(e.data?.href));
  };
  return [...earlier, ...later.filter((e) => !again(e))];
}

const placeOf = (at: NonNullable<PpgError["location"]>) => `${at.file}:${at.line}:${at.column}`;

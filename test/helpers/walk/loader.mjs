/**
 * A module hook for the walk's trace (trace-build.ts): each module of ppguide's own code (src/,
 * templates/) has every function it exports wrapped by globalThis.__ppguideWalk, which sees each
 * call from file to file. A module's exported functions are its door: a call from one file into
 * another goes through one of them. The hook edits the source before tsx compiles it (tsx's output
 * is one minified line); the text only gains a line at its end, and `let` for `const` keeps each
 * line's length, so every line and column tsx maps is the file's own.
 */
const PACKAGE = new URL("../../../", import.meta.url).href;
const OWN = /^(src\/(?!client\/)|templates\/).*\.tsx?$/;

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (loaded.source == null) return loaded;
  const rel = url.startsWith(PACKAGE) ? url.slice(PACKAGE.length) : "";
  if (!OWN.test(rel)) return loaded;
  let text = typeof loaded.source === "string" ? loaded.source : Buffer.from(loaded.source).toString("utf8");
  const names = new Set();
  for (const m of text.matchAll(/^export (?:async )?function\*? ?(\w+)/gm)) names.add(m[1]);
  text = text.replace(/^export const (\w+)\b/gm, (_all, name) => {
    names.add(name);
    return `export let   ${name}`;
  });
  if (names.size === 0) return loaded;
  const wraps = [...names].map(
    (name) => `if (typeof ${name} === "function") ${name} = globalThis.__ppguideWalk(${JSON.stringify(rel)}, ${name});`,
  );
  return { ...loaded, source: `${text}\n;${wraps.join(" ")}\n` };
}

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Searches a built site's index as a visitor's browser does, by running its own
 * /pagefind/pagefind.js under Node (WebAssembly and all), its fetches answered from the folder.
 * Returns the results best first, as the search page links them: the site's paths ("/beaches",
 * "/bakeries#listing-1").
 */
export async function searchBuilt(out: string, query: string): Promise<string[]> {
  const script = pathToFileURL(join(out, "pagefind/pagefind.js"));
  const fetched = globalThis.fetch;
  globalThis.fetch = (async (url: string | URL) =>
    new Response(await readFile(fileURLToPath(new URL(String(url).split("?")[0]!, script))))) as typeof fetch;
  try {
    // A fresh module each time: pagefind.js keeps the index it loaded first.
    const pagefind = (await import(/* @vite-ignore */ `${script.href}?${Date.now()}-${Math.random()}`)) as {
      options(o: { basePath: string }): Promise<void>;
      search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
    };
    await pagefind.options({ basePath: new URL("./", script).href });
    const { results } = await pagefind.search(query);
    const root = pathToFileURL(out).pathname;
    // Pagefind prefixes each URL with its base path, here the folder's file URL.
    return Promise.all(results.map(async (r) => (await r.data()).url.replace(/^\/file:/, "").replace(root, "") || "/"));
  } finally {
    globalThis.fetch = fetched;
  }
}

// Merges the `images:` entries of editors' fragment files into catalog.json (src, subject, size).
// Usage: node scripts/artwork/import-fragments.mjs [/tmp/fragments]
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] ?? "/tmp/fragments";
const catPath = join(here, "catalog.json");
const catalog = existsSync(catPath) ? JSON.parse(readFileSync(catPath, "utf8")) : {};
const HERO_KINDS = new Set(["article", "recipe", "index"]);
for (const file of readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  let doc;
  try {
    doc = YAML.parse(readFileSync(join(dir, file), "utf8"));
  } catch (e) {
    console.warn(`skip ${file}: ${e.message}`);
    continue;
  }
  const heroes = new Map();
  for (const r of doc?.routes ?? []) if (r?.image?.src) heroes.set(r.image.src, r);
  for (const img of doc?.images ?? []) {
    if (!img?.src) continue;
    const route = heroes.get(img.src);
    let w = 1200,
      h = 800;
    if (/^\/images\/(cards|listings)\//.test(img.src)) {
      w = 800;
      h = 600;
    } else if (route && HERO_KINDS.has(route.kind)) {
      w = 1344;
      h = 644;
    }
    if (route?.image?.width && route?.image?.height) {
      w = route.image.width;
      h = route.image.height;
    }
    const title = String(img.subject ?? route?.image?.alt ?? img.src)
      .replace(/^(Hero|Inline|Wide \d+x\d+ scene)\s*:\s*/i, "")
      .trim();
    const prev = catalog[img.src];
    catalog[img.src] = { title, width: w, height: h, from: file, ...(prev?.scene ? { scene: prev.scene } : {}) };
  }
}
writeFileSync(catPath, `${JSON.stringify(catalog, null, 1)}\n`);
console.log(`${Object.keys(catalog).length} catalogued images`);

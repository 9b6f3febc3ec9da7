// Writes the site's stylesheet, scripts and service worker, bundled now, into lib/assets/ of the lib folder given,
// named by the code's id: run by scripts/build-cli.mjs with the sources (tsx), so that a build from lib/ starts no
// bundler (src/assets/bundles.ts reads them by that name).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import { bundleAssets, SHIPPED_ASSETS } from "../src/assets/bundles.ts";
import { writeChecked } from "../src/core/disk-cache.ts";

const [lib, code] = process.argv.slice(2);
if (!lib || !code) throw new Error("usage: ship-assets.ts LIB_FOLDER CODE_ID");
const dir = join(lib, SHIPPED_ASSETS);
mkdirSync(dir, { recursive: true });
writeChecked(join(dir, code), serialize(await bundleAssets()));

// Writes the standalone code of every validator ppguide has (the schemas in schema/ and the
// structured-data rules) into lib/validators/ of the lib folder given: run by scripts/build-cli.mjs
// with the sources (tsx), so lib/ is shipped with its validators compiled and a first build on a
// fresh machine compiles none (src/manifest/schema.ts reads them by their keys).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeChecked } from "../src/core/disk-cache.ts";
import { loadSchemaValidators, SHIPPED_VALIDATORS, validatorsUsed } from "../src/manifest/schema.ts";
import { loadStructuredDataRules } from "../src/render/structured-data-check.ts";

const [lib] = process.argv.slice(2);
if (!lib) throw new Error("usage: ship-validators.ts LIB_FOLDER");
const dir = join(lib, SHIPPED_VALIDATORS);
loadSchemaValidators();
loadStructuredDataRules();
mkdirSync(dir, { recursive: true });
for (const [key, code] of validatorsUsed()) writeChecked(join(dir, key), code);

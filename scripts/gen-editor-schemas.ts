/**
 * Writes schema/front-matter/<kind>.schema.json, one per page kind, for editors (see
 * src/site/editor-schemas.ts). Run after adding a page kind; a test fails while one is stale.
 *
 *   npm run gen:schemas
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_DIR } from "../src/core/package-dir.ts";
import { frontMatterSchemaText, pageKinds } from "../src/site/editor-schemas.ts";

for (const kind of pageKinds()) {
  const file = join(PACKAGE_DIR, "schema/front-matter", `${kind}.schema.json`);
  writeFileSync(file, frontMatterSchemaText(kind));
  console.log(`wrote ${file}`);
}

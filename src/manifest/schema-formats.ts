import { createRequire } from "node:module";
import type { Format } from "ajv";
import { type DatePrecision, isDate } from "../core/dates.ts";

/**
 * The formats the schemas are validated with: ajv-formats' full set, with `date` and
 * `partial-date` read by the site's one date parser (core/dates.ts), so a schema refuses
 * 2025-02-30 or 2024-13 at its line exactly as every other reader of dates would.
 *
 * A validator cached as ajv standalone code (schema.ts) reaches these through
 * `require(SCHEMA_FORMATS_MODULE)`, which schema.ts answers with this object.
 */
export const SCHEMA_FORMATS_MODULE = "ppguide:schema-formats";
/** Part of each cached validator's key: a change to the formats below compiles the schemas again. */
export const SCHEMA_FORMATS_VERSION = "dates-1";

/** The names of the formats whose values are dates, and the precision each allows. */
export const DATE_FORMATS: Readonly<Record<string, DatePrecision>> = { date: "day", "partial-date": "partial" };

let formats: Record<string, Format> | undefined;

export function schemaFormats(): Record<string, Format> {
  if (formats) return formats;
  const { fullFormats } = createRequire(import.meta.url)("ajv-formats/dist/formats") as {
    fullFormats: Record<string, Format>;
  };
  formats = { ...fullFormats };
  for (const [name, precision] of Object.entries(DATE_FORMATS))
    formats[name] = { type: "string", validate: (text: string) => isDate(text, precision) };
  return formats;
}

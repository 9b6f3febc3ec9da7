/** The rule classes of @adobe/structured-data-validator (plain JavaScript), one per schema.org type. */
declare module "@adobe/structured-data-validator/src/types/*.js" {
  export interface AdobeIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    fieldNames?: string[];
  }
  export type AdobePathElement = { type?: string | string[]; index?: number; length?: number; property?: string };
  const Rules: new (config: {
    dataFormat: string;
    path: AdobePathElement[];
    type?: string;
  }) => { validate(data: unknown): AdobeIssue[] };
  export default Rules;
}

/** The whole validator (src/index.js), which the guide's own tests run over every page's JSON-LD. */
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<{ severity: string; issueMessage: string }[]>;
  }
}

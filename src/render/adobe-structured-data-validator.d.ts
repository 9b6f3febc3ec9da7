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

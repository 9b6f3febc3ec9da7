import { SaxesParser } from "saxes";

/**
 * The well-formedness errors of an XML document, by a conforming XML 1.0 parser (saxes checks the
 * characters a document may hold, which fast-xml-parser, under the feed parser, does not: a
 * vertical tab in a title passed it). Empty when the document is well-formed.
 */
export function xmlErrors(text: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on("error", (err) => errors.push(err.message));
  parser.write(text).close();
  return errors;
}

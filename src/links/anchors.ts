/**
 * Fragment matching as browsers do it: the fragment as the URL parser left it, then its
 * percent-decoded form, against id attributes and a[name]; "" and "top" always scroll.
 * https://html.spec.whatwg.org/multipage/browsing-the-web.html#the-indicated-part-of-the-document
 * (This is where check-html-links goes wrong: it compares the raw href text only, so "#Mang%C3%BA"
 * and a[name] anchors are reported as broken.)
 */
import { safeDecode } from "./resolve.ts";

export function fragmentFound(fragment: string, anchors: ReadonlySet<string>): boolean {
  if (anchors.has(fragment) || fragment === "") return true;
  const decoded = safeDecode(fragment);
  if (decoded !== fragment && anchors.has(decoded)) return true;
  // "top" scrolls to the top unless an element claims it (checked above); ASCII case-insensitive.
  return fragment.length === 3 && fragment.toLowerCase() === "top";
}

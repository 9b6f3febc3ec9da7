import { Parser } from "htmlparser2";

/**
 * What raw HTML in Markdown may not do. Markdown allows HTML, and small inline elements
 * (`<kbd>`, `<br>`, `<sup>`, `<abbr>`) are worth keeping; but a script, an event handler or a
 * `javascript:` URL in a page runs with the site's authority for every reader, and an iframe from
 * an unknown host shows readers someone else's content. Videos have the `::video` directive.
 */
const FORBIDDEN_ELEMENTS = new Set(["script", "frame", "frameset", "object", "embed", "applet", "base"]);
/** Players an editor may still embed by hand. */
const IFRAME_HOSTS = new Set(["www.youtube-nocookie.com", "www.youtube.com", "youtube.com", "player.vimeo.com", "www.openstreetmap.org"]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset"]);

/** Why `html` is unsafe to publish, or undefined when it is fine. */
export function unsafeHtml(html: string): string | undefined {
  let reason: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (reason) return;
        if (FORBIDDEN_ELEMENTS.has(name)) reason = `a <${name}> element`;
        else if (name === "iframe" && !allowedFrame(attributes.src)) reason = `an <iframe> from ${attributes.src ? `'${attributes.src}'` : "nowhere"}, not a known video or map player`;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (reason) break;
          if (attribute.startsWith("on")) reason = `an event handler attribute (${attribute})`;
          else if (URL_ATTRIBUTES.has(attribute) && scriptUrl(value)) reason = `a script URL in ${attribute}`;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return reason;
}

function allowedFrame(src: string | undefined): boolean {
  try {
    const url = new URL(src ?? "");
    return url.protocol === "https:" && IFRAME_HOSTS.has(url.host);
  } catch {
    return false;
  }
}

/** `javascript:` and `vbscript:` URLs, however a browser would still read them (case, spaces, control characters). */
function scriptUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
  return compact.startsWith("javascript:") || compact.startsWith("vbscript:");
}

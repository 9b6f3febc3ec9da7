import { locateHref } from "../content/locate-href.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
import type { RenderedMarkdown } from "../content/markdown.ts";
import { PpgError } from "../core/errors.ts";
import { decodeUriPath, parsedUrl } from "../core/url-path.ts";
import { suggest } from "../manifest/cross-references.ts";
import type { SiteContext } from "./page-model.ts";

/**
 * Checks every link and image a page's Markdown writes, each error at the line and column where it
 * is written: an address no browser can follow, a link to no route, an image public/ lacks. A link
 * to an alias is pointed at its target, which answers 200 where the alias costs a redirect.
 * Returns the body's HTML with those links rewritten.
 */
export function checkMarkdownLinks(
  ctx: SiteContext,
  file: MarkdownFile,
  md: Pick<RenderedMarkdown, "html" | "references">,
  errors: PpgError[],
): string {
  let html = md.html;
  for (const ref of md.references) {
    const at = locateHref(file.body, ref.href, ref.line);
    const line = (at?.line ?? ref.line) + file.bodyLine;
    const lineText = file.body.split("\n")[(at?.line ?? ref.line) - 1] ?? "";
    const col = at?.column ?? 1;
    const target = decodeUriPath(ref.href);
    if (target === undefined) {
      // markdown-it has already escaped the stray '%' (`%A` → `%25A`): quote and place what was written.
      const at = lineText.indexOf(`](${ref.href.split("%")[0]}`) + 2;
      const written = at >= 2 ? (/^[^\s)]*/.exec(lineText.slice(at))?.[0] ?? "") : ref.href;
      errors.push(
        new PpgError(
          "UrlMalformed",
          { what: ref.kind === "image" ? "image" : "link", path: written },
          { location: { file: file.file, line, column: Math.max(at + 1, 1) } },
        ),
      );
      continue;
    }
    // What browsers follow is the WHATWG URL Standard: an address it cannot parse is a dead link,
    // reported where it was written, never published.
    if (!parsedUrl(ref.href, "https://site.invalid/")) {
      const at = lineText.indexOf(`](${ref.href.split(/[%[\]]/)[0]}`) + 2;
      const written = at >= 2 ? (/^<[^>]*>|^[^\s)]*/.exec(lineText.slice(at))?.[0] ?? "") : ref.href;
      errors.push(
        new PpgError(
          "UrlInvalid",
          { what: ref.kind, url: written },
          { location: { file: file.file, line, column: Math.max(at + 1, 1) } },
        ),
      );
      continue;
    }
    if (!target.startsWith("/") || target.startsWith("//")) continue;
    const path = target.split(/[?#]/)[0] || "/";
    const alias = ref.kind === "image" ? undefined : ctx.aliases.get(path);
    if (alias) {
      // Linked by its target: the alias would answer with a redirect first.
      const query = ref.href.search(/[?#]/);
      html = html.replaceAll(
        `href="${ref.href}"`,
        `href="${encodeURI(alias)}${query < 0 ? "" : ref.href.slice(query)}"`,
      );
      continue;
    }
    const known = ref.kind === "image" ? ctx.images.has(path) : ctx.routes.has(path) || ctx.images.has(path);
    if (known) continue;
    const location = { file: file.file, line, column: Math.max(col, 1) };
    errors.push(
      ref.kind === "image"
        ? new PpgError("AssetMissing", { what: "image", path: target }, { location, ...ctx.images.missingHint(path) })
        : new PpgError(
            "RouteNotFound",
            { what: "link", path: target },
            // "Did you mean '/guides'?", as site.yaml's links to no route and check-links' say it.
            { location, hint: suggest(path, routePathsOf(ctx)) },
          ),
    );
  }
  return html;
}

/** Every route's and alias's path, once per site, for "did you mean". */
const routePaths = new WeakMap<SiteContext, string[]>();
function routePathsOf(ctx: SiteContext): string[] {
  let paths = routePaths.get(ctx);
  if (!paths) routePaths.set(ctx, (paths = [...ctx.routes.keys(), ...ctx.aliases.keys()]));
  return paths;
}

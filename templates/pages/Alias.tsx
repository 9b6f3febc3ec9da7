import type { AliasModel } from "../../src/render/model.ts";
import { escapeText } from "entities";

/**
 * A redirect any static host can serve: meta refresh at 0 s, noindex, a canonical link to the
 * target and a visible link (as Astro's core/routing/3xx.ts does). _redirects gives hosts that
 * read it a real 301.
 */
export default function Alias({ page }: { page: AliasModel }) {
  return (
    <html lang={page.site.language}>
      <head>
        <meta charSet="utf-8" />
        <title dangerouslySetInnerHTML={{ __html: escapeText(movedTitle(page.title)) }} />
        <meta name="robots" content="noindex" />
        <meta httpEquiv="refresh" content={`0; url=${page.to}`} />
        <link rel="canonical" href={page.canonical} />
      </head>
      <body>
        <p>
          This page has moved to <a href={page.to}>{page.title}</a>.
        </p>
      </body>
    </html>
  );
}

/** Search engines cut titles near 70 characters: the 'Moved: ' prefix goes where it would not fit. */
function movedTitle(title: string): string {
  const moved = `Moved: ${title}`;
  return moved.length > 70 ? title : moved;
}

import type { Heading } from "../../src/content/markdown.ts";

export function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading">In this guide</h2>
      <ol>
        {headings.map((h) => (
          <li key={h.id}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

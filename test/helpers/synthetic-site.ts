import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>\n';

/**
 * A site of `n` small articles, each page saying `version`: large enough that a build takes a
 * few seconds, and every page showing which build wrote it.
 */
export async function writeSyntheticSite(dir: string, n: number, version: string): Promise<void> {
  await mkdir(join(dir, "content/articles"), { recursive: true });
  await mkdir(join(dir, "public/images"), { recursive: true });
  for (const f of ["photo.svg", "logo.svg", "avatar.svg"]) await writeFile(join(dir, "public/images", f), SVG);
  for (const f of ["favicon.svg", "apple-touch-icon.png"]) await writeFile(join(dir, "public", f), SVG);
  await writeFile(join(dir, "public/site.webmanifest"), "{}");
  const routes: string[] = [];
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      routes.push(
        `  - { path: /article-${i}, kind: article, title: Article ${i} of the north coast, description: A synthetic article for the safety tests number ${i}., ` +
          `image: { src: /images/photo.svg, alt: A beach }, author: desk, dates: { created: 2025-01-01, published: 2025-01-02, modified: 2025-03-04 }, ` +
          `content: articles/article-${i}.md, related: [/article-${(i + 1) % n}, /article-${(i + 2) % n}, /article-${(i + 3) % n}] }`,
      );
      return writeFile(join(dir, `content/articles/article-${i}.md`), `Build ${version} of article ${i}. See [the next one](/article-${(i + 1) % n}).\n`);
    }),
  );
  await writeFile(
    join(dir, "site.yaml"),
    `site:
  name: Safety Guide
  url: https://safety.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.svg, width: 1800, height: 390, alt: Safety Guide }
  email: info@safety.example
  social: { facebook: "https://www.facebook.com/safety", twitter: "https://x.com/safety", pinterest: "https://www.pinterest.com/safety", youtube: "https://www.youtube.com/safety" }
  disclosure: Some links are affiliate links.
authors:
  desk: { name: Desk, avatar: /images/avatar.svg, email: desk@safety.example }
nav:
  - label: Articles
    items:
      - { label: First, path: /article-0 }
routes:
  - path: /
    kind: home
    title: Safety Guide ${version}
    description: The home page of the synthetic safety-test site, linking to its articles.
    home:
      heading: Safety Guide ${version}
      slides: [{ title: Beaches, text: Sand and sea., image: /images/photo.svg, alt: A beach, path: /article-0 }]
      culture: [/article-0, /article-1]
      cuisine: [/article-2]
      thumbnails: [{ label: First, path: /article-3 }]
  - { path: /search, kind: search, title: Search, description: "Every article of the synthetic safety-test site, searchable by its title." }
${routes.join("\n")}
`,
  );
}

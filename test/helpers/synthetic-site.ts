/**
 * The synthetic Markdown site the benchmarks build (bench/build.ts, bench/dev.ts) and the CLI test
 * and the safety tests use: N ~700-word articles with headings, a list, two
 * internal links and an image, front matter, a related triple, and the full nav and footer.
 * It lives with the tests because the tests need it; bench/ holds only what compares us with peers.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const WORDS =
  "sun sea sand palm reef boat coast town street market rum cacao coffee music merengue bachata fortress cable mountain waterfall beach hotel breakfast lunch dinner plantain rice beans fish coconut mango papaya guava".split(
    " ",
  );

function paragraph(seed: number, words: number): string {
  let out = "";
  for (let i = 0; i < words; i++) out += (i ? " " : "") + WORDS[(seed * 7 + i * 13) % WORDS.length];
  return `${out.charAt(0).toUpperCase()}${out.slice(1)}.`;
}

/** Article i of n as Markdown: the same body for every generator the bench compares. */
export function articleBody(i: number, n: number): string {
  const a = (i + 1) % n;
  const b = (i + 7) % n;
  return [
    paragraph(i, 90),
    `## Getting there {#getting-there}`,
    paragraph(i + 1, 110),
    `See also [article ${a}](/article-${a}) and [article ${b}](/article-${b}).`,
    `![A beach with palm trees](/images/photo.svg "A caption for article ${i}")`,
    `## What to expect {#what-to-expect}`,
    paragraph(i + 2, 120),
    "- Bring water\n- Wear sunscreen\n- Carry small bills\n- Ask before you photograph people",
    `## Where to eat {#where-to-eat}`,
    paragraph(i + 3, 120),
    `## Practical tips {#tips}`,
    paragraph(i + 4, 120),
    paragraph(i + 5, 110),
  ].join("\n\n");
}

export const PHOTO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#0b5d6b"/></svg>';
/** Nav menus: label and number of items, each naming an article. */
export const NAV = [
  ["Attractions", 4],
  ["Dining", 5],
  ["Lifestyle", 4],
  ["Resorts", 3],
  ["Shopping", 4],
] as const;

/**
 * Writes the site for ppguide: site.yaml, content/articles/*.md and the images it names.
 * `version`: each article then starts "Build <version> of article <i>.", so a test can tell
 * which build wrote every page it reads.
 */
export async function writePpguideSite(dir: string, n: number, version?: string): Promise<void> {
  await mkdir(join(dir, "content/articles"), { recursive: true });
  await mkdir(join(dir, "public/images"), { recursive: true });
  for (const f of ["photo.svg", "logo.svg", "logo.png", "avatar.svg"])
    await writeFile(join(dir, "public/images", f), PHOTO);
  for (const f of ["favicon.svg", "apple-touch-icon.png"]) await writeFile(join(dir, "public", f), PHOTO);
  await writeFile(join(dir, "public/site.webmanifest"), "{}");
  let k = 0;
  const nav = NAV.map(
    ([label, count]) =>
      `  - label: ${label}\n    items:\n${Array.from({ length: count }, () => `      - { label: Article ${k}, path: /article-${k++ % n} }`).join("\n")}`,
  ).join("\n");
  const routes: string[] = [];
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    routes.push(
      `  - path: /article-${i}\n    kind: article\n    title: Article number ${i} about the north coast\n    description: A synthetic travel article used to benchmark static site builds, number ${i}.\n` +
        `    image: { src: /images/photo.svg, alt: A beach with palm trees, caption: The beach }\n    author: desk\n` +
        `    dates: { created: 2025-01-01, published: 2025-01-02, modified: 2025-03-04 }\n    content: articles/article-${i}.md\n` +
        `    related: [/article-${(i + 1) % n}, /article-${(i + 2) % n}, /article-${(i + 3) % n}]`,
    );
    writes.push(
      writeFile(
        join(dir, `content/articles/article-${i}.md`),
        `---\nsection: Travel\nkeywords: [travel, beach]\n---\n\n${version ? `Build ${version} of article ${i}.\n\n` : ""}${articleBody(i, n)}\n`,
      ),
    );
    // A thousand files open at a time: 16,000 at once ran out of file handles (EMFILE) on the bench's sites.
    if (writes.length === 1000) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  await writeFile(
    join(dir, "site.yaml"),
    `site:
  name: Bench Guide
  url: https://bench.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Bench Guide }
  email: info@bench.example
  social: { facebook: "https://www.facebook.com/", twitter: "https://x.com/", pinterest: "https://www.pinterest.com/", youtube: "https://www.youtube.com/" }
  disclosure: Some links are affiliate links; we may earn a commission at no cost to you.
authors:
  desk: { name: Bench Desk, avatar: /images/avatar.svg, email: desk@bench.example }
nav:
${nav}
routes:
  - path: /
    kind: home
    title: Bench Guide
    description: The home page of the synthetic benchmark site, linking to its articles.
    home:
      heading: Bench Guide
      slides: [{ title: Beaches, text: Sand and sea., image: /images/photo.svg, alt: A beach, path: /article-0 }]
      culture: [/article-0, /article-1]
      cuisine: [/article-2]
      thumbnails: [{ label: First, path: /article-3 }]
  - path: /search
    kind: search
    title: Search
    description: Every article of the synthetic benchmark site, searchable by title.
${routes.join("\n")}
`,
  );
}

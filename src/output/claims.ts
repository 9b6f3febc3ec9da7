import { digestJson } from "../core/digest.ts";
import { PpgError, PROBLEMS_AS_DATA } from "../core/errors.ts";
import { fileUrl, NOT_FOUND_PAGE } from "../core/output-names.ts";
import { formatPath, type PathSegment, type YamlSource } from "../manifest/yaml-path.ts";
import { servedFiles } from "../links/resolve.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { answeringOf, publishedAnswer, type Answering } from "../site/published-answer.ts";
import { generatedFiles } from "./generated-files.ts";
import { INDEX_DIR } from "./search-index.ts";
import { serviceWorkerFileNames } from "./service-worker.ts";
import type { SitePage } from "../render/kinds/index.ts";
import { webAppFileNames } from "./web-app.ts";

/** Who makes a file of the output, as an error names it, and where its maker goes to change it. */
interface Owner {
  /** "route '/beaches'", "public/beaches.html", "the 404 page", "the generated sitemap.xml". */
  name: string;
  /** A route or alias: the path an error about it quotes. */
  page?: { what: "route" | "alias"; path: string };
  /** Copied from public/. */
  copied?: boolean;
  /** Where in site.yaml it is declared, located only if an error needs it. */
  at?: PathSegment[];
}

/**
 * What a claim is on: a file the build writes (`file`), or a URL a page is served at (`url`),
 * held as the files a host would answer that URL with: `/x` is `x`, `x.html` or `x/index.html`
 * (Cloudflare Pages, Netlify and GitHub Pages all map clean URLs so). Only files take room on disk.
 */
type ClaimKind = "file" | "url";

interface Claim {
  file: string;
  key: string;
  kind: ClaimKind;
  owner: Owner;
}

/**
 * One owner per output path. Every file the build will write, and every URL a page is served at,
 * is claimed once, before anything is written (build.ts) and on every dev rebuild, so that a file
 * of public/ never silently replaces a page (`public/beaches.html` beside the route `/beaches`),
 * two aliases never answer one path, and a route is never written where the build's
 * own files go (`/404`, `/robots.txt`). A second claim is an error naming both owners, located at
 * the site.yaml line of the one that has a line.
 *
 * Keys are compared in Unicode NFC and lower case: on macOS and Windows, files whose names differ
 * only so are one file, and the second written would replace the first.
 */
export class OutputClaims {
  private readonly claims = new Map<string, Claim>();
  /** Folders the written files need, each with the first file that needs it. */
  private readonly folders = new Map<string, Claim>();
  private tree?: Claim;
  private readonly reported = new Set<string>();
  readonly problems: PpgError[] = [];

  constructor(private readonly source?: YamlSource) {}

  /** Everything under `dir/` is `owner`'s (the search index). */
  claimTree(dir: string, owner: Owner): void {
    this.tree = { file: dir, key: fold(dir), kind: "file", owner };
  }

  claim(file: string, kind: ClaimKind, owner: Owner): void {
    const claim: Claim = { file, key: fold(file), kind, owner };
    const tree = this.tree;
    if (tree && tree.owner !== owner && (claim.key === tree.key || claim.key.startsWith(`${tree.key}/`))) {
      this.clash(tree, claim);
      return;
    }
    const earlier = this.claims.get(claim.key);
    if (earlier) {
      // A page's URL claims overlap its own file claim: one owner, no clash.
      if (earlier.owner !== owner) this.clash(earlier, claim);
      else if (kind === "file") earlier.kind = "file";
      return;
    }
    if (kind === "file") {
      const needer = this.folders.get(claim.key);
      if (needer) {
        this.clash(claim, needer);
        return;
      }
      for (let d = parentOf(claim.key); d !== undefined; d = parentOf(d)) {
        const blocker = this.claims.get(d);
        if (blocker?.kind === "file") {
          this.clash(blocker, claim);
          return;
        }
        if (!this.folders.has(d)) this.folders.set(d, claim);
      }
    }
    this.claims.set(claim.key, claim);
  }

  private clash(first: Claim, second: Claim): void {
    // One report for two owners, however many of their paths meet.
    const pair = `${first.owner.name}\0${second.owner.name}`;
    if (this.reported.has(pair)) return;
    this.reported.add(pair);
    const where = (owner: Owner | undefined) =>
      owner?.at && this.source ? { location: this.source.locate(owner.at), path: formatPath(owner.at) } : {};
    // A page's URL meeting a file, or a page's file meeting a file that is not another page's:
    // the page's path is the mistake (it is the one with a line to fix), whichever came first.
    const urlOf = (c: Claim) => (c.kind === "url" && c.owner.page ? { claim: c, of: c.owner.page } : undefined);
    const fileOfPage = (c: Claim, o: Claim) =>
      c.owner.page && c.kind === "file" && o.kind === "file" && !o.owner.page
        ? { claim: c, of: c.owner.page }
        : undefined;
    const page = urlOf(second) ?? urlOf(first) ?? fileOfPage(second, first) ?? fileOfPage(first, second);
    const other = page?.claim === first ? second : first;
    if (page && other.kind === "file") {
      this.problems.push(
        new PpgError(
          "RouteIsFile",
          {
            what: page.of.what,
            path: page.of.path,
            file: other.file,
            copied: Boolean(other.owner.copied),
          },
          where(page.claim.owner),
        ),
      );
      return;
    }
    const served = first.kind === "url" || second.kind === "url";
    this.problems.push(
      new PpgError(
        "OutputClaimedTwice",
        {
          first: first.owner.name,
          second: second.owner.name,
          at: served ? fileUrl(second.file) : second.file,
          served,
        },
        where(second.owner.at ? second.owner : first.owner),
      ),
    );
  }
}

/**
 * Claims every file the site's build writes and every URL its pages are served at: the search
 * index (`searchIndex`), the 404 page, the build's generated files, each route's page, each
 * alias (a page on GitHub Pages, a redirect elsewhere: either way its path is its own), and each
 * file of public/. Returns the clashes, which a loaded site keeps with site.yaml's text while the
 * other files are the same (site/published-answer.ts): the claims of 16,000 routes took 0.1 s.
 * `pages`: the manifest's own (sitePages), as the answer is kept by the manifest's text.
 */
export function claimOutputs(
  site: Pick<LoadedSite, "root" | "manifest" | "source" | "publicFiles" | "assets" | "raster" | "share"> &
    Partial<Answering>,
  pages: readonly SitePage[],
  opts: { searchIndex: boolean },
): PpgError[] {
  const generated = generatedFiles(site).map((f) => f.file);
  const others = digestJson([opts.searchIndex, generated, [...site.publicFiles]]);
  return publishedAnswer(
    answeringOf(site),
    "output claims",
    others,
    () => claimAll(site, pages, generated, opts),
    PROBLEMS_AS_DATA,
  );
}

function claimAll(
  site: Pick<LoadedSite, "manifest" | "source" | "publicFiles">,
  pages: readonly SitePage[],
  generated: readonly string[],
  opts: { searchIndex: boolean },
): PpgError[] {
  const { manifest, source } = site;
  // A route's or alias's file as the site's page list names it (an alias served by a redirect has
  // none); a route at /404 is its own page, beside the 404 page, which the list names after it.
  const files = new Map<string, string>();
  for (const p of pages) if (!files.has(p.route)) files.set(p.route, p.file);
  const claims = new OutputClaims(source);
  if (opts.searchIndex) claims.claimTree(INDEX_DIR, { name: `the search index (${INDEX_DIR}/)` });
  // The 404 page is served at /404 too: Cloudflare and Netlify rewrite it (sitemap-robots-redirects.ts).
  const notFound: Owner = { name: "the 404 page" };
  claimUrl(claims, NOT_FOUND_PAGE.route, NOT_FOUND_PAGE.file, notFound);
  // The files site.offline and site.app make are located at the setting that makes them.
  const settings: [string, PathSegment[]][] = [
    ...serviceWorkerFileNames(manifest).map((f): [string, PathSegment[]] => [f, ["site", "offline"]]),
    ...webAppFileNames(manifest).map((f): [string, PathSegment[]] => [f, ["site", "app"]]),
  ];
  for (const [file, at] of settings) claims.claim(file, "file", { name: `the generated ${file}`, at });
  const made = new Set(settings.map(([file]) => file));
  for (const file of generated) if (!made.has(file)) claims.claim(file, "file", { name: `the generated ${file}` });
  manifest.routes.forEach((route, i) => {
    const owner: Owner = {
      name: `route '${route.path}'`,
      page: { what: "route", path: route.path },
      at: ["routes", i, "path"],
    };
    claimUrl(claims, route.path, files.get(route.path), owner);
  });
  (manifest.aliases ?? []).forEach((alias, i) => {
    const owner: Owner = {
      name: `alias '${alias.from}' (aliases[${i}])`,
      page: { what: "alias", path: alias.from },
      at: ["aliases", i, "from"],
    };
    claimUrl(claims, alias.from, files.get(alias.from), owner);
  });
  for (const url of site.publicFiles) claims.claim(url.slice(1), "file", { name: `public${url}`, copied: true });
  return claims.problems;
}

/** A page at `path`: its own file (none for a redirect), and the files a host would answer its URL with. */
function claimUrl(claims: OutputClaims, path: string, file: string | undefined, owner: Owner): void {
  if (file) claims.claim(file, "file", owner);
  if (path === "/") return;
  for (const served of servedFiles(path.slice(1))) claims.claim(served, "url", owner);
}

function fold(file: string): string {
  return file.normalize("NFC").toLowerCase();
}

function parentOf(key: string): string | undefined {
  const slash = key.lastIndexOf("/");
  return slash > 0 ? key.slice(0, slash) : undefined;
}

/**
 * How Cloudflare Pages answers a request for a folder of static files, for `ppguide preview`:
 * `_redirects`, then its HTML handling (clean URLs, trailing slashes, 308s to the canonical form),
 * then the nearest 404.html; `_headers` on every answer. A port of the asset server Cloudflare runs
 * (workers-sdk pages-shared/asset-server/handler.ts, which `wrangler pages dev` runs too); the test
 * suite in test/hosts/ compares preview with it URL by URL.
 * https://developers.cloudflare.com/pages/configuration/serving-pages/
 * https://developers.cloudflare.com/pages/configuration/redirects/
 *
 * A `_redirects` written for Netlify (a forced `301!` or a `404` rule, which Cloudflare rejects)
 * is read as Netlify reads it: a rule also matches the path with a trailing slash, and a 404 rule
 * answers its target with status 404. https://docs.netlify.com/routing/redirects/redirect-options/
 */

import { lookup } from "mime-types";
import { HOST_LIMITS } from "../manifest/host-limits.ts";

export interface HeaderRule {
  pattern: RegExp;
  headers: [name: string, value: string][];
}

export interface RedirectRule {
  from: string;
  pattern: RegExp;
  /** No splat or placeholder: matched by exact path, before every pattern rule. */
  exact: boolean;
  to: string;
  status: number;
  /** `301!`: Netlify's forced rule. */
  force: boolean;
}

export interface RuleProblem {
  file: "_headers" | "_redirects";
  line: number;
  message: string;
}

/** Files a host reads as configuration and never serves. */
export const HOST_FILES = new Set(["/_headers", "/_redirects", "/_routes.json", "/_worker.js"]);

function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === "*"
        ? "(?<splat>.*)"
        : part.startsWith(":") && part.length > 1
          ? `(?<${part.slice(1)}>[^/]+)`
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`);
}

export function parseHeaders(text: string, problems: RuleProblem[] = []): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.trim().startsWith("#")) return;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: pathPattern(line.trim()), headers: [] });
      return;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (!rule || colon < 0) {
      problems.push({
        file: "_headers",
        line: i + 1,
        message: rule ? "expected 'Name: value'" : "a header before any path",
      });
      return;
    }
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  });
  return rules;
}

/** Statuses a rule may have: Cloudflare's, and Netlify's 404. */
const STATUSES = new Set([200, 301, 302, 303, 307, 308, 404]);

/**
 * The rules of a `_redirects` file that the host reads: within its limits (manifest/host-limits.ts),
 * as its own parser counts them (workers-sdk's parseRedirects): a line over the length limit is
 * ignored; static rules count until the first dynamic one (a splat or a placeholder), after which
 * every rule counts as dynamic; past the static limit a static rule is skipped, and past the
 * dynamic limit the rest of the file is.
 */
export function parseRedirects(text: string, problems: RuleProblem[] = []): RedirectRule[] {
  const lines = text.split(/\r?\n/);
  const all = parseRedirectLines(lines, problems);
  const limits = HOST_LIMITS[isNetlifyFile(all.map((r) => r.rule)) ? "netlify" : "cloudflare-pages"];
  const rules: RedirectRule[] = [];
  const seen = new Set<string>();
  let [statics, dynamics] = [0, 0];
  for (const { rule, line } of all) {
    const problem = (message: string) => problems.push({ file: "_redirects", line, message });
    if (lines[line - 1]!.trim().length > limits.ruleLength) {
      problem(`longer than the host's ${limits.ruleLength} characters: the host ignores it`);
      continue;
    }
    if (rule.exact && dynamics === 0) {
      if (++statics > limits.staticRules) {
        problem(`past the host's ${limits.staticRules} static rules: the host ignores it`);
        continue;
      }
    } else if (++dynamics > limits.dynamicRules) {
      problem(`past the host's ${limits.dynamicRules} dynamic rules: the host ignores it and every rule after it`);
      break;
    }
    // Both hosts use the first rule for a path.
    if (seen.has(rule.from)) {
      problem(`a second rule for ${rule.from}`);
      continue;
    }
    seen.add(rule.from);
    rules.push(rule);
  }
  return rules;
}

function parseRedirectLines(lines: string[], problems: RuleProblem[]): { rule: RedirectRule; line: number }[] {
  const rules: { rule: RedirectRule; line: number }[] = [];
  lines.forEach((line, i) => {
    const fields = line
      .replace(/(^|\s)#.*$/, "")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (fields.length === 0) return;
    const [from, to, code = "302"] = fields;
    const force = code.endsWith("!");
    const status = Number(force ? code.slice(0, -1) : code);
    if (fields.length < 2 || fields.length > 3 || !STATUSES.has(status)) {
      problems.push({ file: "_redirects", line: i + 1, message: "expected 'FROM TO [200|301|302|303|307|308]'" });
      return;
    }
    rules.push({
      rule: { from: from!, pattern: pathPattern(from!), exact: !/[*:]/.test(from!), to: to!, status, force },
      line: i + 1,
    });
  });
  return rules;
}

/**
 * The headers of every matching rule: the first rule to set a header replaces the host's own
 * value, later ones add theirs, joined by ", " (as both hosts do).
 */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const entry = out.get(key) ?? { name, values: [] };
      entry.values.push(value);
      out.set(key, entry);
    }
  }
  return new Map([...out.values()].map((e) => [e.name, e.values.join(", ")]));
}

/** Netlify-only syntax: the file was written for Netlify, and is read as Netlify reads it. */
export function isNetlifyFile(rules: readonly RedirectRule[]): boolean {
  return rules.some((r) => r.force || r.status === 404);
}

/** The first redirect for `path` (the URL's path as sent), with its placeholders filled in. */
export function redirectFor(rules: readonly RedirectRule[], path: string): { to: string; status: number } | undefined {
  const netlify = isNetlifyFile(rules);
  // Netlify matches /x/ by the rule for /x; Cloudflare only by a rule for /x/ itself.
  const candidates = netlify && path.length > 1 && path.endsWith("/") ? [path, path.slice(0, -1)] : [path];
  const fill = (rule: RedirectRule, groups: Record<string, string | undefined>) => ({
    to: rule.to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => groups[name] ?? whole),
    status: rule.status,
  });
  for (const candidate of candidates) {
    // Cloudflare looks up rules without patterns by the exact path first.
    const exact = rules.find((r) => r.exact && r.from === candidate);
    if (exact) return fill(exact, {});
  }
  for (const candidate of candidates) {
    for (const rule of rules) {
      if (rule.exact) continue;
      const match = rule.pattern.exec(candidate);
      if (match) return fill(rule, match.groups ?? {});
    }
  }
  return undefined;
}

/** What the host answers: a file (with its status), a redirect, or its plain not-found. */
export type HostAnswer =
  | { status: number; file: string }
  | { status: number; location: string; rule: boolean }
  | { status: 404 }
  | { status: 405 };

/**
 * The answer for one request. `pathname` is the URL's path as sent (percent-encoded), `search`
 * its query string; `exists` says whether the output holds a file at a decoded URL path.
 */
export async function hostAnswer(
  rules: readonly RedirectRule[],
  method: string,
  pathname: string,
  search: string,
  exists: (path: string) => Promise<boolean>,
): Promise<HostAnswer> {
  const redirect = redirectFor(rules, pathname);
  if (redirect && redirect.status !== 200 && redirect.status !== 404) {
    const target = new URL(redirect.to, "http://host");
    // The query string travels with the redirect unless the target has its own.
    const location = /^https?:\/\//.test(redirect.to)
      ? redirect.to.replace(/\?.*$/, "") + (target.search || search)
      : `${target.pathname}${target.search || search}${target.hash}`;
    return { status: redirect.status, location, rule: true };
  }
  if (method !== "GET" && method !== "HEAD") return { status: 405 };
  const asset = async (p: string) => !HOST_FILES.has(p) && (await exists(p));
  if (redirect?.status === 404) {
    const file = decode(new URL(redirect.to, "http://host").pathname);
    return (await asset(file)) ? { status: 404, file } : notFound(file, asset);
  }
  const path = decode(redirect?.status === 200 ? new URL(redirect.to, "http://host").pathname : pathname);
  // Files are found by the decoded path, but a 308 to the canonical form sends it percent-encoded again, each
  // segment as encodeURIComponent writes it (`/caf%C3%A9-%C3%B1and%C3%BA`), as Cloudflare's asset server does
  // (workers-sdk pages-shared asset-server handler.ts, redirectToPath): a raw `é` in a Location header is one
  // Latin-1 byte, which browsers read as another path, and a character past U+00FF cannot be sent at all.
  const moved = (location: string) => ({
    status: 308,
    location: location.split("/").map(encodeURIComponent).join("/") + search,
    rule: false,
  });

  if (path.endsWith("/")) {
    if (await asset(`${path}index.html`)) return { status: 200, file: `${path}index.html` };
    if (path.endsWith("/index/")) return moved(`/${path.slice(1, -"index/".length)}`);
    if (await asset(path.replace(/\/$/, ".html"))) return moved(`/${path.slice(1, -1)}`);
    return notFound(path, asset);
  }
  if (await asset(path)) {
    if (!path.endsWith(".html")) return { status: 200, file: path };
    const bare = path.slice(0, -".html".length);
    if (bare.endsWith("/index")) return moved(bare.replace(/\/index$/, "/"));
    if ((await asset(bare)) || bare === "/") return { status: 200, file: path };
    return moved(bare);
  }
  if (path.endsWith("/index")) return moved(`/${path.slice(1, -"index".length)}`);
  if (await asset(`${path}.html`)) return { status: 200, file: `${path}.html` };
  if (await asset(`${path}/index.html`)) return moved(`${path}/`);
  return notFound(path, asset);
}

/** The nearest 404.html up the path's folders, with status 404. */
async function notFound(path: string, asset: (p: string) => Promise<boolean>): Promise<HostAnswer> {
  for (let dir = path; dir; ) {
    dir = dir.slice(0, dir.lastIndexOf("/"));
    if (await asset(`${dir}/404.html`)) return { status: 404, file: `${dir}/404.html` };
  }
  // Cloudflare serves a site without any 404.html as a single-page app: index.html, status 200.
  if (await asset("/index.html")) return { status: 200, file: "/index.html" };
  return { status: 404 };
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The Content-Type Cloudflare Pages sends for a file: its media type from the `mime` package's
 * table, with a charset for text/* only. mime-db has since moved .js to text/javascript; the
 * host still says application/javascript (workers-shared/utils/helpers.ts, getContentType).
 */
export function hostContentType(path: string): string {
  const type = /\.m?js$/i.test(path) ? "application/javascript" : lookup(path) || "application/octet-stream";
  return type.startsWith("text/") ? `${type}; charset=utf-8` : type;
}

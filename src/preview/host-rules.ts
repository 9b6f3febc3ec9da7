/**
 * The `_headers` and `_redirects` files as Netlify and Cloudflare Pages read them, for
 * `ppguide preview`. Paths may hold `*` (a splat: anything, slashes included) and `:name`
 * (one path segment); a redirect's target may use `:splat` and the placeholders.
 * https://docs.netlify.com/routing/redirects/redirect-options/#splats
 */

export interface HeaderRule {
  pattern: RegExp;
  headers: [name: string, value: string][];
}

export interface RedirectRule {
  pattern: RegExp;
  to: string;
  status: number;
}

export interface RuleProblem {
  file: "_headers" | "_redirects";
  line: number;
  message: string;
}

function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) => (part === "*" ? "(?<splat>.*)" : part.startsWith(":") && part.length > 1 ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
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
      problems.push({ file: "_headers", line: i + 1, message: rule ? "expected 'Name: value'" : "a header before any path" });
      return;
    }
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  });
  return rules;
}

export function parseRedirects(text: string, problems: RuleProblem[] = []): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const fields = line.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0) return;
    const status = fields[2] === undefined ? 301 : Number.parseInt(fields[2], 10);
    if (fields.length < 2 || !(status >= 300 && status < 400)) {
      problems.push({ file: "_redirects", line: i + 1, message: "expected 'FROM TO [3xx]'" });
      return;
    }
    rules.push({ pattern: pathPattern(fields[0]), to: fields[1], status });
  });
  return rules;
}

/** The headers of every matching rule; a header set by several rules gets their values joined by ", ", as both hosts do. */
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

/** The first redirect whose path matches (a trailing slash is ignored), with its placeholders filled in. */
export function redirectFor(rules: readonly RedirectRule[], path: string): { location: string; status: number } | undefined {
  const candidates = path.length > 1 && path.endsWith("/") ? [path, path.slice(0, -1)] : [path];
  for (const rule of rules) {
    for (const candidate of candidates) {
      const match = rule.pattern.exec(candidate);
      if (!match) continue;
      const groups = match.groups ?? {};
      const location = rule.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => groups[name] ?? whole);
      return { location, status: rule.status };
    }
  }
  return undefined;
}

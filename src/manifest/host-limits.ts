import { PpgError } from "../core/errors.ts";
import type { Manifest, SiteSettings } from "./types.ts";
import type { YamlSource } from "./yaml-path.ts";

/**
 * What each host reads of a `_redirects` file, and no more: a rule past a limit is dropped
 * without a word at deploy time, so the build keeps within them (planRedirects) and `ppguide
 * preview` drops what the host would (preview/host-rules.ts).
 */
export interface HostLimits {
  /** Rules without a splat or placeholder, counted until the first rule with one. */
  staticRules: number;
  /** Rules with a splat or placeholder, and every rule after the first of them; the rest of the file is ignored. */
  dynamicRules: number;
  /** Characters in one line; a longer one is ignored. */
  ruleLength: number;
}

export type BuildHost = NonNullable<NonNullable<SiteSettings["build"]>["host"]>;
export type RedirectHost = Exclude<BuildHost, "github-pages">;

export const HOST_LIMITS: Readonly<Record<RedirectHost, HostLimits>> = {
  // https://developers.cloudflare.com/pages/configuration/redirects/#per-file: "2,000 static
  // redirects and 100 dynamic redirects … Each redirect declaration has a 1,000-character limit."
  "cloudflare-pages": { staticRules: 2000, dynamicRules: 100, ruleLength: 1000 },
  // https://docs.netlify.com/routing/redirects/: Netlify states no count, only that a deploy whose
  // rules are too large "might fail", and to use wildcards "if you need to set up 10,000 redirects
  // or more": 10,000 is the most a site can count on.
  netlify: { staticRules: 10_000, dynamicRules: 10_000, ruleLength: Number.POSITIVE_INFINITY },
};

/** A path no build writes: a rewrite to it ends in the host's own not-found answer. */
const NOT_FOUND_TARGET = "/.ppguide-not-found";

/** Why an alias is served as a page instead of a rule. */
export interface AliasAsPage {
  /** Its index in site.yaml's `aliases`. */
  index: number;
  from: string;
  limit: string;
}

export interface RedirectPlan {
  host: BuildHost;
  /** The lines of `_redirects`, the rules that must never be dropped (the 404s) first; none for GitHub Pages. */
  lines?: string[];
  /** The aliases served as meta-refresh pages: every one on GitHub Pages, which reads no `_redirects`. */
  pages: AliasAsPage[];
}

/**
 * Which aliases the host answers with a rule and which with a page. Cloudflare Pages matches a
 * static rule against the exact path and then strips a trailing slash with a 308 of its own, so
 * /alias/ gets a rule of its own to take one hop; it rejects a status with `!`.
 * Netlify matches /alias/ by the /alias rule, but lets a file at the path shadow an unforced rule:
 * `301!` forces it (https://docs.netlify.com/routing/redirects/rewrites-proxies/#shadowing).
 * /404 and /404.html would otherwise answer the 404 page with status 200, so their rules come
 * first, where no limit reaches them. An alias whose rules would pass a limit is served as a
 * page, as on GitHub Pages (its file is claimed either way: output/claims.ts).
 */
export function planRedirects(manifest: Pick<Manifest, "site" | "aliases">): RedirectPlan {
  const host = manifest.site.build?.host ?? "cloudflare-pages";
  const aliases = manifest.aliases ?? [];
  if (host === "github-pages")
    return {
      host,
      pages: aliases.map((a, index) => ({ index, from: a.from, limit: "GitHub Pages reads no _redirects" })),
    };
  const limits = HOST_LIMITS[host];
  const hostName = host === "netlify" ? "Netlify" : "Cloudflare Pages";
  const lines =
    host === "netlify"
      ? ["/404 /404.html 404!", "/404.html /404.html 404!"]
      : ["/404", "/404/", "/404.html"].map((p) => `${p} ${NOT_FOUND_TARGET} 200`);
  const pages: AliasAsPage[] = [];
  aliases.forEach((alias, index) => {
    // A host matches a rule against the request's path as sent, percent-encoded (/caf%C3%A9).
    const [from, to] = [encodeURI(alias.from), encodeURI(alias.to)];
    const rules = host === "netlify" ? [`${from} ${to} 301!`] : [`${from} ${to} 301`, `${from}/ ${to} 301`];
    const longest = Math.max(...rules.map((r) => r.length));
    // Both hosts read `:name` and `*` in a rule's path as a placeholder and a splat: such a rule
    // would match other paths, and count against the far smaller dynamic limit.
    if (/\*|:[A-Za-z]/.test(from))
      pages.push({
        index,
        from: alias.from,
        limit: `${hostName} would read its ':' or '*' as a placeholder or a splat, matching other paths`,
      });
    else if (longest > limits.ruleLength)
      pages.push({
        index,
        from: alias.from,
        limit: `its rule would be ${longest} characters, and ${hostName} ignores one over ${limits.ruleLength}`,
      });
    else if (lines.length + rules.length > limits.staticRules)
      pages.push({
        index,
        from: alias.from,
        limit: `${hostName} reads at most ${limits.staticRules.toLocaleString("en-US")} redirect rules`,
      });
    else lines.push(...rules);
  });
  return { host, lines, pages };
}

/** The `_redirects` file for the site's host, or undefined for a host that reads none. */
export function redirectsText(plan: RedirectPlan): string | undefined {
  if (!plan.lines) return undefined;
  return `# Written by ppguide build for ${plan.host} (site.build.host in site.yaml).\n${plan.lines.join("\n")}\n`;
}

/** The from-paths of the aliases served as pages. */
export function aliasPages(manifest: Pick<Manifest, "site" | "aliases">): Set<string> {
  return new Set(planRedirects(manifest).pages.map((p) => p.from));
}

/** A warning at each alias a host's limits turn into a page (none on GitHub Pages, where every alias is one). */
export function hostLimitWarnings(site: {
  manifest: Pick<Manifest, "site" | "aliases">;
  source: YamlSource;
}): PpgError[] {
  const plan = planRedirects(site.manifest);
  if (plan.host === "github-pages") return [];
  return plan.pages.map(
    ({ index, from, limit }) =>
      new PpgError(
        "AliasServedAsPage",
        { from, limit },
        { location: site.source.locate(["aliases", index, "from"]), path: `aliases[${index}].from` },
      ),
  );
}

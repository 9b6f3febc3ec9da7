/**
 * Debian's Chromium driven by playwright-core (no bundled browser download). Every request that
 * does not go to the test server is aborted, so the suite proves the site works with third
 * parties blocked, and never touches the network.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const INSTALL_HINT = "sudo apt-get update && sudo apt-get install -y chromium";
export const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

/**
 * Whether a browser suite is skipped: only when Chromium is missing and CI is not set. Under
 * CI=true the suite runs and launchChromium fails it, so a CI run never passes having checked
 * nothing in a browser.
 */
export const SKIP_BROWSER_SUITE = !hasChromium() && process.env.CI !== "true";

export function launchChromium(): Promise<Browser> {
  if (!hasChromium()) throw new Error(`CI=true and no Chromium at ${CHROMIUM}. Install it with: ${INSTALL_HINT}`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** A context whose pages may only talk to `origin`. */
export async function isolatedContext(
  browser: Browser,
  origin: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  await context.route("**/*", (route) =>
    route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort("blockedbyclient"),
  );
  return context;
}

export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/**
 * Records console errors, uncaught exceptions and failed same-origin requests. Third-party
 * requests are blocked on purpose; Chromium reports each as a console error, which is ignored.
 */
export function watchProblems(page: Page, origin: string): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const where = msg.location().url;
    if (where && !where.startsWith(origin) && /Failed to load resource/.test(msg.text())) return;
    problems.consoleErrors.push(`${msg.text()} (${where})`);
  });
  page.on("pageerror", (err) => problems.consoleErrors.push(`uncaught: ${err.message}`));
  page.on("requestfailed", (req) => {
    if (req.url().startsWith(origin)) problems.failedRequests.push(`${req.url()}: ${req.failure()?.errorText}`);
  });
  page.on("response", (res) => {
    if (res.url().startsWith(origin) && res.status() >= 400)
      problems.failedRequests.push(`${res.url()}: HTTP ${res.status()}`);
  });
  return problems;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core, WCAG 2.0/2.1 level A and AA rules only. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, worker: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async (_, worker) => {
      while (next < items.length) await work(items[next++]!, worker);
    }),
  );
}

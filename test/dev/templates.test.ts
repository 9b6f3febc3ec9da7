import { appendFile, cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PpgErrorList } from "../../src/core/errors.ts";
import { DevSite } from "../../src/dev/dev-site.ts";
import { FreshTemplates, TEMPLATES_DIR } from "../../src/dev/templates.ts";
import { buildStylesheet, STYLES_DIR } from "../../src/assets/bundles.ts";

const repo = fileURLToPath(new URL("../../", import.meta.url));

describe("templates reload through a fresh module graph", () => {
  let dir: string;
  let loader: FreshTemplates;
  const alias = () => join(dir, "templates", "pages", "Alias.tsx");

  beforeAll(async () => {
    // A private copy of templates/ to edit and break; its imports of ../src reach the engine through a link.
    dir = await mkdtemp(join(tmpdir(), "ppguide-templates-"));
    await cp(TEMPLATES_DIR, join(dir, "templates"), { recursive: true });
    await symlink(join(repo, "src"), join(dir, "src"));
    await appendFile(join(dir, "templates", "index.ts"), '\nexport { devMarker } from "./pages/Alias.tsx";\n');
    await appendFile(alias(), "\nexport const devMarker = 1;\n");
    loader = new FreshTemplates(join(dir, "templates", "index.ts"));
  });

  afterAll(async () => {
    await loader?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("sees an edit to a nested template without restarting", async () => {
    const first = (await loader.load()).templates as unknown as { devMarker: number; Layout: unknown };
    expect(first.devMarker).toBe(1);
    expect(typeof first.Layout).toBe("function");
    await writeFile(alias(), (await readFile(alias(), "utf8")).replace("devMarker = 1", "devMarker = 2"));
    expect(((await loader.load()).templates as unknown as { devMarker: number }).devMarker).toBe(2);
  });

  it("reports a TSX compile error with file:line:col, then recovers", async () => {
    const good = await readFile(alias(), "utf8");
    const line = good.split("\n").length;
    await writeFile(alias(), `${good}export const broken = <div>;\n`);
    const err = await loader.load().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PpgErrorList);
    const first = (err as PpgErrorList).errors[0]!;
    expect(first.code).toBe("TemplateFailed");
    expect(first.location?.file).toMatch(/templates\/pages\/Alias\.tsx$/);
    expect(first.location?.line).toBeGreaterThanOrEqual(line);
    expect(first.format()).toMatch(/Alias\.tsx:\d+:\d+ /);
    await writeFile(alias(), good);
    expect(((await loader.load()).templates as unknown as { devMarker: number }).devMarker).toBe(2);
  });
});

describe("DevSite rebuilds by kind of change", () => {
  let root: string;
  let site: DevSite;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ppguide-devsite-"));
    await cp(join(repo, "test", "fixtures", "dev-site"), root, { recursive: true });
    site = new DevSite(root);
    expect((await site.rebuild()).ok).toBe(true);
  });

  afterAll(async () => {
    await site?.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it("swaps only the stylesheet when CSS changes", async () => {
    // A stylesheet that exists (an earlier version named one that did not, and passed all the same).
    const css = (await readdir(STYLES_DIR)).find((f) => f.endsWith(".css"));
    expect(css).toBeDefined();
    const r = await site.rebuild(new Map([[join(STYLES_DIR, css!), "change"]]));
    expect(r.ok).toBe(true);
    expect(r.pages).toEqual([]);
    // The stylesheet the pages now link is the one built from the styles as they are.
    expect(r.cssOnly).toBe((await buildStylesheet()).url);
  });

  it("re-renders nothing when a template is saved unchanged: the compiled templates are the same code", async () => {
    const r = await site.rebuild(new Map([[join(TEMPLATES_DIR, "Layout.tsx"), "change"]]));
    expect(r.ok).toBe(true);
    expect(r.pages).toEqual([]);
  });

  it("re-renders the pages that show a public image when it changes, and only them", async () => {
    const avatar = join(root, "public", "images", "avatar.svg");
    const svg = await readFile(avatar, "utf8");
    await writeFile(
      avatar,
      svg.replace(
        /<svg\b[^>]*>/,
        '<svg xmlns="http://www.w3.org/2000/svg" width="97" height="97" viewBox="0 0 97 97">',
      ),
    );
    const r = await site.rebuild(new Map([[avatar, "change"]]));
    expect(r.ok).toBe(true);
    expect(r.reloadAll).toBe(true);
    // The bylines show the avatar, at its new size.
    expect(new Set(r.pages)).toEqual(new Set(["/beach-day", "/old-town", "/cacao-tour"]));
    expect(site.pages.get("/beach-day")!.html).toMatch(/avatar\.svg"[^>]*width="97"|width="97"[^>]*avatar\.svg/);
  });

  it("reports a removed Markdown file at the site.yaml entry that names it", async () => {
    const file = join(root, "content", "travel", "old-town.md");
    const text = await readFile(file, "utf8");
    await rm(file);
    const r = await site.rebuild(new Map([[file, "unlink"]]));
    expect(r.ok).toBe(false);
    expect(r.errors[0]?.code).toBe("ContentMissing");
    expect(r.errors[0]?.location?.file).toBe("site.yaml");
    await writeFile(file, text);
    const fixed = await site.rebuild(new Map([[file, "add"]]));
    expect(fixed.ok).toBe(true);
    // Back as it was in the last good build, whose page is still served: nothing to render.
    expect(fixed.pages).toEqual([]);
  });
});

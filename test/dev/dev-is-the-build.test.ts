/**
 * Dev is the build: an edit made while `ppguide dev` runs meets every check a build makes, the
 * same containment, the same problems at the same places, and the published pages a build writes.
 * Each case below broke once (dev checked at its start what a build checks on every run), and is
 * named after what broke.
 */
import { mkdir, mkdtemp, readFile, rename, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { build } from "../../src/engine/build.ts";
import { isInside } from "../../src/core/site-folder.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";
import { removeWhenDone } from "../helpers/scratch.ts";
import { CAN_SEE_WATCHES, inodeKey, watchedInodes } from "../helpers/watched-inodes.ts";
import { REBUILD_HEARD_MS } from "../helpers/dev-events.ts";

const SITE = `
-- site.yaml --
routes:
  - { path: /beaches, kind: article, content: travel/beaches.md }
  - { path: /resorts, kind: article, content: travel/resorts.md }
  - { path: /bakeries, kind: directory, content: bakeries.md, listings: bakeries.yaml }
-- content/travel/beaches.md --
## Playa Dorada {#playa-dorada}

Golden sand east of town.

## Sosua Bay {#sosua-bay}

Calm water for swimming.
-- content/travel/resorts.md --
Stay near [Playa Dorada](/beaches#playa-dorada), or by [the bay](/beaches#sosua-bay).
-- content/bakeries.md --
Bread in the morning.
-- content/bakeries.yaml --
itemType: LocalBusiness
items:
  - { id: 1, name: Corner Bakery, image: /images/photo.svg, alt: The bakery's front, area: Centro, address2: Puerto Plata 57000 }
`;

/** What inline-site.ts fills in for a one-line route; written out for a route added while dev runs. */
const FILLED =
  "description: A page of the inline site for a test., image: { src: /images/photo.svg, alt: A picture }, author: desk, " +
  "dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }, related: [/filler-1, /filler-2, /filler-3]";

interface Running {
  root: string;
  dev: DevHandle;
  log: string[];
  reports: RebuildReport[];
  /** Runs `edit`, then waits for the rebuilds it causes, until none has come for a while; the last one's report. */
  after(edit: () => Promise<unknown>): Promise<RebuildReport>;
  get(path: string): Promise<{ status: number; text: string }>;
}

const running: DevHandle[] = [];
afterEach(async () => {
  for (const dev of running.splice(0)) await dev.close();
});

async function devOn(text = SITE): Promise<Running> {
  const root = await writeInlineSite(text);
  removeWhenDone(root);
  const log: string[] = [];
  const reports: RebuildReport[] = [];
  const dev = await startDev({ root, port: 0, log: (line) => log.push(line), onRebuild: (r) => reports.push(r) });
  running.push(dev);
  return {
    root,
    dev,
    log,
    reports,
    async after(edit) {
      const before = reports.length;
      await edit();
      await expect.poll(() => reports.length, { timeout: REBUILD_HEARD_MS }).toBeGreaterThan(before);
      // An edit of several steps (a folder removed, then a link made) may be heard as two.
      for (let seen = -1; seen !== reports.length; ) {
        seen = reports.length;
        await dev.idle();
        await new Promise((done) => setTimeout(done, 400));
      }
      return reports.at(-1)!;
    },
    async get(path) {
      const res = await fetch(new URL(path, dev.url));
      return { status: res.status, text: await res.text() };
    },
  };
}

/** `Code file:line:col` of each problem dev shows now: the whole site's, or every page's. */
function shown(dev: DevHandle): string[] {
  const site = dev.site.problems;
  const all = site.length ? site : [...dev.site.allPageProblems().values()].flat();
  return all
    .map((e) => `${e.code} ${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}` : "-"}`)
    .sort();
}

/** `Code file:line:col` of each problem a fresh build of the same files reports. */
async function built(root: string): Promise<string[]> {
  const { lines } = await attempt({ root, out: join(await mkdtemp(join(tmpdir(), "ppguide-dev-build-")), "dist") });
  return lines
    .map((l) => {
      const [code, where] = l.split("  ");
      return `${code} ${/^[^\s]+:\d+:\d+$/.test(where ?? "") ? where : "-"}`;
    })
    .sort();
}

describe("dev's containment, as a build's, whatever is swapped in while it runs", () => {
  it("a Markdown file replaced by a link to /etc/passwd is refused, never served", async () => {
    const s = await devOn();
    const md = join(s.root, "content/travel/beaches.md");
    const r = await s.after(async () => {
      await unlink(md);
      await symlink("/etc/passwd", md);
    });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.code)).toEqual(["SymlinkOutside"]);
    expect(s.log).toContainEqual(
      expect.stringMatching(/content\/travel\/beaches\.md is a symbolic link to \/etc\/passwd/),
    );
    const page = await s.get("/beaches");
    expect(page.text).not.toMatch(/root:x:0:0/);
    expect(shown(s.dev)).toEqual(await built(s.root));
    // Nor watched: chokidar watched the path anew through the link, and with it /etc/passwd.
    if (CAN_SEE_WATCHES) expect(watchedInodes().has(inodeKey("/etc/passwd"))).toBe(false);
  }, 60_000);

  it("a listings file replaced by a link outside is refused", async () => {
    const s = await devOn();
    const outside = join(await mkdtemp(join(tmpdir(), "ppguide-outside-")), "list.yaml");
    await writeFile(outside, await readFile(join(s.root, "content/bakeries.yaml"), "utf8"));
    const r = await s.after(async () => {
      await unlink(join(s.root, "content/bakeries.yaml"));
      await symlink(outside, join(s.root, "content/bakeries.yaml"));
    });
    expect(r.errors.map((e) => e.code)).toEqual(["SymlinkOutside"]);
    expect(shown(s.dev)).toEqual(await built(s.root));
  }, 60_000);

  it("a content folder replaced by a link to a folder outside is refused, and what is there never read", async () => {
    const s = await devOn();
    const outside = await mkdtemp(join(tmpdir(), "ppguide-outside-"));
    await writeFile(join(outside, "beaches.md"), "SECRET OUTSIDE TEXT\n");
    await writeFile(join(outside, "resorts.md"), "SECRET OUTSIDE TEXT\n");
    const r = await s.after(async () => {
      await rm(join(s.root, "content/travel"), { recursive: true });
      await symlink(outside, join(s.root, "content/travel"));
    });
    expect(r.errors.map((e) => e.format())).toEqual([expect.stringMatching(/^content\/travel is a symbolic link to /)]);

    expect((await s.get("/beaches")).text).not.toContain("SECRET OUTSIDE TEXT");
    // An edit out there reaches nothing: no rebuild, nothing watched there.
    const before = s.reports.length;
    await writeFile(join(outside, "beaches.md"), "SECRET OUTSIDE TEXT, EDITED\n");
    await new Promise((done) => setTimeout(done, 500));
    expect(s.reports.slice(before).map((x) => x.files)).toEqual([]);
    expect(s.dev.watched().filter((p) => isInside(p, outside))).toEqual([]);
    if (CAN_SEE_WATCHES) {
      const watched = watchedInodes();
      for (const p of [outside, join(outside, "beaches.md"), join(outside, "resorts.md")])
        expect(watched.has(inodeKey(p)), p).toBe(false);
    }
    expect(shown(s.dev)).toEqual(await built(s.root));
  }, 60_000);

  it.each([
    ["/usr", ["/usr", "/usr/bin", "/usr/lib"]],
    ["/etc", ["/etc", "/etc/passwd"]],
  ])(
    "a link to %s in public/ is one refused link: nothing under it is watched or walked",
    async (target, inside) => {
      const s = await devOn();
      const link = join(s.root, "public/linked");
      const started = performance.now();
      const r = await s.after(() => symlink(target, link));
      // Once: dev walked and watched 225,000 files under /usr, and a rebuild took 23 s.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(r.errors.map((e) => e.code)).toEqual(["SymlinkOutside"]);
      expect(s.dev.watched().filter((p) => isInside(p, target))).toEqual([]);
      if (CAN_SEE_WATCHES) for (const p of inside) expect(watchedInodes().has(inodeKey(p)), p).toBe(false);
      // Every watched path is the site's or ppguide's, or a folder holding one of them.
      for (const p of s.dev.watched())
        expect(
          isInside(p, s.root) || isInside(p, PACKAGE_DIR) || isInside(s.root, p) || isInside(PACKAGE_DIR, p),
          p,
        ).toBe(true);
      // Removed, the site builds again.
      const mended = await s.after(() => unlink(link));
      expect(mended.ok).toBe(true);
    },
    60_000,
  );

  it("content/ as a link to a folder inside the site, as a build allows, is watched: an edit there is built", async () => {
    const root = await writeInlineSite(SITE);
    removeWhenDone(root);
    await rename(join(root, "content"), join(root, "writing"));
    await symlink("writing", join(root, "content"));
    const reports: RebuildReport[] = [];
    const dev = await startDev({ root, port: 0, log: () => {}, onRebuild: (r) => reports.push(r) });
    running.push(dev);
    expect(dev.initial.ok).toBe(true);
    await writeFile(join(root, "writing/bakeries.md"), "Bread at dawn, edited.\n");
    await expect.poll(() => reports.length, { timeout: REBUILD_HEARD_MS }).toBeGreaterThan(0);
    await dev.idle();
    expect(reports.at(-1)!.files).toContain("content/bakeries.md");
    expect(dev.site.pages.get("/bakeries")!.html).toContain("Bread at dawn, edited.");
  }, 60_000);

  it("a link to /etc/passwd under public/images is answered 403 and reported", async () => {
    const s = await devOn();
    const r = await s.after(() => symlink("/etc/passwd", join(s.root, "public/images/passwd.txt")));
    expect(r.errors.map((e) => e.code)).toEqual(["SymlinkOutside"]);
    expect(s.log).toContainEqual(
      expect.stringMatching(/public\/images\/passwd\.txt is a symbolic link to \/etc\/passwd/),
    );
    const res = await s.get("/images/passwd.txt");
    expect(res.status).toBe(403);
    expect(res.text).not.toMatch(/root:x:0:0/);
  }, 60_000);

  it("a file replaced by a link to nothing, then by a link to another article: each rebuilt, nothing stale", async () => {
    const s = await devOn();
    const md = join(s.root, "content/travel/beaches.md");
    await s.after(async () => {
      await unlink(md);
      await symlink("nowhere.md", md);
    });
    expect(shown(s.dev)).toEqual(await built(s.root));
    expect(shown(s.dev).length).toBeGreaterThan(0);
    const r = await s.after(async () => {
      await symlink("resorts.md", `${md}.tmp`);
      await rename(`${md}.tmp`, md);
    });
    expect(r.ok).toBe(true);
    expect(shown(s.dev)).toEqual(await built(s.root));
  }, 60_000);

  it(
    "a file, and a folder, made links and then themselves again: their later saves are heard",
    async () => {
      const s = await devOn();
      const md = join(s.root, "content/bakeries.md");
      await s.after(async () => {
        await symlink("travel/beaches.md", `${md}.tmp`);
        await rename(`${md}.tmp`, md);
      });
      await s.after(async () => {
        await rm(md);
        await writeFile(md, "Bread in the morning.\n");
      });
      // Another file first, as the property test met it (dev-equals-build.test.ts), then the file itself.
      await s.after(() => writeFile(join(s.root, "content/travel/resorts.md"), "Stay near the beach.\n"));
      await s.after(() => writeFile(md, "Bread at noon too.\n"));
      expect((await s.get("/bakeries")).text).toContain("Bread at noon too.");

      const travel = join(s.root, "content/travel");
      const elsewhere = join(s.root, "content/elsewhere");
      await s.after(async () => {
        await rename(travel, elsewhere);
        await symlink("elsewhere", travel);
      });
      await s.after(async () => {
        await rm(travel);
        await rename(elsewhere, travel);
      });
      await s.after(() => writeFile(join(travel, "resorts.md"), "Stay by the bay.\n"));
      expect((await s.get("/resorts")).text).toContain("Stay by the bay.");
      expect(shown(s.dev)).toEqual(await built(s.root));
    },
    3 * REBUILD_HEARD_MS,
  );
});

describe("dev's checks, as a build's, on every rebuild", () => {
  it("a heading renamed that another page links to is a BrokenLink at that link's line, in dev as in build", async () => {
    const s = await devOn();
    expect(s.dev.initial.pageProblems.size).toBe(0);
    const md = join(s.root, "content/travel/beaches.md");
    await s.after(async () => writeFile(md, (await readFile(md, "utf8")).replace("{#sosua-bay}", "{#sosua}")));
    expect(shown(s.dev)).toEqual(["BrokenLink content/travel/resorts.md:1:66"]);
    expect(shown(s.dev)).toEqual(await built(s.root));
    // Shown on the page that holds the link, which reloads: it was not rendered again.
    expect(s.reports.at(-1)!.changed).toContain("/resorts");
    expect((await s.get("/resorts")).text).toMatch(/data-problems="[^"]*BrokenLink/);
  }, 60_000);

  it("a link to #nope, on the same page or another, is reported", async () => {
    const s = await devOn();
    const md = join(s.root, "content/travel/resorts.md");
    await s.after(() => writeFile(md, "See [below](#nope) and [a beach](/beaches#nope2).\n"));
    expect(shown(s.dev)).toEqual([
      "BrokenLink content/travel/resorts.md:1:13",
      "BrokenLink content/travel/resorts.md:1:34",
    ]);
    expect(shown(s.dev)).toEqual(await built(s.root));
  }, 60_000);

  it("a draft's broken anchors fail the build at their lines, and are shown on the draft in dev", async () => {
    const text = `${SITE.replace(
      "  - { path: /bakeries",
      "  - { path: /carnival, kind: article, draft: true, content: carnival.md }\n  - { path: /bakeries",
    )}-- content/carnival.md --\nSee [a](#nope) and [b](/beaches#nope2).\n`;
    const root = await writeInlineSite(text);
    removeWhenDone(root);
    expect(await built(root)).toEqual(["BrokenLink content/carnival.md:1:24", "BrokenLink content/carnival.md:1:9"]);
    const s = await devOn(text);
    expect(shown(s.dev)).toEqual(await built(s.root));
    expect([...s.dev.site.allPageProblems().keys()]).toEqual(["/carnival"]);
    const page = await s.get("/carnival");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-problems="[^"]*BrokenLink/);
  }, 60_000);

  it("a new draft is served with its banner, and shown on no published page: authors' lists and search as in build", async () => {
    const text = SITE.replace(
      "  - { path: /bakeries",
      "  - { path: /authors/desk, kind: author, author: desk }\n  - { path: /bakeries",
    );
    const s = await devOn(text);
    const published = await build({ root: s.root, write: false });
    const r = await s.after(async () => {
      const yaml = await readFile(join(s.root, "site.yaml"), "utf8");
      await writeFile(join(s.root, "content/carnival.md"), "The parade.\n");
      await writeFile(
        join(s.root, "site.yaml"),
        yaml.replace(
          "  - { path: /bakeries",
          `  - { path: /carnival, kind: article, draft: true, title: Carnival Parade, content: carnival.md, ${FILLED} }\n  - { path: /bakeries`,
        ),
      );
    });
    expect(r.ok).toBe(true);
    // The published pages are the build's, byte for byte: no card, no count, no list names the draft.
    const fresh = await build({ root: s.root, write: false });
    for (const page of fresh.pages) expect(s.dev.site.pages.get(page.route)?.html, page.route).toBe(page.html);
    expect(fresh.pages.map((p) => p.route)).toEqual(published.pages.map((p) => p.route));
    expect(s.dev.site.pages.get("/authors/desk")!.html).not.toContain("Carnival Parade");
    expect(s.dev.site.pages.get("/search")!.html).not.toContain("Carnival Parade");
    // The draft itself is served, with its banner.
    const draft = await s.get("/carnival");
    expect(draft.status).toBe(200);
    expect(draft.text).toContain("Carnival Parade");
    expect(draft.text).toMatch(/draft/i);
  }, 60_000);

  it("a draft stub's text is not a warning, in dev as in build", async () => {
    const text = `${SITE.replace(
      "  - { path: /bakeries",
      "  - { path: /carnival, kind: article, draft: true, content: carnival.md }\n  - { path: /bakeries",
    )}-- content/carnival.md --\nTODO: write the page.\n`;
    const s = await devOn(text);
    expect(s.dev.initial.warnings.map((w) => w.code)).not.toContain("StubTextLeft");
    expect(s.log.filter((l) => l.includes("StubTextLeft"))).toEqual([]);
  }, 60_000);

  it("a content file added while dev runs is ContentUnused, as a build reports it", async () => {
    const s = await devOn();
    expect(s.dev.initial.warnings.map((w) => w.code)).not.toContain("ContentUnused");
    const r = await s.after(() => writeFile(join(s.root, "content/orphan.md"), "Nobody links me.\n"));
    expect(r.warnings.map((w) => `${w.code} ${w.location?.file}`)).toContain("ContentUnused content/orphan.md");
    expect(s.log).toContainEqual(expect.stringMatching(/^warning: content\/orphan\.md:1:1 .*\[ContentUnused\]$/));
    // And a folder of them, added at once.
    await s.after(async () => {
      await mkdir(join(s.root, "content/later"));
      await writeFile(join(s.root, "content/later/a.md"), "Later.\n");
    });
    expect(s.reports.at(-1)!.warnings.map((w) => w.location?.file)).toContain("content/later/a.md");
  }, 60_000);
});

describe("where dev differs from a build: one switch (src/dev/preview.ts)", () => {
  const DRAFTED = `${SITE.replace(
    "  - { path: /bakeries",
    "  - { path: /carnival, kind: article, draft: true, content: carnival.md }\n  - { path: /bakeries",
  )}-- content/carnival.md --\nThe parade.\n`;

  it.each([
    [{ unpublished: true, reloadScript: true }, 200, true],
    [{ unpublished: false, reloadScript: false }, 404, false],
  ])(
    "%j: the draft answered %i, the reload script on pages: %s",
    async (preview, draftStatus, script) => {
      const root = await writeInlineSite(DRAFTED);
      removeWhenDone(root);
      const dev = await startDev({ root, port: 0, log: () => {}, preview });
      running.push(dev);
      const draft = await fetch(new URL("/carnival", dev.url));
      expect(draft.status).toBe(draftStatus);
      const page = await (await fetch(new URL("/beaches", dev.url))).text();
      expect(page.includes("data-ppguide-dev")).toBe(script);
      // Off, dev serves the build's page, byte for byte.
      if (!script) {
        const built = await build({ root, write: false });
        expect(page).toBe(built.pages.find((p) => p.route === "/beaches")!.html);
      }
    },
    60_000,
  );
});

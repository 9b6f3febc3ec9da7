import { load, type CheerioAPI } from "cheerio";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, realpath, rm, stat, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { PpgErrorList } from "../../src/core/errors.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";
import { treeHash } from "../helpers/outcome.ts";
import { storeEntries } from "../helpers/output-tree.ts";

let out: string;
const page = async (file: string): Promise<CheerioAPI> => load(await readFile(join(out, file), "utf8"));
const jsonLd = ($: CheerioAPI, type: string) =>
  $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()))
    .find((d) => d["@type"] === type);

beforeAll(async () => {
  const root = await copyFixture("basic-site");
  out = join(root, "dist");
  await build({ root, out });
});

describe("a built fixture site", () => {
  it("writes route /x as x.html (served at /x by Cloudflare Pages, Netlify and GitHub Pages), plus 404, sitemap, robots and redirects", async () => {
    const files = await readdir(out, { recursive: true });
    for (const f of [
      "index.html",
      "beaches.html",
      "flan-recipe.html",
      "bakeries.html",
      "guides.html",
      "authors/desk.html",
      "404.html",
      "sitemap.xml",
      "robots.txt",
      "_redirects",
    ]) {
      expect(files).toContain(f);
    }
    // Regression (issue 24): x/index.html made every host answer /x with a redirect to /x/.
    expect(files.filter((f) => String(f).endsWith("/index.html"))).toEqual([]);
  });

  it("writes x/index.html with site.build.format: directory, the links staying /x", async () => {
    const root = await copyFixture("basic-site");
    await edit(join(root, "site.yaml"), "  disclosure:", "  build: { format: directory }\n  disclosure:");
    const dir = join(root, "dist");
    await build({ root, out: dir });
    const files = (await readdir(dir, { recursive: true })).map(String);
    expect(files).toEqual(
      expect.arrayContaining(["index.html", "beaches/index.html", "authors/desk/index.html", "404.html"]),
    );
    expect(files).not.toContain("beaches.html");
    expect(
      load(await readFile(join(dir, "guides/index.html"), "utf8"))(".index-page .card a")
        .first()
        .attr("href"),
    ).toBe("/beaches");
  });

  it("gives an article its head: title, description, canonical, Open Graph, lang", async () => {
    const $ = await page("beaches.html");
    expect($("html").attr("lang")).toBe("en-US");
    expect($("title").text()).toBe("The Best Beaches | Fixture Guide");
    expect($('meta[name="description"]').attr("content")).toBe(
      "Where to swim, where to eat and when to go to the beach.",
    );
    expect($('link[rel="canonical"]').attr("href")).toBe("https://fixture.example/beaches");
    expect($('meta[property="og:type"]').attr("content")).toBe("article");
    expect($('meta[name="twitter:card"]').attr("content")).toBe("summary_large_image");
  });

  it("describes an article as a BlogPosting", async () => {
    const post = jsonLd(await page("beaches.html"), "BlogPosting");
    expect(post).toMatchObject({
      headline: "The Best Beaches",
      author: { "@type": "Person", name: "Test Desk" },
      publisher: { name: "Fixture Guide", logo: { width: 1800, height: 390 } },
      url: "https://fixture.example/beaches",
      dateCreated: "2025-01-02",
      datePublished: "2025-01-03",
      dateModified: "2025-09-01",
      inLanguage: "en-US",
      isAccessibleForFree: true,
      articleSection: "Travel",
      keywords: "beaches",
    });
    expect(post.articleBody).toMatch(/^Our favourite beaches/);
    // The 800x600 SVG as the three raster aspect ratios Google asks for (share-images.ts).
    expect(post.image).toMatchObject([
      { "@type": "ImageObject", width: 1200, height: 675, caption: "The beach at dawn" },
      { width: 1200, height: 900 },
      { width: 1200, height: 1200 },
    ]);
    expect(post.image[0].url).toMatch(/^https:\/\/fixture\.example\/assets\/images\/photo-[0-9a-f]{10}-1200x675\.jpg$/);
  });

  it("loads the logo eagerly on every page but the home page, whichever renders first", async () => {
    expect((await page("index.html"))("img.brand-logo").attr("loading")).toBe("lazy");
    // guides is in no menu, so it shares the header variant the home page rendered first.
    for (const file of ["guides.html", "beaches.html", "404.html"])
      expect((await page(file))("img.brand-logo").attr("loading"), file).toBe("eager");
  });

  it("renders the layout: nav dropdowns, search box, footer", async () => {
    const $ = await page("beaches.html");
    expect($("a.brand").attr("href")).toBe("/");
    expect(
      $("nav.site-nav details.dropdown summary")
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(["Guides", "Places"]);
    expect(
      $("nav.site-nav .dropdown-menu a")
        .map((_, el) => $(el).attr("href"))
        .get(),
    ).toEqual(["/beaches", "/flan-recipe", "/bakeries", "/beaches"]);
    expect($("#search-input").attr("placeholder")).toBe("Search...");
    expect(JSON.parse($("#search-data").text())).toEqual([
      { title: "The Best Beaches", path: "/beaches", keywords: ["beaches"] },
      { title: "Caramel Flan", path: "/flan-recipe", keywords: ["flan", "dessert"] },
    ]);
    expect($("footer .social a").length).toBe(4);
    expect($('footer a[href="mailto:info@fixture.example"]').length).toBe(1);
    // The year of the day the site is built as of (PPGUIDE_CLOCK, the suite's: vitest.config.ts), not the machine's.
    expect($("footer .copyright").text()).toContain(process.env.PPGUIDE_CLOCK!.slice(0, 4));
    expect($("footer .disclosure").text()).toContain("affiliate links");
  });

  it("lists on /search the search box's titles, then every other article, recipe and index; no footer links unless site.yaml names some", async () => {
    const $ = await page("search.html");
    expect(
      $("#search-page-results a")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual(["/beaches", "/flan-recipe", "/guides"]);
    expect($("#search-status").text()).toBe("All 3 articles and recipes:");
    expect($("footer .footer-links").length).toBe(0);
  });

  it("renders the article body: byline, hero, table of contents, figures, banners, related", async () => {
    const $ = await page("beaches.html");
    expect(
      $(".byline a")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual(["/authors/desk", "mailto:desk@fixture.example"]);
    expect($(".byline time").attr("datetime")).toBe("2025-09-01");
    expect($(".byline time").text()).toBe("Sep 01, 2025");
    expect($(".hero-figure img").attr("fetchpriority")).toBe("high");
    expect($(".hero-figure figcaption").text()).toBe("The beach at dawn");
    expect(
      $(".toc a")
        .map((_, el) => $(el).attr("href"))
        .get(),
    ).toEqual(["#Dorada", "#Mangú"]);
    expect($("h2#Mangú").length).toBe(1);
    expect($(".prose figure img").attr("loading")).toBe("lazy");
    expect($(".prose figure img").attr("width")).toBe("800");
    expect($(".prose figure figcaption").text()).toBe("Palms at Playa Dorada");
    expect($(".banner a").attr("rel")).toBe("sponsored noopener");
    expect($(".banner .banner-label").text()).toBe("Sponsored");
    expect($(".related h2").text()).toBe("You May Also Like");
    expect(
      $(".related .card a")
        .map((_, el) => $(el).attr("href"))
        .get(),
    ).toEqual(["/flan-recipe", "/bakeries", "/guides"]);
    expect($(".related .card img").length).toBe(3);
  });

  it("describes a recipe with a Recipe whose figures match the content", async () => {
    const $ = await page("flan-recipe.html");
    const recipe = jsonLd($, "Recipe");
    expect(recipe).toMatchObject({
      prepTime: "PT15M",
      totalTime: "PT1H5M",
      recipeYield: ["8", "8 slices"],
      recipeCuisine: "Dominican",
      recipeCategory: "Dessert",
    });
    expect(recipe.nutrition.calories).toBe("320 calories");
    expect(recipe.recipeIngredient).toHaveLength(3);
    expect(recipe.recipeInstructions.map((s: { "@type": string }) => s["@type"])).toEqual([
      "HowToStep",
      "HowToStep",
      "HowToStep",
    ]);
    expect($(".instructions li").length).toBe(3);
    expect(
      $(".info-tile dd")
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(["15 mins", "1 hr 5 mins", "8 slices", "320 per serving"]);
    expect($(".back-link a").attr("href")).toBe("/guides");
    expect(jsonLd($, "BlogPosting").headline).toBe("Caramel Flan");
  });

  it("describes a directory as a CollectionPage whose ItemList follows the cards", async () => {
    const $ = await page("bakeries.html");
    const collection = jsonLd($, "CollectionPage");
    const items = collection.mainEntity.itemListElement;
    expect(items).toHaveLength($(".listing-card").length);
    expect(items.map((i: { item: { name: string } }) => i.item.name)).toEqual(["Corner Bakery", "Market Stall"]);
    expect(items[0].item).toMatchObject({
      "@type": "Bakery",
      telephone: "+1 809 555 0100",
      address: { addressLocality: "Puerto Plata", postalCode: "57000", addressCountry: "DO" },
    });
    expect(items[1].item.telephone).toBeUndefined();
    expect(items[1].item.address).toMatchObject({ addressLocality: "Sosúa", addressRegion: "Puerto Plata" });
    const cards = $(".listing-card");
    expect(cards.eq(0).find('.listing-contact a[href^="https://www.corner-bakery"]').text()).toBe(
      "corner-bakery.example",
    );
    expect(cards.eq(1).find(".listing-contact").text()).toContain("No Phone");
    expect(cards.eq(1).find(".listing-contact").text()).toContain("No Website");
  });

  it("gives every listing card its description, its town and a map search for its name and town", async () => {
    const $ = await page("bakeries.html");
    const cards = $(".listing-card");
    expect(cards.eq(0).find(".listing-description").text()).toBe(
      "A neighbourhood bakery selling bread and cakes baked each morning.",
    );
    // A listing without a description gets no empty paragraph.
    expect(cards.eq(1).find(".listing-description").length).toBe(0);
    expect(cards.eq(0).find("address").text()).toContain("Puerto Plata");
    expect(cards.eq(1).find("address").text()).toContain("Sosúa");
    const maps = cards.find("a.map-link");
    expect(maps.length).toBe(2);
    expect(maps.eq(0).attr("href")).toBe(
      "https://www.openstreetmap.org/search?query=Corner%20Bakery%2C%20Puerto%20Plata%2C%20Dominican%20Republic",
    );
    expect(new URL(maps.eq(1).attr("href")!).searchParams.get("query")).toBe("Market Stall, Sosúa, Dominican Republic");
    // The accessible name starts with the visible words and says which place it opens.
    expect(maps.eq(1).text().replace(/\s+/g, " ")).toBe("Open in Maps: Market Stall, Sosúa on OpenStreetMap");
    expect(maps.eq(1).attr("rel")).toBe("noopener");
    const items = jsonLd($, "CollectionPage").mainEntity.itemListElement;
    expect(items[0].item.description).toBe("A neighbourhood bakery selling bread and cakes baked each morning.");
    expect(items[1].item.description).toBeUndefined();
  });

  it("describes an index as a CollectionPage of its cards", async () => {
    const $ = await page("guides.html");
    expect(
      jsonLd($, "CollectionPage").mainEntity.itemListElement.map((i: { item: { url: string } }) => i.item.url),
    ).toEqual(["https://fixture.example/beaches", "https://fixture.example/flan-recipe"]);
    expect($(".index-page .card").length).toBe(2);
  });

  it("renders an author page: name, avatar, contact, their articles and recipes, a ProfilePage (the role where site.yaml gives one)", async () => {
    const $ = await page("authors/desk.html");
    expect($("h1").text()).toBe("Test Desk");
    expect($(".author-header img.avatar").attr("alt")).toBe("Test Desk");
    expect($(".author-role").length).toBe(0);
    expect($('.author-contact a[href="mailto:desk@fixture.example"]').length).toBe(1);
    expect(
      $("#author-articles + ul .card a")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual(["/beaches"]);
    expect(
      $("#author-recipes + ul .card a")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual(["/flan-recipe"]);
    const profile = jsonLd($, "ProfilePage");
    expect(profile.mainEntity).toMatchObject({
      "@type": "Person",
      name: "Test Desk",
      url: "https://fixture.example/authors/desk",
    });
  });

  it("names the author's page as author.url in every BlogPosting and Recipe", async () => {
    for (const [file, type] of [
      ["beaches.html", "BlogPosting"],
      ["flan-recipe.html", "Recipe"],
    ] as const) {
      expect(jsonLd(await page(file), type).author.url, file).toBe("https://fixture.example/authors/desk");
    }
  });

  it("gives every page an og:image, the search page and the 404 page included (the home page's image, else the logo)", async () => {
    for (const file of ["index.html", "search.html", "404.html", "authors/desk.html", "beaches.html"]) {
      const url = (await page(file))('meta[property="og:image"]').attr("content");
      expect(url, file).toMatch(/^https:\/\/fixture\.example\/assets\/images\/.+-1200x630\.jpg$/);
      expect(existsSync(join(out, new URL(url!).pathname)), file).toBe(true);
    }
  });

  it("keeps /search noindex, and sends twitter:site only for a Twitter/X profile, not the network's home page", async () => {
    const $ = await page("search.html");
    expect($('meta[name="robots"]').attr("content")).toBe("noindex");
    expect($('meta[name="twitter:site"]').length).toBe(0);
  });

  it("gives the home page a WebSite with a SearchAction", async () => {
    const site = jsonLd(await page("index.html"), "WebSite");
    expect(site.potentialAction.target.urlTemplate).toBe("https://fixture.example/search?q={search_term_string}");
  });

  it("turns an alias into _redirects lines for Cloudflare Pages, one 301 each for /alias and /alias/, and writes no page there", async () => {
    const files = (await readdir(out, { recursive: true })).map(String);
    expect(files.filter((f) => f.startsWith("old-beaches"))).toEqual([]);
    expect(await readFile(join(out, "_redirects"), "utf8")).toBe(
      [
        "# Written by ppguide build for cloudflare-pages (site.build.host in site.yaml).",
        // The rules that must never be dropped first, where no limit of the host reaches them.
        "/404 /.ppguide-not-found 200",
        "/404/ /.ppguide-not-found 200",
        "/404.html /.ppguide-not-found 200",
        "/old-beaches /beaches 301",
        "/old-beaches/ /beaches 301",
        "",
      ].join("\n"),
    );
  });

  it("links an alias named in a menu by its target, which answers without a redirect", async () => {
    const $ = await page("beaches.html");
    expect(
      $("nav.site-nav a")
        .filter((_, el) => $(el).text() === "Old Guides")
        .attr("href"),
    ).toBe("/beaches");
  });

  it("writes a meta-refresh page per alias for GitHub Pages, which reads no _redirects", async () => {
    const root = await copyFixture("basic-site");
    await edit(join(root, "site.yaml"), "  disclosure:", "  build: { host: github-pages }\n  disclosure:");
    const dir = join(root, "dist");
    await build({ root, out: dir });
    const $ = load(await readFile(join(dir, "old-beaches.html"), "utf8"));
    expect($('meta[http-equiv="refresh"]').attr("content")).toBe("0; url=/beaches");
    expect($('link[rel="canonical"]').attr("href")).toBe("https://fixture.example/beaches");
    expect($('meta[name="robots"]').attr("content")).toBe("noindex");
    expect(existsSync(join(dir, "_redirects"))).toBe(false);
  });

  it("lists every canonical route in the sitemap with its lastmod", async () => {
    const xml = await readFile(join(out, "sitemap.xml"), "utf8");
    expect(xml).toContain("<url><loc>https://fixture.example/beaches</loc><lastmod>2025-09-01</lastmod></url>");
    expect(xml).toContain("<loc>https://fixture.example/</loc>");
    expect(xml).not.toContain("old-beaches");
    expect(await readFile(join(out, "robots.txt"), "utf8")).toContain("Sitemap: https://fixture.example/sitemap.xml");
  });

  it("serves a 404 page with the layout", async () => {
    const $ = await page("404.html");
    expect($("h1").text()).toBe("Page not found");
    expect($('meta[name="robots"]').attr("content")).toBe("noindex");
    expect($("nav.site-nav").length).toBe(1);
  });

  it("without site.notFound or site.robots: a 404 page with no empty grid, a robots.txt that disallows nothing", async () => {
    const $ = await page("404.html");
    expect($(".not-found ul").length).toBe(0);
    expect($(".not-found .lead").text()).toMatch(/search box above\.$/);
    expect(await readFile(join(out, "robots.txt"), "utf8")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://fixture.example/sitemap.xml\n",
    );
  });
});

describe("site facts that site.yaml gives the engine", () => {
  let dist: string;
  beforeAll(async () => {
    const root = await copyFixture("basic-site");
    const facts =
      "  notFound: { suggestions: [/guides, /old-beaches, /flan-recipe] }\n  robots: { disallow: [/search, /drafts] }\n";
    await edit(join(root, "site.yaml"), "  banners:\n", `${facts}  banners:\n`);
    await edit(join(root, "site.yaml"), "twitter: https://x.com/", "twitter: https://x.com/fixtureguide");
    dist = join(root, "dist");
    await build({ root, out: dist });
  });

  it("offers the cards site.notFound.suggestions names on the 404 page, in order, an alias showing and linking its target", async () => {
    const $ = load(await readFile(join(dist, "404.html"), "utf8"));
    const cards = $(".not-found .grid li")
      .toArray()
      .map((li) => ({ href: $(li).find("a").first().attr("href"), title: $(li).find("h3, h2").first().text() }));
    expect(cards.map((c) => c.href)).toEqual(["/guides", "/beaches", "/flan-recipe"]);
    expect(cards[1]?.title).toBe("The Best Beaches");
    expect($(".not-found .lead").text()).toMatch(/start from one of these:$/);
  });

  it("sends twitter:site on every page when site.social.twitter is a profile", async () => {
    for (const file of ["index.html", "beaches.html", "404.html"]) {
      expect(load(await readFile(join(dist, file), "utf8"))('meta[name="twitter:site"]').attr("content"), file).toBe(
        "@fixtureguide",
      );
    }
  });

  it("writes robots.txt from site.robots, one Disallow line per prefix (a prefix need not be a route)", async () => {
    expect(await readFile(join(dist, "robots.txt"), "utf8")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /search\nDisallow: /drafts\n\nSitemap: https://fixture.example/sitemap.xml\n",
    );
  });
});

describe("a rebuild over an existing output", () => {
  it("rewrites only the pages that changed, removes what the site no longer has, and matches a fresh build", async () => {
    const root = await copyFixture("basic-site");
    const dist = join(root, "dist");
    await build({ root, out: dist });
    const inode = async (file: string) => (await stat(join(dist, file))).ino;
    const [home, beaches, flan] = await Promise.all(["index.html", "beaches.html", "flan-recipe.html"].map(inode));
    // Leftovers of an older site, one of them a file where the new site needs a folder.
    await writeFile(join(dist, "gone.html"), "old");
    await mkdir(join(dist, "old-folder/deeper"), { recursive: true });
    await writeFile(join(dist, "old-folder/deeper/index.html"), "old");
    await writeFile(join(dist, "flan-recipe.html"), "tampered");
    await edit(join(root, "content/articles/beaches.md"), "Our favourite beaches", "Our very favourite beaches");

    await build({ root, out: dist });

    expect(await inode("index.html")).toBe(home); // untouched: the same file, not a copy
    expect(await inode("beaches.html")).not.toBe(beaches);
    expect(await readFile(join(dist, "beaches.html"), "utf8")).toContain("Our very favourite beaches");
    expect(await inode("flan-recipe.html")).not.toBe(flan);
    const files = (await readdir(dist, { recursive: true })).sort();
    expect(files).not.toContain("gone.html");
    expect(files.some((f) => f.startsWith("old-folder"))).toBe(false);
    // Beside the output only its store, holding the two copies, their page caches and nothing left over.
    expect((await readdir(root)).filter((f) => f.startsWith("dist."))).toEqual(["dist.ppguide"]);
    expect(await storeEntries(join(root, "dist.ppguide"))).toMatchObject({
      names: [".ppguide-output", "a", "a.pages", "b", "b.pages"],
      unnamed: [],
    });

    const fresh = join(root, "fresh");
    await build({ root, out: fresh });
    expect(files).toEqual((await readdir(fresh, { recursive: true })).sort());
    for (const f of files.filter((f) => f.endsWith(".html")))
      expect(await readFile(join(dist, f), "utf8"), f).toBe(await readFile(join(fresh, f), "utf8"));
  });

  it("writes the same site, and finds the same broken links, when pages render on the pool of threads", async () => {
    const root = await copyFixture("basic-site");
    const [inline, threaded] = [join(root, "inline"), join(root, "threaded")];
    await build({ root, out: inline, workers: false });
    await build({ root, out: threaded, workers: true });
    await edit(join(root, "content/articles/beaches.md"), "Our favourite beaches", "Our very favourite beaches");
    await build({ root, out: threaded, workers: true }); // a rebuild: one page rendered on the pool
    await build({ root, out: inline, workers: false });
    const files = (await readdir(inline, { recursive: true })).sort();
    expect((await readdir(threaded, { recursive: true })).sort()).toEqual(files);
    for (const f of files.filter((f) => /\.(html|xml|txt)$/.test(f)))
      expect(await readFile(join(threaded, f), "utf8"), f).toBe(await readFile(join(inline, f), "utf8"));

    await edit(join(root, "content/articles/beaches.md"), "Back to [Dorada](#Dorada).", "Back to [Dorada](#Doradaa).");
    const failures = await Promise.all(
      [false, true].map((workers) =>
        build({ root, out: join(root, `x${workers}`), workers }).then(
          () => undefined,
          (err: Error) => err.message,
        ),
      ),
    );
    expect(failures[1]).toMatch(/content\/articles\/beaches\.md:19:42 {2}#Doradaa {2}missing anchor/);
    expect(failures[1]).toBe(failures[0]);

    // A manifest mistake is found before the output is opened (issue 35: nothing is made or
    // touched before the site is loaded and every output path claimed): the store is as it was.
    const store = await treeHash(join(root, "threaded.ppguide"));
    await edit(
      join(root, "site.yaml"),
      "related: [/flan-recipe, /bakeries, /guides]",
      "related: [/flan-recipe, /nowhere, /guides]",
    );
    await expect(build({ root, out: threaded, workers: true })).rejects.toThrow(/nowhere/);
    expect(await treeHash(join(root, "threaded.ppguide"))).toBe(store);
  });

  it("renders the pages an edit reaches and no others (issue 23)", async () => {
    const root = await copyFixture("basic-site");
    const dist = join(root, "dist");
    const all = (await build({ root, out: dist })).pages.map((p) => p.route).sort();
    const rendered = async () => ((await build({ root, out: dist })).rendered ?? []).map((p) => p.route).sort();
    await edit(join(root, "content/articles/beaches.md"), "## Playa Dorada", "A line of its own.\n\n## Playa Dorada");
    expect(await rendered()).toEqual(["/beaches"]);
    await edit(
      join(root, "content/listings/bakeries.yaml"),
      "selling bread and cakes",
      "selling bread, buns and cakes",
    );
    expect(await rendered()).toEqual(["/bakeries"]);
    await edit(
      join(root, "site.yaml"),
      "related: [/flan-recipe, /bakeries, /guides]",
      "related: [/bakeries, /flan-recipe, /guides]",
    );
    expect(await rendered()).toEqual(["/beaches"]);
    // Every page's header shows the nav.
    await edit(join(root, "site.yaml"), "- { label: Beaches, path: /beaches }", "- { label: Playas, path: /beaches }");
    expect(await rendered()).toEqual(all);
    expect(await rendered()).toEqual([]);
  });

  it("renders a page again only when its key changed or its served file is not as the build left it", async () => {
    const root = await copyFixture("basic-site");
    const dist = join(root, "dist");
    const first = await build({ root, out: dist });
    expect(first.rendered).toHaveLength(first.pages.length);
    expect((await build({ root, out: dist })).rendered).toEqual([]);
    const file = join(dist, "beaches.html");
    const html = await readFile(file, "utf8");
    // Edited in place, same size: only the mtime tells, and the page is rendered again.
    await writeFile(file, html.replace("<h1", "<h2"));
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect((await build({ root, out: dist })).rendered).toEqual([
      { route: "/beaches", reason: "its served file changed" },
    ]);
    expect(await readFile(file, "utf8")).toBe(html);
    await rm(join(await realpath(dist), "flan-recipe.html"));
    expect((await build({ root, out: dist })).rendered).toEqual([
      { route: "/flan-recipe", reason: "its served file changed" },
    ]);
    expect((await build({ root, out: dist, cache: false })).rendered).toHaveLength(first.pages.length);
  });

  it("still finds a broken anchor in a page that did not change, where the record stands in for its scan", async () => {
    const root = await copyFixture("basic-site");
    await edit(
      join(root, "content/articles/flan.md"),
      "More on the [beaches](/beaches).",
      "More on [Playa Dorada](/beaches#Dorada).",
    );
    const dist = join(root, "dist");
    await build({ root, out: dist });
    const flan = await readFile(join(dist, "flan-recipe.html"), "utf8");
    await edit(join(root, "content/articles/beaches.md"), "## Playa Dorada {#Dorada}", "## Playa Dorada {#Golden}");
    await edit(join(root, "content/articles/beaches.md"), "Back to [Dorada](#Dorada).", "Back to [Dorada](#Golden).");

    const failure = (out: string) =>
      build({ root, out }).then(
        () => "built",
        (err: Error) => err.message,
      );
    const withRecord = await failure(dist);
    expect(withRecord).toMatch(/content\/articles\/flan\.md:\d+:\d+ {2}\/beaches#Dorada {2}missing anchor/);
    expect(withRecord).toBe(await failure(join(root, "fresh")));
    expect(await readFile(join(dist, "flan-recipe.html"), "utf8")).toBe(flan);
  });

  it("replaces a folder by a file and a file by a folder in the copy it brings up to date", async () => {
    const root = await copyFixture("basic-site");
    const dist = join(root, "dist");
    await build({ root, out: dist });
    await build({ root, out: dist });
    // The copy the next build writes is the one not served now.
    const next = join(root, "dist.ppguide", (await realpath(dist)).endsWith("a") ? "b" : "a");
    await rm(join(next, "robots.txt"));
    await mkdir(join(next, "robots.txt"), { recursive: true });
    await writeFile(join(next, "robots.txt/index.html"), "old");
    await rm(join(next, "authors"), { recursive: true });
    await writeFile(join(next, "authors"), "a file where a folder belongs");
    await build({ root, out: dist });
    expect(await realpath(dist)).toBe(next);
    expect(await readFile(join(dist, "robots.txt"), "utf8")).toMatch(/Sitemap:/);
    expect(await readFile(join(dist, "authors/desk.html"), "utf8")).toContain("Test Desk");
  });
});

describe("a failed build", () => {
  async function snapshot(dir: string): Promise<Record<string, string>> {
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    const entries = await Promise.all(
      files.map(async (d) => [
        join(d.parentPath, d.name).slice(dir.length),
        `${(await stat(join(d.parentPath, d.name))).mtimeMs}:${await readFile(join(d.parentPath, d.name), "utf8")}`,
      ]),
    );
    return Object.fromEntries(entries);
  }

  /** Builds the fixture, breaks one file, rebuilds: returns the failure and the output before and after. */
  async function breakAndRebuild(file: string, from: string, to: string) {
    const root = await copyFixture("basic-site");
    const dist = join(root, "dist");
    await build({ root, out: dist });
    const before = await snapshot(dist);
    await edit(join(root, file), from, to);
    const failure = await build({ root, out: dist }).then(
      () => undefined,
      (err: unknown) => err,
    );
    return { failure, before, after: await snapshot(dist), siblings: await readdir(dirname(dist)) };
  }

  it("leaves the previous output exactly as it was, and no staging folder behind", async () => {
    const { failure, before, after, siblings } = await breakAndRebuild(
      "site.yaml",
      "related: [/flan-recipe, /bakeries, /guides]",
      "related: [/flan-recipe, /nowhere, /guides]",
    );
    expect(failure).toBeInstanceOf(PpgErrorList);
    expect(after).toEqual(before);
    expect(siblings.filter((f) => f.startsWith("dist."))).toEqual(["dist.ppguide"]);
  });

  it("also keeps the output when only a late stage (the link check) fails", async () => {
    const { failure, before, after } = await breakAndRebuild(
      "content/articles/beaches.md",
      "Back to [Dorada](#Dorada).",
      "Back to [Dorada](#Doradaa).",
    );
    expect((failure as Error).message).toMatch(/content\/articles\/beaches\.md:19:42 {2}#Doradaa {2}missing anchor/);
    expect(after).toEqual(before);
  });

  it("builds in memory without writing when write is false", async () => {
    const root = await copyFixture("basic-site");
    const result = await build({ root, write: false });
    expect(result.pages.map((p) => p.route)).toContain("/beaches");
    await expect(stat(join(root, "dist"))).rejects.toThrow();
    // And each page is the bytes a build writes: the site suites read the guide's written pages for it.
    const written = await build({ root });
    expect(written.pages.map((p) => p.route)).toEqual(result.pages.map((p) => p.route));
    for (const page of result.pages)
      expect(await readFile(join(root, "dist", page.file), "utf8"), page.route).toBe(page.html);
  });
});

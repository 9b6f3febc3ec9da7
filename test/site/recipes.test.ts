import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "../../src/content/front-matter.ts";
import { type JsonLd, jsonLd, page, ROOT } from "../helpers/site-pages.ts";

// Issue 6: the cuisine index and every recipe, with Recipe rich results that match the page.
const recipeOf = (slug: string) => {
  const file = `content/recipes/${slug}.md`;
  return splitFrontMatter(readFileSync(join(ROOT, file), "utf8"), file).frontMatter.recipe!;
};

// The specification's figures (docs/site-facts.md, "Recipes"): prep, total, servings (yield), calories;
// undefined where it gives none.
const spec: [slug: string, prep?: string, total?: string, yieldText?: string, calories?: number][] = [
  ["dominican-majarete-recipe", "PT10M", "PT40M", "6", 540],
  ["dominican-arroz-con-leche-recipe", "PT10M", "PT50M", "8", 330],
  ["creamy-dominican-pollo-frito", "PT10M", "PT40M", "4", 550],
  ["dominican-arepa-dulce-recipe", "PT15M", "PT1H5M", "8 slices", 320],
  ["dominican-espaguetis-recipe", "PT15M", "PT2H45M", "8", 380],
  ["caribbean-papaya-banana-smoothie", undefined, undefined, "4", 425],
  ["dominican-morir-sonando-recipe", undefined, undefined, "6", 370],
  ["dominican-chicken-sancocho", undefined, undefined, "6-8 servings"],
  ["perfect-pina-colada-recipe"],
  ["dominican-cake-boss"],
];

describe.each(spec)("/%s", (slug, prep, total, yieldText, calories) => {
  it("carries a Recipe whose durations, yield, calories, ingredients and steps match its content", async () => {
    const $ = await page(`/${slug}`);
    const recipe = jsonLd($, "Recipe");
    const content = recipeOf(slug);
    if (prep) expect(recipe.prepTime).toBe(prep);
    if (total) expect(recipe.totalTime).toBe(total);
    if (yieldText) expect([recipe.recipeYield].flat()).toContain(yieldText);
    if (calories) expect(recipe.nutrition.calories).toBe(`${calories} calories`);
    expect(recipe.recipeIngredient).toEqual(content.ingredients);
    expect(recipe.recipeInstructions).toHaveLength(content.instructions.length);
    expect(recipe.recipeInstructions.every((s: JsonLd) => s["@type"] === "HowToStep" && s.text)).toBe(true);
    expect($(".ingredients li").length).toBe(content.ingredients.length);
    expect($(".instructions li").length).toBe(content.instructions.length);
    expect(recipe).toMatchObject({ recipeCuisine: "Dominican", author: { "@type": "Person" } });
    for (const field of ["name", "image", "datePublished", "description", "recipeCategory", "keywords"])
      expect(recipe[field], field).toBeTruthy();
    expect(jsonLd($, "BlogPosting").headline).toBe(recipe.name);
  });

  it("shows the recipe page shape: byline, jump link, hero caption, tiles, contact, back link, related", async () => {
    const $ = await page(`/${slug}`);
    expect($(".byline time").length).toBe(1);
    expect($('.jump-link a[href="#recipe"]').length).toBe(1);
    expect($("#recipe").length).toBe(1);
    expect($(".hero-figure figcaption").text().length).toBeGreaterThan(5);
    expect($(".contact-line a[href^='mailto:']").length).toBe(1);
    expect($('.back-link a[href="/dominican-cuisine"]').length).toBe(1);
    expect($(".related .card").length).toBe(3);
    const tiles = Object.fromEntries(
      $(".info-tile")
        .map((_, el) => [[$(el).find("dt").text(), $(el).find("dd").text()]])
        .get(),
    );
    if (calories) expect(tiles.Calories).toBe(`${calories} per serving`);
    if (yieldText && !/^\d+$/.test(yieldText)) expect(tiles.Servings).toBe(yieldText);
  });
});

describe("recipe figures the spec spells out", () => {
  it("tiles read as the spec lists them", async () => {
    const tiles = async (slug: string) =>
      (await page(`/${slug}`))(".info-tile dd")
        .map((_, el) => el.children.map((c) => ("data" in c ? c.data : "")).join(""))
        .get();
    expect(await tiles("dominican-espaguetis-recipe")).toEqual([
      "15 mins",
      "2 hrs 45 mins",
      "8 servings",
      "380 per serving",
    ]);
    expect(await tiles("dominican-arepa-dulce-recipe")).toEqual([
      "15 mins",
      "1 hr 5 mins",
      "8 slices",
      "320 per serving",
    ]);
  });

  it("piña colada: 2 oz rum, 2 oz pineapple juice, 2 oz coconut cream, 1 cup ice, four steps", () => {
    const r = recipeOf("perfect-pina-colada-recipe");
    const all = r.ingredients.join(" | ");
    for (const item of [/2 oz[^|]*rum/i, /2 oz[^|]*pineapple juice/i, /2 oz[^|]*coconut cream/i, /1 cup[^|]*ice/i])
      expect(all).toMatch(item);
    expect(r.instructions).toHaveLength(4);
  });

  it("sancocho: twelve steps with the spec's times, 6-8 servings", () => {
    const r = recipeOf("dominican-chicken-sancocho");
    expect(r.instructions).toHaveLength(12);
    const steps = r.instructions.join(" ");
    for (const t of [/at least 4 hours/, /30 minutes/, /90 minutes/, /20 minutes/]) expect(steps).toMatch(t);
    expect(steps).toMatch(/low/);
    expect(steps).toMatch(/high/);
    expect(steps).toMatch(/medium/);
  });

  it("arepa dulce: greased pan, 45-55 minutes, toothpick, cool at least 20 minutes; fixed related triple", async () => {
    const steps = recipeOf("dominican-arepa-dulce-recipe").instructions.join(" ");
    for (const t of [/greased/, /45(-|–| to )55 minutes/, /toothpick/, /at least 20 minutes/, /room temperature/])
      expect(steps).toMatch(t);
    const $ = await page("/dominican-arepa-dulce-recipe");
    expect(
      $(".related .card-link")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual(["/dominican-chicken-sancocho", "/dominican-arroz-con-leche-recipe", "/top-8-dominican-dishes"]);
  });

  it("smoothie blends about 90 seconds; dates match the spec", async () => {
    expect(recipeOf("caribbean-papaya-banana-smoothie").instructions.join(" ")).toMatch(/90 seconds/);
    const smoothie = jsonLd(await page("/caribbean-papaya-banana-smoothie"), "BlogPosting");
    expect([smoothie.dateCreated, smoothie.dateModified]).toEqual(["2024-03-20", "2025-09-18"]);
    const espaguetis = jsonLd(await page("/dominican-espaguetis-recipe"), "BlogPosting");
    expect([espaguetis.dateCreated, espaguetis.dateModified]).toEqual(["2024-04-06", "2025-09-19"]);
  });

  it("top 8 dishes links to the sancocho and morir soñando pages", async () => {
    const hrefs = (await page("/top-8-dominican-dishes"))(".prose a")
      .map((_, a) => a.attribs.href)
      .get();
    expect(hrefs.some((h) => h.startsWith("/dominican-chicken-sancocho"))).toBe(true);
    expect(hrefs.some((h) => h.startsWith("/dominican-morir-sonando-recipe"))).toBe(true);
  });
});

describe("/dominican-cuisine", () => {
  it("indexes the twelve cuisine pages in the spec's order, three columns", async () => {
    const $ = await page("/dominican-cuisine");
    expect(
      $(".index-page ul.grid-3 .card-link")
        .map((_, a) => $(a).attr("href"))
        .get(),
    ).toEqual([
      "/dominican-arepa-dulce-recipe",
      "/creamy-dominican-pollo-frito",
      "/dominican-cake-boss",
      "/dominican-arroz-con-leche-recipe",
      "/dominican-majarete-recipe",
      "/9-best-dominican-desserts",
      "/dominican-chicken-sancocho",
      "/perfect-pina-colada-recipe",
      "/top-8-dominican-dishes",
      "/dominican-morir-sonando-recipe",
      "/caribbean-papaya-banana-smoothie",
      "/dominican-espaguetis-recipe",
    ]);
  });
});

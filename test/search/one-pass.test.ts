/**
 * A page is read once after it renders: its link scan and its words for the search index come from
 * one pass of the tokenizer (links/extract.ts hands the events to the index's reader), over the
 * page's own parts (its shared header and footer are scanned once for all pages, and hold nothing
 * the index reads). For every page of the guide, the entry made in that pass is the one made from
 * reading the page's <main> alone, as Pagefind is given it; and the scan is the scan made without it.
 */
import { describe, expect, it } from "vitest";
import { renderPages } from "../../src/engine/build.ts";
import { pageScanner } from "../../src/links/extract.ts";
import { indexable, indexUrl, mainOf, READ_OPTIONS } from "../../src/output/search-index.ts";
import { language } from "../../src/search/language.ts";
import { pageEntry } from "../../src/search/page-entry.ts";
import { PageReader } from "../../src/search/read-page.ts";
import { findManifest } from "../../src/site/find-site.ts";
import { loadSite } from "../../src/site/load-site.ts";
import { SITE_ROOT } from "../helpers/served-site.ts";

describe("one pass over each page", () => {
  it("gives the entry read from <main> alone, and the link scan read without the index", async () => {
    const pages = (await renderPages(await loadSite(findManifest(SITE_ROOT), {}))).filter(indexable);
    const [withIndex, alone] = [pageScanner(), pageScanner()];
    const reader = new PageReader(READ_OPTIONS);
    const stem = language("en");
    let shared = 0;
    for (const page of pages) {
      const scan = withIndex(page.html, page.shared, reader);
      const inPass = pageEntry(indexUrl(page.route), reader.end(), stem);
      const fromMain = pageEntry(indexUrl(page.route), reader.read(mainOf(page.html)), stem);
      expect(inPass, page.route).toEqual(fromMain);
      expect(scan, page.route).toEqual(alone(page.html, page.shared));
      shared += page.shared?.length ? 1 : 0;
    }
    expect(pages.length).toBeGreaterThan(40);
    // The pages were scanned as a build scans them: their header and footer apart.
    expect(shared).toBe(pages.length);
  });
});

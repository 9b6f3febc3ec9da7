/**
 * Listing data checked as data (issue 33): phones read by libphonenumber-js (the card calls
 * E.164 and shows the national format), http websites and shared contacts reported as warnings.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { phoneLink } from "../../src/content/phones.ts";
import { buildInline } from "../helpers/inline-site.ts";

const DIRECTORY = (items: string) => `
-- site.yaml --
routes:
  - { kind: directory, columns: 2, listings: l.yaml, path: /shops, title: Shops, description: The shops of a test directory., image: { src: /images/photo.svg, alt: A }, content: shops.md, related: [/filler-1, /filler-2, /filler-3] }
-- content/shops.md --
Shops.
-- content/l.yaml --
itemType: Store
items:
${items}`;
const shop = (id: number, fields: string) =>
  `  - { id: ${id}, name: Shop ${id}, image: /images/photo.svg, alt: Shop ${id}, address2: Puerto Plata, ${fields} }\n`;
const sourced = (field: string, says: string) =>
  `sources: [{ url: "https://shop.example.org/contact", supports: [${field}], says: "${says}" }]`;

describe("phones", () => {
  it("reads Dominican numbers however written, and others only with their country code", () => {
    expect(phoneLink("809-571-1507")).toEqual({
      href: "tel:+18095711507",
      text: "(809) 571-1507",
      international: "+1 809 571 1507",
      e164: "+18095711507",
    });
    expect(phoneLink("+1 (829) 320 1234")?.href).toBe("tel:+18293201234");
    expect(phoneLink("849.320.1234")?.text).toBe("(849) 320-1234");
    expect(phoneLink("+1 212 736 5000")).toMatchObject({ href: "tel:+12127365000", text: "+1 212 736 5000" });
    // Nine digits, seven digits, and a US area code written as if it were Dominican.
    for (const bad of ["809 571 150", "571-1507", "212 736 5000"]) expect(phoneLink(bad), bad).toBeUndefined();
  });

  it("a card calls the number as E.164 and shows it in national format; the structured data gives the country code", async () => {
    const { exit, lines, root } = await buildInline(
      DIRECTORY(shop(1, `phone: "809.571.1507", ${sourced("phone", "Tel. 809.571.1507")}`)),
    );
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    const $ = load(await readFile(join(root, "dist/shops.html"), "utf8"));
    const call = $(".listing-contact a[href^='tel:']");
    expect(call.attr("href")).toBe("tel:+18095711507");
    expect(call.text()).toBe("(809)\u00a0571\u20111507");
    const data = $('script[type="application/ld+json"]')
      .toArray()
      .map((s) => JSON.parse($(s).text()));
    expect(JSON.stringify(data)).toContain('"telephone":"+1 809 571 1507"');
  }, 60_000);

  it("an invalid number is a located error naming the listing", async () => {
    const { exit, lines } = await buildInline(
      DIRECTORY(shop(1, `phone: "809 571 150", ${sourced("phone", "Tel. 809 571 150")}`)),
    );
    expect(exit).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^PhoneInvalid {2}content\/l\.yaml:3:\d+ {2}items\[0\]\.phone {2}phone '809 571 150' of 'Shop 1' is not a valid phone number\. Copy the number again/,
      ),
    ]);
  }, 60_000);
});

describe("websites and shared contacts", () => {
  it("warns about an http website and a phone or website two listings share, and still builds", async () => {
    const { build } = await import("../../src/engine/build.ts");
    const { writeInlineSite } = await import("../helpers/inline-site.ts");
    const root = await writeInlineSite(
      DIRECTORY(
        shop(
          1,
          `phone: "+1 809-571-1507", link: "http://www.shop.org/", sources: [{ url: "http://www.shop.org/", supports: [phone, link], says: "Tel. 809-571-1507" }]`,
        ) +
          shop(
            2,
            `phone: "(809) 571-1507", link: "https://shop.org", sources: [{ url: "https://shop.org", supports: [phone, link], says: "Tel. (809) 571-1507" }]`,
          ),
      ),
    );
    const result = await build({ root, out: join(root, "dist") });
    expect(result.warnings.map((w) => `${w.code}  ${w.format(false)}`)).toEqual([
      "WebsiteNotHttps  content/l.yaml:3:123  items[0].link  website 'http://www.shop.org/' of 'Shop 1' is not https",
      "ContactShared  content/l.yaml:4:98  items[1].phone  phone '(809) 571-1507' of 'Shop 2' is also the phone of 'Shop 1' (content/l.yaml:3:98)",
      "ContactShared  content/l.yaml:4:122  items[1].link  website 'https://shop.org' of 'Shop 2' is also the website of 'Shop 1' (content/l.yaml:3:123)",
    ]);
  }, 60_000);
});

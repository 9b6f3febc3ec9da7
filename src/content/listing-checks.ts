import { PpgError } from "../core/errors.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import type { Listing, ListingsFile } from "./listings.ts";
import { phoneLink } from "./phones.ts";

/**
 * What the listings hold that a reader should look at without the build failing: a website on
 * http:// (most sites answer https, and ppguide cannot ask them at build time, which has no
 * network), and a phone or website two listings share, across every listings file, unless one is
 * part of the other (`partOf: file.yaml#id`, a hotel's spa): then they are one business.
 */
export function listingWarnings(
  listings: ReadonlyMap<string, ListingsFile>,
  sources: ReadonlyMap<string, YamlSource>,
): PpgError[] {
  const warnings: PpgError[] = [];
  // Where the first holder of a phone or website is, found only when a second one shows up:
  // locating builds the file's positioned YAML, a tenth of a small site's build.
  const seen = new Map<string, { name: string; key: string; partOf?: string; at: () => string }>();
  for (const [file, data] of listings) {
    const source = sources.get(file);
    const where = (i: number, field: string) =>
      source
        ? { location: source.locate(["items", i, field]), path: `items[${i}].${field}` }
        : { path: `items[${i}].${field}` };
    const share = (
      key: string,
      field: "phone" | "website",
      value: string,
      { name, id, partOf }: Listing,
      i: number,
      yamlField: string,
    ) => {
      const first = seen.get(key);
      const self = `${file}#${id}`;
      if (first && (partOf === first.key || first.partOf === self)) return;
      if (!first) {
        const at = () => {
          const found = where(i, yamlField).location;
          return found ? `${found.file}:${found.line}:${found.column}` : `content/${file}`;
        };
        seen.set(key, { name, key: self, ...(partOf !== undefined && { partOf }), at });
      } else
        warnings.push(
          new PpgError(
            "ContactShared",
            { field, value, name, other: first.name, at: first.at(), otherKey: first.key },
            where(i, yamlField),
          ),
        );
    };
    data.items.forEach((item, i) => {
      if (item.link?.startsWith("http://"))
        warnings.push(new PpgError("WebsiteNotHttps", { link: item.link, name: item.name }, where(i, "link")));
      const phone = phoneLink(item.phone);
      if (item.phone && phone) share(`phone ${phone.e164}`, "phone", item.phone, item, i, "phone");
      const site = item.link ? websiteKey(item.link) : undefined;
      if (item.link && site) share(`website ${site}`, "website", item.link, item, i, "link");
    });
  }
  return warnings;
}

/** One website however it is written: scheme, `www.`, case of the host and a final slash do not matter. */
function websiteKey(link: string): string | undefined {
  try {
    const url = new URL(link);
    return `${url.host.toLowerCase().replace(/^www\./, "")}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return undefined;
  }
}

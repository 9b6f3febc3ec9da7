import { isPpgErrorList, PpgError } from "../core/errors.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import { parseYamlSource } from "../manifest/yaml-source.ts";
import { checkedOnce, type ParsedYaml } from "../manifest/parsed-yaml.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import { parsePhone } from "./phones.ts";
import { lastDay, monthAndYear } from "../core/dates.ts";

export interface Listing {
  id: number;
  name: string;
  image: string;
  alt: string;
  /** One sentence saying what the place is. */
  description?: string;
  /** Neighborhood or landmark; the first address line when there is no street address. */
  area?: string;
  /** A street address; the schema requires a source for it. */
  address1?: string;
  address2: string;
  phone?: string;
  link?: string;
  website?: string;
  rating?: number;
  inclusive?: "All Inclusive" | "All Inclusive - Adults Only" | "Adults Only";
  newTab?: boolean;
  sources?: ListingSource[];
  /** Facts (keys of site.yaml's `facts`) whose status line the card shows. */
  facts?: string[];
  /** The listing this place is part of, `file.yaml#id` (a hotel's spa): it may share its phone and website. */
  partOf?: string;
}

/** Where a listing's street address, phone or website was read. */
export interface ListingSource {
  url: string;
  /** A street address, phone or website needs one; an area or description may have one. */
  supports: ("address1" | "phone" | "link" | "area" | "description")[];
  says: string;
  date?: string;
}

export interface ListingsFile {
  itemType: string;
  items: Listing[];
}

/** A visitor acts on these (calls, walks there, books), so each must come from a page that states it. */
const SOURCED_FIELDS = ["address1", "phone", "link"] as const;
const FIELD_NAMES: Record<(typeof SOURCED_FIELDS)[number], string> = {
  address1: "street address",
  phone: "phone",
  link: "website",
};

/** Parses and validates one listings file; returns its errors instead of throwing. */
export function parseListings(
  text: string,
  file: string,
  parsed?: ParsedYaml,
): { listings?: ListingsFile; source?: YamlSource; errors: PpgError[] } {
  let source: YamlSource;
  try {
    source = parseYamlSource(text, file, 0, parsed);
  } catch (err) {
    if (isPpgErrorList(err)) return { errors: err.errors };
    throw err;
  }
  const errors = checkedOnce(parsed, text, "listings schema", () =>
    validateAgainstSchema(source, "listings", "ListingsInvalid"),
  );
  if (errors.length) return { errors };
  const listings = source.data as ListingsFile;
  const seen = new Set<number>();
  listings.items.forEach((item, i) => {
    if (seen.has(item.id)) {
      errors.push(
        new PpgError(
          "ListingsInvalid",
          { rule: "duplicate", field: "id", value: String(item.id) },
          { location: source.locate(["items", i, "id"]), path: `items[${i}].id` },
        ),
      );
    }
    seen.add(item.id);
    for (const field of SOURCED_FIELDS) {
      const value = item[field];
      if (value && !item.sources?.some((s) => s.supports.includes(field))) {
        errors.push(
          new PpgError(
            "ListingUnsourced",
            { field: FIELD_NAMES[field], value: String(value), name: item.name },
            { location: source.locate(["items", i, field]), path: `items[${i}].${field}` },
          ),
        );
      }
    }
    if (item.phone && !parsePhone(item.phone)) {
      errors.push(
        new PpgError(
          "PhoneInvalid",
          { phone: item.phone, name: item.name },
          { location: source.locate(["items", i, "phone"]), path: `items[${i}].phone` },
        ),
      );
    }
  });
  return { listings, source, errors };
}

/** The label a card shows for a website: the host without 'www.', unless the file sets one. */
export function websiteLabel(item: Pick<Listing, "link" | "website">): string | undefined {
  if (item.website) return item.website;
  if (!item.link) return undefined;
  try {
    return new URL(item.link).host.replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

/** The id of a listing's card on its directory page, which search results link to (ids are unique within a file). */
export function listingAnchor(id: number): string {
  return `listing-${id}`;
}

/**
 * The town a listing is in, from its second address line: 'Puerto Plata 57000' → 'Puerto Plata',
 * 'Cabarete, Puerto Plata' → 'Cabarete'.
 */
export function listingTown(item: Pick<Listing, "address2">): string {
  const line = item.address2.trim().replace(/,?\s+\d{5}$/, "");
  // split() gives at least one part, if only the empty string.
  const [town = ""] = line.split(",");
  return town.trim() || line;
}

/**
 * A map search for a listing by its name and town: a query, never coordinates or a street
 * address, so the map service finds the place itself and nothing has to be invented here.
 * https://wiki.openstreetmap.org/wiki/Browsing#Search
 */
export function mapSearchUrl(item: Pick<Listing, "name" | "address2">): string {
  const query = `${item.name}, ${listingTown(item)}, Dominican Republic`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** The newest date of the sources that state a listing's field (any field when none is named), if one is dated. */
export function newestDate(
  item: Pick<Listing, "sources">,
  field?: ListingSource["supports"][number],
): string | undefined {
  const dates = (item.sources ?? [])
    .filter((s) => !field || s.supports.includes(field))
    .map((s) => s.date)
    .filter((d): d is string => Boolean(d));
  return dates.sort((a, b) => lastDay(b).localeCompare(lastDay(a)))[0];
}

/**
 * What a card says of its newest source: 'Checked May 2024' (`datetime` 2024-05), or 'Checked 2024'; undefined when
 * none is dated.
 */
export function checkedLabel(item: Pick<Listing, "sources">): { text: string; datetime?: string } | undefined {
  const date = newestDate(item);
  if (!date) return undefined;
  if (date.length === 4) return { text: date };
  return { text: monthAndYear(date), datetime: date.slice(0, 7) };
}

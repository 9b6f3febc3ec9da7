import { escapeUTF8 } from "entities";
import type { ShareImage } from "../assets/share-images.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { absoluteUrl } from "../core/output-names.ts";
import { ROUTE_KINDS } from "../render/kinds/index.ts";

/** The feed's URL path; the layout links it from every page's head. */
export const FEED_PATH = "/feed.xml";
/** Feed readers poll the whole file: the newest entries are what they need. */
const MAX_ENTRIES = 50;

/**
 * `/feed.xml`: an Atom 1.0 feed (RFC 4287, https://www.rfc-editor.org/rfc/rfc4287) of the
 * articles and recipes, newest first, each with its full title, summary, dates, author and image.
 * The image is an enclosure link (Atom) and a Media RSS thumbnail, which feed readers show.
 */
export function atomFeed(manifest: Manifest, imageFor: (src: string) => ShareImage | undefined): string {
  const { site } = manifest;
  const entries = manifest.routes
    .filter(
      (r): r is RouteEntry & { dates: NonNullable<RouteEntry["dates"]> } =>
        ROUTE_KINDS[r.kind].feed !== undefined && r.dates !== undefined,
    )
    .sort(
      (a, b) =>
        b.dates.published.localeCompare(a.dates.published) ||
        b.dates.modified.localeCompare(a.dates.modified) ||
        a.path.localeCompare(b.path),
    )
    .slice(0, MAX_ENTRIES);
  const updated = entries.reduce(
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings, which Math.max would turn into NaN
    (latest, r) => (r.dates.modified > latest ? r.dates.modified : latest),
    entries[0]?.dates.modified ?? "1970-01-01",
  );
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" ` +
      `xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${escapeUTF8(site.language)}">`,
    `  <title>${escapeUTF8(site.name)}</title>`,
    site.tagline ? `  <subtitle>${escapeUTF8(site.tagline)}</subtitle>` : "",
    `  <id>${escapeUTF8(absoluteUrl(site, "/"))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeUTF8(absoluteUrl(site, FEED_PATH))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeUTF8(absoluteUrl(site, "/"))}"/>`,
    `  <updated>${dateTime(updated)}</updated>`,
    `  <author><name>${escapeUTF8(site.name)}</name></author>`,
    `  <logo>${escapeUTF8(absoluteUrl(site, site.logo.png))}</logo>`,
    `  <generator>ppguide</generator>`,
    ...entries.map((r) => entry(manifest, r, r.image ? imageFor(r.image.src) : undefined)),
    `</feed>`,
  ];
  return `${lines.filter(Boolean).join("\n")}\n`;
}

function entry(
  manifest: Manifest,
  route: RouteEntry & { dates: NonNullable<RouteEntry["dates"]> },
  image: ShareImage | undefined,
): string {
  const { site } = manifest;
  const url = absoluteUrl(site, route.path);
  const author = route.author ? manifest.authors[route.author] : undefined;
  const category = ROUTE_KINDS[route.kind].feed;
  const parts = [
    `  <entry>`,
    `    <title>${escapeUTF8(route.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeUTF8(url)}"/>`,
    `    <id>${escapeUTF8(url)}</id>`,
    `    <published>${dateTime(route.dates.published)}</published>`,
    `    <updated>${dateTime(route.dates.modified)}</updated>`,
    author ? `    <author><name>${escapeUTF8(author.name)}</name></author>` : "",
    category ? `    <category term="${category.term}" label="${escapeUTF8(category.label)}"/>` : "",
    `    <summary>${escapeUTF8(route.description)}</summary>`,
  ];
  if (image) {
    const src = escapeUTF8(absoluteUrl(site, image.url));
    const length = image.bytes === undefined ? "" : ` length="${image.bytes}"`;
    const fileSize = image.bytes === undefined ? "" : ` fileSize="${image.bytes}"`;
    parts.push(
      `    <link rel="enclosure" type="${image.type}"${length} href="${src}"/>`,
      `    <media:thumbnail url="${src}" width="${image.width}" height="${image.height}"/>`,
      `    <media:content url="${src}" medium="image" type="${image.type}" ` +
        `width="${image.width}" height="${image.height}"${fileSize}/>`,
    );
  }
  parts.push(`  </entry>`);
  return parts.filter(Boolean).join("\n");
}

/** Atom dates are RFC 3339 date-times; the manifest's are calendar dates. */
function dateTime(date: string): string {
  return `${date}T00:00:00Z`;
}

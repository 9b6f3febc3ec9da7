import { checkedLabel, listingAnchor, listingTown, mapSearchUrl, websiteLabel } from "../../content/listings.ts";
import { phoneLink } from "../../content/phones.ts";
import { factView, type PageKind } from "../page-model.ts";
import { withOrigin } from "../structured-data-check.ts";
import { collectionPage, listingItem } from "../structured-data.ts";

/** A directory of listings (a listings file of content/), or the same for resorts, which show their amenities. */
export const directoryPage: PageKind<"directory" | "resorts"> = ({ ctx, route, base, html, related }) => {
  const { site } = ctx.manifest;
  const listings = ctx.content.listings.get(route.listings);
  // The load stage reads every route's listings file or fails.
  if (!listings) throw new Error(`${route.path}: listings '${route.listings}' were not loaded`);
  const items = listings.items.map((item, i) => ({
    ...item,
    // The first card on a directory is usually above the fold on phones.
    imageAttrs: ctx.images.attributes(item.image, item.alt, {
      priority: i === 0,
      sizes: "(min-width: 992px) 380px, (min-width: 576px) 50vw, 100vw",
    }),
    websiteLabel: websiteLabel(item),
    phoneLink: phoneLink(item.phone),
    checked: checkedLabel(item),
    town: listingTown(item),
    mapUrl: mapSearchUrl(item),
    anchor: listingAnchor(item.id),
    factViews: (item.facts ?? []).flatMap((id) => factView(ctx, id) ?? []),
  }));
  base.head.jsonLd.push(
    collectionPage(
      site,
      route,
      listings.items.map((item, i) => withOrigin(listingItem(site, listings.itemType, item), { listing: i })),
    ),
  );
  return { ...base, kind: route.kind, html, listings: items, columns: route.columns ?? 2, related };
};

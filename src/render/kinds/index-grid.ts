import type { CardModel } from "../model.ts";
import { cardFor, type PageKind, type SiteContext } from "../page-model.ts";
import { absoluteUrl } from "../../core/output-names.ts";
import { collectionPage, type JsonLd } from "../structured-data.ts";

/** An index: a grid of cards for the pages it lists (culture, cuisine, …). */
export const indexPage: PageKind<"index"> = ({ ctx, route, base, html, fm, related }) => {
  const cards = route.cards.map((p) => cardFor(ctx, p));
  base.head.jsonLd.push(collectionPage(ctx.manifest.site, route, cards.map(cardJsonLd(ctx))));
  return { ...base, kind: "index", html, cards, columns: route.columns ?? 3, related, sources: fm.sources ?? [] };
};

function cardJsonLd(ctx: SiteContext) {
  return (card: CardModel): JsonLd => ({
    "@type": "WebPage",
    name: card.title,
    url: absoluteUrl(ctx.manifest.site, card.path),
  });
}

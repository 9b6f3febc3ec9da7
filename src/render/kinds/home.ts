import { cardFor, factView, type PageKind } from "../page-model.ts";
import { website } from "../structured-data.ts";

/** The home page: its slides, its culture and cuisine cards, its thumbnails and the first two banners. */
export const homePage: PageKind<"home"> = ({ ctx, route, base }) => {
  const home = route.home;
  const { site } = ctx.manifest;
  base.head.jsonLd.push(website(site));
  return {
    ...base,
    kind: "home",
    home,
    slides: home.slides.map((s, i) => ({
      ...s,
      imageAttrs: ctx.images.attributes(s.image, s.alt, { priority: i === 0, sizes: "100vw" }),
      factViews: (s.facts ?? []).flatMap((id) => factView(ctx, id) ?? []),
    })),
    culture: home.culture.map((p) => cardFor(ctx, p)),
    cuisine: home.cuisine.map((p) => cardFor(ctx, p)),
    thumbnails: home.thumbnails.map((t) => ({ ...cardFor(ctx, t.path), title: t.label })),
    banners: (site.banners ?? []).slice(0, 2),
  };
};

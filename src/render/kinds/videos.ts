import type { PageKind } from "../page-model.ts";
import { withOrigin } from "../structured-data-check.ts";
import { collectionPage, videoObject } from "../structured-data.ts";

/** The videos page: site.yaml's list of videos, each a player or, without a real id yet, a card. */
export const videosPage: PageKind<"videos"> = ({ ctx, route, base, html, related }) => {
  const videos = route.videos.map((v) => ({
    ...v,
    poster: v.poster ? ctx.images.attributes(v.poster, "", {}) : undefined,
  }));
  // Only videos with a real id are VideoObjects: a card saying what a video will show is not one.
  const real = route.videos.flatMap((v, i) =>
    v.id ? [withOrigin(videoObject(ctx.manifest.site, v as typeof v & { id: string }), { video: i })] : [],
  );
  base.head.jsonLd.push(collectionPage(ctx.manifest.site, route, real));
  return { ...base, kind: "videos", html, videos, related };
};

import type { ImageAttributes } from "../../src/assets/images.ts";
import type { Banner } from "../../src/manifest/types.ts";
import { PlayIcon } from "./Icons.tsx";
import { Img } from "./Img.tsx";

/**
 * An affiliate banner: marked Sponsored, rel="sponsored" as search engines ask for paid links.
 * A plain div, not an aside: a page holds several, and landmarks need unique names.
 */
export function AffiliateBanner({ banner }: { banner: Banner }) {
  return (
    <div className="banner">
      <p className="banner-label">Sponsored</p>
      <a href={banner.href} rel="sponsored noopener" target="_blank">
        <img
          src={banner.image}
          alt={banner.alt}
          width={banner.width}
          height={banner.height}
          loading="lazy"
          decoding="async"
        />
      </a>
    </div>
  );
}

/**
 * A video facade: a poster and a play button that only become the player's iframe when a
 * reader asks, so no third-party request happens on page load. Without scripts the button is a
 * plain link to the video. A video with no real id yet is never a player: it is a card saying
 * what the video will show, with a search for it on the video service.
 */
export function VideoEmbed({
  id,
  title,
  summary,
  search,
  poster,
}: {
  id?: string;
  title: string;
  summary?: string;
  search?: string;
  poster?: ImageAttributes;
}) {
  if (!id) return <VideoPending title={title} summary={summary} search={search ?? title} poster={poster} />;
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
  return (
    <figure className="video">
      <a className="video-facade" href={watch} data-video-id={id} data-video-title={title}>
        {poster && <Img image={{ ...poster, alt: "" }} className="video-poster" />}
        <PlayIcon />
        <span className="visually-hidden">Play video: {title}</span>
      </a>
      <figcaption>{title}</figcaption>
    </figure>
  );
}

function VideoPending({
  title,
  summary,
  search,
  poster,
}: {
  title: string;
  summary?: string;
  search: string;
  poster?: ImageAttributes;
}) {
  const results = `https://www.youtube.com/results?search_query=${encodeURIComponent(search)}`;
  return (
    <figure className="video video-pending">
      <div className="video-pending-art">
        {poster && <Img image={{ ...poster, alt: "" }} className="video-poster" />}
        <p className="video-pending-label">Video coming soon</p>
      </div>
      <figcaption>
        <span className="video-title">{title}</span>
        {summary && <span className="video-summary">{summary}</span>}
        <a className="video-search" href={results} rel="noopener">
          Search YouTube for it<span className="visually-hidden">{`: ${search}`}</span>
        </a>
      </figcaption>
    </figure>
  );
}

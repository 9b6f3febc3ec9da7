import type { PageOf } from "../../src/render/kinds/models.ts";
import { RelatedCards } from "../components/Card.tsx";
import { VideoEmbed } from "../components/Media.tsx";

export default function Videos({ page }: { page: PageOf<"videos"> }) {
  return (
    <>
      <div className="container videos-page">
        <h1>{page.route.title}</h1>
        <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
        <ul className="grid grid-3 video-grid">
          {page.videos.map((v) => (
            <li key={v.id ?? v.title}>
              <VideoEmbed {...v} />
            </li>
          ))}
        </ul>
      </div>
      {page.related.length > 0 && <RelatedCards cards={page.related} />}
    </>
  );
}

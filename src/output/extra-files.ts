import type { LoadedSite } from "../site/load-site.ts";
import { atomFeed, FEED_PATH } from "./feed.ts";
import { headersFile } from "./host-headers.ts";

export interface OutputFile {
  /** Path in the output folder, e.g. `feed.xml`. */
  file: string;
  content: string | Uint8Array;
}

/** Top-level files the build writes that keep their names from build to build. */
const GENERATED = ["sitemap.xml", "robots.txt", FEED_PATH.slice(1)];

/** The files for hosts, feed readers and social networks beside the pages: `_headers`, the feed and the share images. */
export async function extraFiles({ manifest, publicFiles, share }: LoadedSite): Promise<OutputFile[]> {
  // Encoded (or found in the cache) first: the feed states each image's size in bytes.
  const images = await share.files();
  return [
    // A public/_headers of the site's own is copied as it is and replaces the generated rules.
    ...(publicFiles.has("/_headers") ? [] : [{ file: "_headers", content: headersFile(publicFiles, GENERATED) }]),
    { file: FEED_PATH.slice(1), content: atomFeed(manifest, (src) => share.og(src)) },
    ...images,
  ];
}

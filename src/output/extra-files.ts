import type { LoadedSite } from "../core/site.ts";
import { headersFile } from "./host-headers.ts";

export interface OutputFile {
  /** Path in the output folder, e.g. `feed.xml`. */
  file: string;
  content: string | Uint8Array;
}

/** Top-level files the build writes besides the pages that keep their names between builds. */
const GENERATED = ["sitemap.xml", "robots.txt"];

/** The files for hosts and readers beside the pages: `_headers`. */
export async function extraFiles(site: LoadedSite): Promise<OutputFile[]> {
  return [{ file: "_headers", content: headersFile(site.publicFiles, GENERATED) }];
}

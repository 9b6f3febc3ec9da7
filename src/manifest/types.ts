/** The shape of site.yaml once it has passed schema/site.schema.json. */
export type RouteKind = "home" | "article" | "recipe" | "directory" | "resorts" | "index" | "videos" | "search";

export interface Image {
  src: string;
  alt: string;
  caption?: string;
  width?: number;
  height?: number;
}

export interface Banner {
  href: string;
  image: string;
  alt: string;
  width: number;
  height: number;
}

export interface SiteSettings {
  name: string;
  url: string;
  language: "en-US";
  tagline?: string;
  logo: { src: string; png: string; width: number; height: number; alt: string };
  email: string;
  social: { facebook: string; twitter: string; pinterest: string; youtube: string };
  disclosure: string;
  weather?: { script: string; href: string; label: string; days: number };
  banners?: Banner[];
  /** Internal links in the footer of every page. */
  footerLinks?: { label: string; path: string }[];
  checkLinks?: "error" | "warn" | "off";
}

export interface Author {
  name: string;
  avatar: string;
  email: string;
}

export interface NavMenu {
  label: string;
  items: { label: string; path: string }[];
}

/** A video on a videos page (site.yaml) or placed by `::video` in Markdown. */
export interface Video {
  /** The video service's id. Absent while no real video is chosen: readers then see a card, not a player. */
  id?: string;
  title: string;
  /** What the video shows (or will show): the card says it while there is no id. */
  summary?: string;
  /** Poster image under public/, shown behind the play button. */
  poster?: string;
  /** What the card's search link asks the video service for; default: the title. */
  search?: string;
}

export interface HomeData {
  heading: string;
  slides: { title: string; text: string; image: string; alt: string; path: string }[];
  culture: string[];
  cuisine: string[];
  thumbnails: { label: string; path: string }[];
}

export interface RouteEntry {
  path: string;
  kind: RouteKind;
  title: string;
  cardTitle?: string;
  description: string;
  image?: Image;
  author?: string;
  dates?: { created: string; published: string; modified: string };
  content?: string;
  related?: string[];
  listings?: string;
  columns?: 1 | 2 | 3;
  cards?: string[];
  videos?: Video[];
  home?: HomeData;
}

export interface Manifest {
  site: SiteSettings;
  authors: Record<string, Author>;
  nav: NavMenu[];
  search?: string[];
  aliases?: { from: string; to: string }[];
  routes: RouteEntry[];
}

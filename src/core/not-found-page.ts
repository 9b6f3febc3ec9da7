/**
 * The 404 page: the path it is rendered and claimed as, and the file hosts serve for any path the
 * site lacks (Cloudflare Pages, Netlify and GitHub Pages all look for `404.html` at the root). The
 * renderer, the page keys and the output claims read it here, so the three cannot disagree.
 */
export const NOT_FOUND_PAGE = { route: "/404", file: "404.html" } as const;

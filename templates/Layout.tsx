import { escapeText } from "entities";
import type { ReactNode } from "react";
import type { Chrome, ChromeModel, HeadModel, LayoutModel, PageBase } from "../src/render/model.ts";
import { serializeJsonLd, twitterHandle } from "../src/render/structured-data.ts";
import { ChevronDown, MailIcon, MenuIcon, SaveIcon, SocialIcon } from "./components/Icons.tsx";
import { SAVE_OFFLINE_ID } from "./components/SaveOffline.tsx";
import { Img } from "./components/Img.tsx";

/** The only inline script: marks the document as scripted for the stylesheet (html.js). */
export const HTML_JS_SCRIPT = 'document.documentElement.classList.add("js")';

/** What `ppguide dev` says above a page that a build would leave out today. */
export function unpublishedText(u: NonNullable<PageBase["unpublished"]>): string {
  if (u.status === "draft") return "Draft: ppguide build leaves this page out until draft: true is removed.";
  if (u.status === "scheduled")
    return `Scheduled: this page is published on ${u.date}; ppguide build leaves it out until then.`;
  return `Expired on ${u.date}: ppguide build leaves this page out.`;
}

/**
 * The page's document. The header's and footer's contents (Header, Footer below) are the same on
 * almost every page, so the render stage renders each variant once a build and hands them here
 * as HTML, `chrome` (src/render/chrome.ts).
 */
export function Layout({ page, chrome, children }: { page: LayoutModel; chrome: Chrome; children?: ReactNode }) {
  return (
    // A site with site.offline names its service worker here; src/client/offline-client.ts registers it.
    <html lang={page.site.language} data-service-worker={page.site.offline ? "/sw.js" : undefined}>
      <Head page={page} />
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header" dangerouslySetInnerHTML={{ __html: chrome.header }} />
        {page.unpublished && (
          <p className="unpublished-banner" role="status">
            {unpublishedText(page.unpublished)}
          </p>
        )}
        <main id="main">{children}</main>
        <footer className="site-footer" dangerouslySetInnerHTML={{ __html: chrome.footer }} />
        {page.assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </body>
    </html>
  );
}

function Head({ page }: { page: LayoutModel }) {
  const { head, site } = page;
  // Search engines cut titles near 70 characters: the site name follows only when it fits.
  const full = `${head.title} | ${site.name}`;
  const title = page.route.path === "/" || full.length > 70 ? head.title : full;
  const twitterSite = twitterHandle(site.social.twitter);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {head.refresh && <meta httpEquiv="refresh" content={`0; url=${head.refresh}`} />}
      {/* Escaped only where HTML requires it: React also escapes ' as &#x27;, which html-validate's
          long-title rule (and any tool reading the source) counts as six characters. */}
      <title dangerouslySetInnerHTML={{ __html: escapeText(title) }} />
      <meta name="description" content={head.description} />
      <link rel="canonical" href={head.canonical} />
      {head.noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={head.canonical} />
      <meta property="og:locale" content="en_US" />
      {head.ogImage && <OgImage image={head.ogImage} />}
      <meta name="twitter:card" content={head.ogImage ? "summary_large_image" : "summary"} />
      {twitterSite && <meta name="twitter:site" content={twitterSite} />}
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {head.ogImage && <meta name="twitter:image" content={head.ogImage.url} />}
      {head.ogImage && <meta name="twitter:image:alt" content={head.ogImage.alt} />}
      <meta name="theme-color" content={site.app?.themeColor ?? "#0b5d6b"} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/site.webmanifest" />
      {/* Feed readers find the feed of articles and recipes from any page (src/output/feed.ts). */}
      <link rel="alternate" type="application/atom+xml" title={site.name} href="/feed.xml" />
      {/* Set before the stylesheet applies, so the first paint already has the scripted layout (the
          menu collapsed behind its toggle): setting it from the deferred module moved <main> down. */}
      <script dangerouslySetInnerHTML={{ __html: HTML_JS_SCRIPT }} />
      <link rel="stylesheet" href={page.assets.css} />
      {head.jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}
    </head>
  );
}

/** https://ogp.me/#structured: the size lets a network lay out the preview before it has fetched the image. */
function OgImage({ image }: { image: NonNullable<HeadModel["ogImage"]> }) {
  return (
    <>
      <meta property="og:image" content={image.url} />
      {image.type && <meta property="og:image:type" content={image.type} />}
      {image.width && <meta property="og:image:width" content={String(image.width)} />}
      {image.height && <meta property="og:image:height" content={String(image.height)} />}
      <meta property="og:image:alt" content={image.alt} />
    </>
  );
}

/** What the page's <header> holds: the logo, the offline link, the nav and the search box. */
export function Header({ page }: { page: ChromeModel }) {
  return (
    <div className="container navbar">
      <a className="brand" href="/">
        <Img image={page.logo} className="brand-logo" />
      </a>
      {/* On every page, where a reader with no data looks first: a link to the home page's panel
            that saves the guide (which says, without scripts, why saving needs them). Below 576 px
            its words are visually hidden and stay its accessible name. */}
      {page.site.offline && (
        <a className="offline-link" href={`/#${SAVE_OFFLINE_ID}`} title="Save the guide for offline">
          <SaveIcon />
          <span className="offline-link-text">Save for offline</span>
        </a>
      )}
      {/* Where scripts run (html.js) the stylesheet shows the toggle and collapses the menu below 992 px; without them the menu stays open. */}
      <button className="nav-toggle" type="button" aria-controls="site-nav" aria-expanded="false">
        <MenuIcon />
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id="site-nav" className="site-nav" aria-label="Main">
        <ul className="nav-menus">
          {page.nav.map((menu) => (
            <li key={menu.label}>
              <details className="dropdown">
                <summary>
                  {menu.label}
                  <ChevronDown />
                </summary>
                <ul className="dropdown-menu">
                  {menu.items.map((item) => (
                    <li key={item.path}>
                      <a href={item.path} aria-current={item.path === page.route.path ? "page" : undefined}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
        <SearchBox items={page.search} />
      </nav>
    </div>
  );
}

function SearchBox({ items }: { items: LayoutModel["search"] }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark; <search> would change the markup
    <form className="search" role="search" action="/search" method="get">
      <label htmlFor="search-input" className="visually-hidden">
        Search articles and recipes
      </label>
      {/* type=text: ARIA in HTML allows role=combobox (and so aria-expanded) on a text input, not
          on type=search, which the W3C checker rejects. enterkeyhint keeps the phone keyboard's
          Search key. https://www.w3.org/TR/html-aria/#el-input-text */}
      <input
        id="search-input"
        className="search-input"
        type="text"
        enterKeyHint="search"
        name="q"
        placeholder="Search..."
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls="search-results"
      />
      {/* A visible way to submit (WCAG H32): Enter alone is not obvious to every reader. */}
      <button type="submit" className="search-submit">
        <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden={true} focusable={false}>
          <g fill="none" stroke="currentColor" strokeWidth="1.6">
            <circle cx="6.8" cy="6.8" r="4.8" />
            <path d="m10.4 10.4 4 4" strokeLinecap="round" />
          </g>
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      {/* Filled by src/client/search.ts: li[role=presentation] > a[role=option][aria-selected]. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox's items are li, so it stays a ul */}
      <ul id="search-results" className="search-results" role="listbox" aria-label="Matching articles" hidden />
      <p id="search-empty" className="search-empty" hidden>
        No matching titles. Press Enter to search the whole guide.
      </p>
      <p id="search-status-live" className="visually-hidden" role="status" />
      <noscript>
        <p className="noscript-note">You need to enable JavaScript to run this app.</p>
      </noscript>
      <script
        type="application/json"
        id="search-data"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(items).replace(/</g, "\\u003c") }}
      />
    </form>
  );
}

/** What the page's <footer> holds: the social links, the footer links, the contact and the disclosure. */
export function Footer({ page }: { page: ChromeModel }) {
  const { site } = page;
  const networks = ["facebook", "twitter", "pinterest", "youtube"] as const;
  return (
    <div className="container footer-inner">
      <ul className="social">
        {networks.map((n) => (
          <li key={n}>
            <a href={site.social[n]} rel="noopener" target="_blank">
              <SocialIcon network={n} />
              <span className="visually-hidden">{`${site.name} on ${n.charAt(0).toUpperCase()}${n.slice(1)} (opens in a new tab)`}</span>
            </a>
          </li>
        ))}
      </ul>
      {site.footerLinks?.length ? (
        <nav aria-label="Footer">
          <ul className="footer-links">
            {site.footerLinks.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="footer-contact">
        <MailIcon /> <a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
      <p className="disclosure">{site.disclosure}</p>
      <p className="copyright">
        © {page.year} {site.name}. All rights reserved.
      </p>
    </div>
  );
}

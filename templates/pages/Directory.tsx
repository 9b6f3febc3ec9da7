import type { DirectoryPage } from "../../src/render/kinds/models.ts";
import { RelatedCards } from "../components/Card.tsx";
import { GlobeIcon, MapPinIcon, PhoneIcon, Stars } from "../components/Icons.tsx";
import { FactLine } from "../components/Fact.tsx";
import { Img } from "../components/Img.tsx";

type Listing = DirectoryPage["listings"][number];

/**
 * A phone number never wraps onto two lines: no-break spaces and hyphens, as html-validate's
 * tel-non-breaking rule asks (https://html-validate.org/rules/tel-non-breaking.html).
 */
function unbreakable(phone: string): string {
  return phone.replace(/ /g, "\u00a0").replace(/-/g, "\u2011");
}

function Contact({ item, newTab }: { item: Listing; newTab: boolean }) {
  return (
    <ul className="listing-contact">
      <li>
        <PhoneIcon />
        {/* Called as E.164 (RFC 3966), shown in national format (src/content/phones.ts). */}
        {item.phoneLink ? <a href={item.phoneLink.href}>{unbreakable(item.phoneLink.text)}</a> : <span>No Phone</span>}
      </li>
      <li>
        <GlobeIcon />
        {item.link && item.websiteLabel ? (
          <a href={item.link} rel="noopener" target={newTab ? "_blank" : undefined}>
            {item.websiteLabel}
            {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
          </a>
        ) : (
          <span>No Website</span>
        )}
      </li>
      <li>
        <MapPinIcon />
        {/* The visible words start the accessible name (WCAG 2.5.3); the rest says which place opens where. */}
        <a href={item.mapUrl} className="map-link" rel="noopener" target={newTab ? "_blank" : undefined}>
          Open in Maps
          <span className="visually-hidden">{`: ${item.name}, ${item.town} on OpenStreetMap${newTab ? " (opens in a new tab)" : ""}`}</span>
        </a>
      </li>
    </ul>
  );
}

export function ListingCard({ item, resort }: { item: Listing; resort: boolean }) {
  return (
    // The anchor the search index's result for this listing points at (src/output/search-index.ts).
    <article className="card listing-card" id={item.anchor}>
      <Img image={item.imageAttrs} className="card-img" />
      <div className="card-body">
        {resort && item.rating !== undefined && (
          <p className="rating">
            <Stars rating={item.rating} />
            <span className="visually-hidden">{`${item.rating} out of 5 stars`}</span>
          </p>
        )}
        <h2 className="card-title">{item.name}</h2>
        {item.inclusive && <p className="badge">{item.inclusive}</p>}
        {item.description && <p className="listing-description">{item.description}</p>}
        {item.factViews.map((fact) => (
          <FactLine key={fact.id} fact={fact} />
        ))}
        <address>
          {(item.address1 || item.area) && (
            <>
              {item.address1 || item.area}
              <br />
            </>
          )}
          {/* The town leads the second line ('Puerto Plata 57000', 'Cabarete, Puerto Plata'): every card shows it. */}
          {item.address2}
        </address>
        <Contact item={item} newTab={item.newTab ?? resort} />
        {/* When the newest source behind the card's facts was dated: readers judge how fresh they are. */}
        {item.checked && (
          <p className="listing-checked">
            Checked{" "}
            {item.checked.datetime ? (
              <time dateTime={item.checked.datetime}>{item.checked.text}</time>
            ) : (
              item.checked.text
            )}
          </p>
        )}
      </div>
    </article>
  );
}

export default function Directory({ page }: { page: DirectoryPage }) {
  const resort = page.kind === "resorts";
  return (
    <>
      <div className="container directory">
        <h1>{page.route.title}</h1>
        <div className="prose intro" dangerouslySetInnerHTML={{ __html: page.html }} />
        <ul className={`grid grid-${page.columns} listings`}>
          {page.listings.map((item) => (
            <li key={item.id}>
              <ListingCard item={item} resort={resort} />
            </li>
          ))}
        </ul>
      </div>
      <RelatedCards cards={page.related} />
    </>
  );
}

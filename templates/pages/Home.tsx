import type { PageOf } from "../../src/render/kinds/models.ts";
import { Card, CardGrid } from "../components/Card.tsx";
import { FactLine } from "../components/Fact.tsx";
import { Img } from "../components/Img.tsx";
import { AffiliateBanner } from "../components/Media.tsx";
import { SAVE_OFFLINE_ID, SaveOffline } from "../components/SaveOffline.tsx";

function Carousel({ slides }: { slides: PageOf<"home">["slides"] }) {
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Highlights of Puerto Plata">
      <div className="carousel-track">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a role=group in the WAI-ARIA carousel pattern
          <div
            key={slide.path + i}
            className={i === 0 ? "slide is-active" : "slide"}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            <Img image={slide.imageAttrs} className="slide-img" />
            <div className="slide-caption">
              <p className="slide-title">{slide.title}</p>
              <p className="slide-text">{slide.text}</p>
              {slide.factViews.map((fact) => (
                <FactLine key={fact.id} fact={fact} />
              ))}
              <a className="button" href={slide.path} tabIndex={i === 0 ? undefined : -1}>
                Explore <span className="visually-hidden">{slide.title}</span>
              </a>
            </div>
          </div>
        ))}
      </div>
      {/* The stylesheet shows the controls where scripts run (html.js), from the first paint so
          nothing moves when the carousel script starts; without scripts the first slide simply shows. */}
      {slides.length > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-prev" aria-label="Previous slide">
            ‹
          </button>
          <div className="carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={i}
                type="button"
                className="carousel-dot"
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === 0 ? "true" : undefined}
              />
            ))}
          </div>
          <button type="button" className="carousel-next" aria-label="Next slide">
            ›
          </button>
          {/* Auto-advancing content needs a way to stop it (WCAG 2.2.2); the script keeps the label in step. */}
          <button type="button" className="carousel-pause" aria-label="Pause slideshow">
            <span className="carousel-pause-icon" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}

function Weather({ weather }: { weather: NonNullable<PageOf<"home">["site"]["weather"]> }) {
  return (
    <aside
      className="weather"
      aria-label={`${weather.days}-day weather forecast`}
      data-weather-script={weather.script}
      data-weather-days={weather.days}
    >
      {/* weatherwidget.io reads the data-* options; src/client/weather.ts adds its class and script after load. */}
      <a
        className="weather-link"
        href={weather.href}
        rel="noopener"
        target="_blank"
        data-label_1="PUERTO PLATA"
        data-label_2="WEATHER"
        data-days={weather.days}
        data-theme="original"
      >
        {weather.label} <span className="visually-hidden">(opens in a new tab)</span>
      </a>
    </aside>
  );
}

export default function Home({ page }: { page: PageOf<"home"> }) {
  return (
    <>
      <Carousel slides={page.slides} />
      <div className="container home">
        <h1>{page.home.heading}</h1>
        {page.site.tagline && <p className="lead">{page.site.tagline}</p>}
        {page.site.weather && <Weather weather={page.site.weather} />}
        <section aria-labelledby="culture-heading" className="home-section">
          <h2 id="culture-heading">Culture &amp; Travel</h2>
          <CardGrid cards={page.culture} columns={2} showDescription />
        </section>
        <section aria-labelledby="cuisine-heading" className="home-section">
          <h2 id="cuisine-heading">Cuisine &amp; Recipes</h2>
          <CardGrid cards={page.cuisine} columns={2} showDescription />
        </section>
        <div className="home-banners">
          {page.banners.map((b, i) => (
            <AffiliateBanner key={i} banner={b} />
          ))}
        </div>
        <section aria-labelledby="explore-heading" className="home-section">
          <h2 id="explore-heading">Explore the North Coast</h2>
          <ul className="grid grid-4 thumbnails">
            {page.thumbnails.map((card) => (
              <li key={card.path}>
                <Card card={card} />
              </li>
            ))}
          </ul>
        </section>
        {page.site.offline && <SaveOffline offline={page.site.offline} id={SAVE_OFFLINE_ID} />}
      </div>
    </>
  );
}

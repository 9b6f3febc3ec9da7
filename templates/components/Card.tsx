import type { CardModel } from "../../src/render/model.ts";
import { Img } from "./Img.tsx";

export function Card({
  card,
  headingLevel = 3,
  showDescription = false,
}: {
  card: CardModel;
  headingLevel?: 2 | 3;
  showDescription?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card">
      {card.image && <Img image={card.image} className="card-img" />}
      <div className="card-body">
        <Heading className="card-title">
          <a href={card.path} className="card-link">
            {card.title}
          </a>
        </Heading>
        {showDescription && <p className="card-text">{card.description}</p>}
      </div>
    </article>
  );
}

/** `headingLevel` 2 where the grid follows the page's h1 directly: a heading level may not be skipped. */
export function CardGrid({
  cards,
  columns,
  showDescription,
  label,
  headingLevel,
}: {
  cards: CardModel[];
  columns: number;
  showDescription?: boolean;
  label?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className={`grid grid-${columns}`} aria-label={label}>
      {cards.map((card) => (
        <li key={card.path}>
          <Card card={card} showDescription={showDescription} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** 'You May Also Like': always exactly three image cards (the manifest schema enforces the three). */
export function RelatedCards({ cards }: { cards: CardModel[] }) {
  return (
    <section className="related container" aria-labelledby="related-heading">
      <h2 id="related-heading">You May Also Like</h2>
      <CardGrid cards={cards} columns={3} />
    </section>
  );
}

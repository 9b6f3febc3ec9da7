import type { FigureModel, LabelledFigure, ShownFigure, Standing } from "../../src/content/fact-figures.ts";
import type { FactView } from "../../src/render/model.ts";
import { formatPartialDate } from "../../src/core/dates.ts";

/** 'Cable car: closed since June 2024', or the subject alone for a figure (a fare, a fee). */
function StatusLine({ fact }: { fact: FactView }) {
  if (!fact.status || !fact.since) return <strong>{fact.subject}.</strong>;
  return (
    <strong>
      {`${fact.subject}: ${fact.status} since `}
      <time dateTime={fact.since}>{formatPartialDate(fact.since)}</time>.
    </strong>
  );
}

function Confirmed({ fact }: { fact: FactView }) {
  if (!fact.confirmed) return null;
  return (
    <span className="fact-confirmed">
      {" Last confirmed "}
      <time dateTime={fact.confirmed}>{formatPartialDate(fact.confirmed)}</time>.
    </span>
  );
}

function When({ date }: { date?: string }) {
  return date ? <time dateTime={date}>{formatPartialDate(date)}</time> : <>an undated page</>;
}

/** "RD$400 a person (about US$6.50)": a figure with its approximate amount in the other currency. */
function Amount({ figure }: { figure: ShownFigure }) {
  return (
    <>
      {figure.value}
      {figure.approx && ` (${figure.approx})`}
    </>
  );
}

/** Who gives a figure, linked to where they give it when that is known. */
function SourceName({ by, url }: { by?: string | undefined; url?: string | undefined }) {
  return url ? (
    <a href={url} rel="noopener">
      {by}
    </a>
  ) : (
    (by ?? null)
  );
}

/**
 * "reported by Diario Libre, May 2021", the source linked; for a figure the pages that give it do
 * not date, "reported by Vagabond Journey, an undated page read in November 2026".
 */
function Reported({ figure, undated = false }: { figure: ShownFigure; undated?: boolean }) {
  return (
    <>
      {"reported by "}
      <SourceName by={figure.by} url={figure.url} />
      {undated ? ", an undated page read in " : ", "}
      <When date={figure.date} />
    </>
  );
}

/** "this guide's own figure of October 2025": only for a figure no source gives. */
function OwnFigure({ figure }: { figure: FigureModel["lead"] }) {
  return (
    <>
      {"this guide's own figure of "}
      <When date={figure.date} />
    </>
  );
}

/**
 * Whose the figure to plan on is: a source's, with its date, or this guide's own, unconfirmed,
 * with what to do (in a box, as sentences).
 */
function LeadAttribution({ figure, box = false }: { figure: FigureModel; box?: boolean }) {
  const { lead, ask } = figure;
  if (!lead.guide) return <Reported figure={lead} undated={lead.undated} />;
  return (
    <>
      <OwnFigure figure={lead} />
      {box ? ", which no source we found confirms." : ", unconfirmed"}
      {ask && (box ? ` ${sentence(ask)}` : `: ${ask}`)}
    </>
  );
}

const STANDING: Record<Standing, string> = {
  announced: "announced, not charged",
  suspended: "announced, then suspended",
  disputed: "disputed",
};

/** "announced, then suspended: US$15 … (about RD$830), reported by El Nacional, April 2023: the minister …" */
function Labelled({ figure, capital = false }: { figure: LabelledFigure; capital?: boolean }) {
  const label = STANDING[figure.standing];
  return (
    <>
      {`${capital ? label.charAt(0).toUpperCase() + label.slice(1) : label}: `}
      <Amount figure={figure} />
      {", "}
      <Reported figure={figure} />
      {figure.why && `: ${figure.why}`}
    </>
  );
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

/**
 * The short form, on a listing card or a home slide: the status line and when it was last
 * confirmed; a figure gives the one to plan on and what it rests on instead.
 */
export function FactLine({ fact }: { fact: FactView }) {
  const figure = fact.figure;
  if (figure)
    return (
      <p className="fact-line fact-figure">
        <strong>{fact.subject}:</strong> <Amount figure={figure.lead} />
        {", "}
        <LeadAttribution figure={figure} />.
      </p>
    );
  return (
    <p className={`fact-line fact-${fact.status ?? "figure"}`}>
      <StatusLine fact={fact} />
      {!fact.status && ` ${fact.text}`}
      <Confirmed fact={fact} />
    </p>
  );
}

/**
 * `{{fact:ID}}` in prose: the figure to plan on with its approximate amount in the other currency,
 * then in brackets what it rests on (who reported it and when, or that it is this guide's own and
 * unconfirmed, with what to do), any announced, suspended or disputed figure, labelled, and this
 * guide's own figures that no source confirms, so a reader never meets a bare figure the page
 * contradicts. Later insertions on the same page give the figure alone. Older figures are the
 * `::fact` box's, under its disclosure.
 */
export function FactValue({ fact, first }: { fact: FactView; first: boolean }) {
  const figure = fact.figure;
  if (!figure) return <span className="fact-value">{fact.value}</span>;
  if (!first)
    return (
      <span className="fact-value">
        <Amount figure={figure.lead} />
      </span>
    );
  const { lead } = figure;
  return (
    <span className="fact-value">
      {lead.value}
      <span className="fact-when">
        {" ("}
        {lead.approx && `${lead.approx}; `}
        <LeadAttribution figure={figure} />
        {figure.labelled.map((l, i) => (
          <span key={`l${i}`} className={`fact-${l.standing}`}>
            {"; "}
            <Labelled figure={l} />
          </span>
        ))}
        {figure.unconfirmed.map((u, i) => (
          <span key={i}>
            {"; this guide's own figure of "}
            <When date={u.date} />
            {", "}
            <Amount figure={u} />
            {", is unconfirmed"}
            {figure.ask && `: ${figure.ask}`}
          </span>
        ))}
        {")"}
      </span>
    </span>
  );
}

/**
 * The figure in a `::fact` box: the one to plan on, the labelled ones (announced, suspended,
 * disputed), the unconfirmed ones, the older ones under a disclosure.
 */
function FigureParts({ figure }: { figure: FigureModel }) {
  const { lead, ask } = figure;
  return (
    <>
      <p className="fact-plan">
        {"To plan with: "}
        <strong>{lead.value}</strong>
        {lead.approx && ` (${lead.approx})`}
        {", "}
        <LeadAttribution figure={figure} box />
        {!lead.guide && "."}
      </p>
      {figure.labelled.map((l, i) => (
        <p className={`fact-labelled fact-${l.standing}`} key={i}>
          <Labelled figure={l} capital />.
        </p>
      ))}
      {figure.unconfirmed.map((u, i) => (
        <p className="fact-unconfirmed" key={i}>
          {"Unconfirmed: this guide's own figure of "}
          <When date={u.date} />
          {", "}
          <Amount figure={u} />.{ask && ` ${sentence(ask)}`}
        </p>
      ))}
      {figure.older.length > 0 && (
        <details className="fact-older">
          <summary>
            {figure.older.length === 1 ? "1 older figure" : `${figure.older.length} older figures, newest first`}
          </summary>
          <ul>
            {figure.older.map((o, i) => (
              <li key={i}>
                <Amount figure={o} />
                {", "}
                <Reported figure={o} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** Where the approximate amounts come from: the exchange rate of each year they were converted at, with its date and source. */
function RateNote({ fact }: { fact: FactView }) {
  if (fact.rates.length === 0) return null;
  return (
    <p className="fact-rate">
      {'Amounts marked "about" are approximate, at '}
      {fact.rates.map((rate, i) => (
        <span key={rate.id}>
          {i > 0 && (i === fact.rates.length - 1 ? " and " : ", ")}
          {`RD$${rate.perDollar.toFixed(2)} to the US dollar for ${rate.year}'s figures (`}
          <SourceName by={rate.by} url={rate.url} />
          {", "}
          <When date={rate.date} />
          {")"}
        </span>
      ))}
      {": the rate moves, so check it before you change money."}
    </p>
  );
}

/**
 * `::fact ID` in Markdown: the fact in full with the pages that state it, so a reader can check
 * it. A div with role=note rather than an aside: a page may hold several, and landmarks need
 * unique names. The older figures sit under a <details>, which opens without JavaScript.
 */
export function FactNotice({ fact }: { fact: FactView }) {
  return (
    <div className={`fact fact-${fact.status ?? "figure"}`} role="note">
      <p>
        <StatusLine fact={fact} /> {fact.text}
      </p>
      {fact.figure && <FigureParts figure={fact.figure} />}
      {fact.sources.length > 0 && (
        <p className="fact-sources-label">
          <Confirmed fact={fact} /> Sources:
        </p>
      )}
      {fact.sources.length > 0 && (
        <ul className="fact-sources">
          {fact.sources.map((s) => (
            <li key={s.url + s.says}>
              <a href={s.url} rel="noopener">
                {new URL(s.url).hostname.replace(/^www\./, "")}
              </a>
              {`: ${s.says}`}
              {s.date && (
                <>
                  {" ("}
                  <time dateTime={s.date}>{formatPartialDate(s.date)}</time>
                  {")"}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <RateNote fact={fact} />
    </div>
  );
}

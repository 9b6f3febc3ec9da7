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

/**
 * The short form, on a listing card or a home slide: the status line and when it was last
 * confirmed; a figure also gives its text, since its subject alone says nothing.
 */
export function FactLine({ fact }: { fact: FactView }) {
  return (
    <p className={`fact-line fact-${fact.status ?? "figure"}`}>
      <StatusLine fact={fact} />
      {!fact.status && ` ${fact.text}`}
      <Confirmed fact={fact} />
    </p>
  );
}

/**
 * `::fact ID` in Markdown: the fact in full with the pages that state it, so a reader can check
 * it. A div with role=note rather than an aside: a page may hold several, and landmarks need
 * unique names.
 */
export function FactNotice({ fact }: { fact: FactView }) {
  return (
    <div className={`fact fact-${fact.status ?? "figure"}`} role="note">
      <p>
        <StatusLine fact={fact} /> {fact.text}
      </p>
      <p className="fact-sources-label">
        <Confirmed fact={fact} /> Sources:
      </p>
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
    </div>
  );
}

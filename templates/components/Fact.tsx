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

/** 'June 2023', or "this guide's figure, October 2025" for the guide's own. */
function When({ date, guide, label }: { date?: string; guide?: boolean; label: string }) {
  if (!date) return null;
  return (
    <>
      {guide && `${label}, `}
      <time dateTime={date}>{formatPartialDate(date)}</time>
    </>
  );
}

/** The figures a value replaced: "; this guide's earlier figure: $2, September 2025". */
function Earlier({ fact }: { fact: FactView }) {
  return (
    <>
      {fact.earlier.map((e, i) => (
        <span key={i}>
          {"; "}
          {e.guide ? "this guide's earlier figure" : <a href={e.source}>an earlier figure</a>}
          {`: ${e.value}, `}
          <time dateTime={e.date}>{formatPartialDate(e.date)}</time>
        </span>
      ))}
    </>
  );
}

/**
 * `{{fact:ID}}` in prose: the value, then in brackets when it was stated and the figures it
 * replaced, so a reader never meets a bare figure the page contradicts. Later insertions on the
 * same page give the value alone.
 */
export function FactValue({ fact, first }: { fact: FactView; first: boolean }) {
  if (!first) return <span className="fact-value">{fact.value}</span>;
  return (
    <span className="fact-value">
      {fact.value}
      <span className="fact-when">
        {" ("}
        <When date={fact.date} guide={fact.guide} label="this guide's figure" />
        <Earlier fact={fact} />
        {")"}
      </span>
    </span>
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
      {fact.value && (
        <p className="fact-figure">
          {`Figure: ${fact.value} (`}
          <When date={fact.date} guide={fact.guide} label="this guide's own, which no source we found states" />
          <Earlier fact={fact} />
          {")."}
        </p>
      )}
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
    </div>
  );
}

import type { Source } from "../../src/content/front-matter.ts";
import { formatDay, parseDate } from "../../src/core/dates.ts";

/** 'www.dr1.com' → 'dr1.com': the name a reader recognizes. */
function siteName(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** A day is shown like the byline's; a month or a year as written. */
function when(date: string): string {
  const parsed = parseDate(date);
  if ("problem" in parsed) throw new Error(`source date '${date}' ${parsed.problem}`);
  return parsed.day === undefined ? date : formatDay(date);
}

/**
 * The pages behind the article's fares, hours and directions, so a reader can check them
 * before relying on them. Each link names its site and says what it backs.
 */
export function Sources({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null;
  return (
    <section className="sources" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      <ul>
        {sources.map((s) => (
          <li key={s.url + s.says}>
            <a href={s.url} rel="noopener">
              {siteName(s.url)}
            </a>
            {`: ${s.says}`}
            {s.date && (
              <>
                {" ("}
                <time dateTime={s.date}>{when(s.date)}</time>
                {")"}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ArticleBody } from "../../src/render/model.ts";
import { Img } from "./Img.tsx";

// Dates are calendar days: format in UTC so no time zone moves them by one. One formatter for
// every page: building an Intl formatter per call dominated the byline's cost.
const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "2-digit",
  timeZone: "UTC",
});

// A site has few distinct dates and formatting one costs more than rendering the rest of the byline.
const formatted = new Map<string, string>();

export function formatDate(iso: string): string {
  let text = formatted.get(iso);
  if (text === undefined) formatted.set(iso, (text = dateFormat.format(new Date(`${iso}T00:00:00Z`))));
  return text;
}

export function Byline({ author, dates }: Pick<ArticleBody, "author" | "dates">) {
  return (
    <div className="byline">
      <Img image={author.avatarImage} className="avatar" />
      <div>
        <p className="byline-author">
          By {author.page ? <a href={author.page}>{author.name}</a> : author.name} <span aria-hidden="true">·</span>{" "}
          <a href={`mailto:${author.email}`} className="byline-mail">
            Email
          </a>
        </p>
        <p className="byline-date">
          Updated <time dateTime={dates.modified}>{formatDate(dates.modified)}</time>
        </p>
      </div>
    </div>
  );
}

export function ContactLine({ email }: { email: string }) {
  return (
    <p className="contact-line">
      Spotted something out of date, or have a tip for fellow travelers? Write to us at{" "}
      <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}

import type { ArticleBody } from "../../src/render/model.ts";
import { Img } from "./Img.tsx";

export function formatDate(iso: string): string {
  // Dates are calendar days: format in UTC so no time zone moves them by one.
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "2-digit", timeZone: "UTC" });
}

export function Byline({ author, dates }: Pick<ArticleBody, "author" | "dates">) {
  return (
    <div className="byline">
      <Img image={author.avatarImage} className="avatar" />
      <div>
        <p className="byline-author">
          By <a href={`mailto:${author.email}`}>{author.name}</a>
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
      Spotted something out of date, or have a tip for fellow travellers? Write to us at <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}

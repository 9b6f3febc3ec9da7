import { Fragment } from "react";
import type { ArticleBody } from "../../src/render/model.ts";
import { formatDay as formatDate } from "../../src/core/dates.ts";
import { Img } from "./Img.tsx";

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
          {dates.revised && (
            <span className="byline-history">
              {" "}
              (earlier {dates.revised.length === 1 ? "update" : "updates"}:{" "}
              {[...dates.revised]
                .sort()
                .reverse()
                .map((day, i) => (
                  <Fragment key={day}>
                    {i > 0 && ", "}
                    <time dateTime={day}>{formatDate(day)}</time>
                  </Fragment>
                ))}
              )
            </span>
          )}
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

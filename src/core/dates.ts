/**
 * The one reader of every date a site may hold (route dates, `expires`, a video's upload day,
 * facts' `since`, the sources of facts, listings and articles, and --clock): YYYY, YYYY-MM or
 * YYYY-MM-DD, each field within its range. An impossible day or month is refused, never rolled
 * over as `Date` does (2025-02-30 once became "February 2025" on one page and "Mar 02, 2025" on
 * another, and 2024-13 "Invalid Date"). The schemas run it as their `date` and `partial-date`
 * formats (manifest/schema-formats.ts), so a bad date is refused at its file:line:col before any
 * page is made; the formatters below refuse one too, so none can ever be shown.
 */

/** A day (YYYY-MM-DD), or also a month or a year (YYYY-MM, YYYY). */
export type DatePrecision = "day" | "partial";

export interface CalendarDate {
  year: number;
  /** 1 to 12, when the date names a month. */
  month?: number;
  /** 1 to the month's length, when the date names a day. */
  day?: number;
}

const SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
/** The months' English names, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The date `text` names, or why it names none (a sentence to show after the value). */
export function parseDate(text: string, precision: DatePrecision = "partial"): CalendarDate | { problem: string } {
  const m = SHAPE.exec(text);
  if (!m || (precision === "day" && m[3] === undefined))
    return {
      problem: precision === "day" ? "is not written YYYY-MM-DD" : "is not written YYYY, YYYY-MM or YYYY-MM-DD",
    };
  const year = Number(m[1]);
  if (year === 0) return { problem: "names year 0000, which no calendar has" };
  if (m[2] === undefined) return { year };
  const month = Number(m[2]);
  if (month < 1 || month > 12) return { problem: `names month ${m[2]}; months run from 01 to 12` };
  if (m[3] === undefined) return { year, month };
  const day = Number(m[3]);
  const length = daysInMonth(year, month);
  if (day < 1 || day > length)
    return { problem: `names day ${m[3]}, but ${MONTHS[month - 1]} ${year} has ${length} days` };
  return { year, month, day };
}

/** Why `text` is not a date of this precision, or undefined when it is one. */
export function dateProblem(text: string, precision: DatePrecision = "partial"): string | undefined {
  const parsed = parseDate(text, precision);
  return "problem" in parsed ? parsed.problem : undefined;
}

/** Today in the local time zone, YYYY-MM-DD: the day a command works as of when no clock is given. */
export function today(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

export function isDate(text: unknown, precision: DatePrecision = "partial"): boolean {
  return typeof text === "string" && dateProblem(text, precision) === undefined;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date, which must be one: a value that reached a formatter unchecked is a bug, never "Invalid Date". */
function strict(text: string, precision: DatePrecision): CalendarDate {
  const parsed = parseDate(text, precision);
  if ("problem" in parsed)
    throw new Error(`date '${text}' ${parsed.problem}: it should have been refused where it is written`);
  return parsed;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'May 2024' for 2024-05 (or a day of it), as en-US writes it. */
export function monthAndYear(yearMonth: string): string {
  const { year, month } = strict(yearMonth, "partial");
  if (month === undefined) throw new Error(`date '${yearMonth}' names no month`);
  return `${MONTHS[month - 1]} ${year}`;
}

/** 'Mar 02, 2025' for 2025-03-02, as en-US writes it with a short month and a two-digit day. */
export function formatDay(iso: string): string {
  const { year, month = 1, day = 1 } = strict(iso, "day");
  return `${MONTHS[month - 1]!.slice(0, 3)} ${pad(day)}, ${year}`;
}

/** A day as written, a month as 'June 2024', a year as it is. */
export function formatPartialDate(date: string): string {
  const { month, day } = strict(date, "partial");
  return day !== undefined ? formatDay(date) : month !== undefined ? monthAndYear(date) : date;
}

/** The last day a date of YYYY, YYYY-MM or YYYY-MM-DD can mean: a fact is never called older than it may be. */
export function lastDay(date: string): string {
  const { year, month, day } = strict(date, "partial");
  if (month === undefined) return `${year}-12-31`;
  return `${year}-${pad(month)}-${pad(day ?? daysInMonth(year, month))}`;
}

/** The day after a YYYY-MM-DD day. */
export function dayAfter(iso: string): string {
  const { year, month = 1, day = 1 } = strict(iso, "day");
  if (day < daysInMonth(year, month)) return `${year}-${pad(month)}-${pad(day + 1)}`;
  return month < 12 ? `${year}-${pad(month + 1)}-01` : `${year + 1}-01-01`;
}

/** `months` calendar months before a YYYY-MM-DD day, on the same day of the month or the month's last. */
export function monthsBefore(iso: string, months: number): string {
  const { year, month = 1, day = 1 } = strict(iso, "day");
  const index = year * 12 + (month - 1) - months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return `${String(y).padStart(4, "0")}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

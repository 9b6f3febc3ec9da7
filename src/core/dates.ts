/** 'May 2024' for 2024-05, as en-US writes it. */
export function monthAndYear(yearMonth: string): string {
  return new Date(`${yearMonth.slice(0, 7)}-01T00:00:00Z`).toLocaleString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A day given as YYYY-MM-DD, as the midnight (UTC) that starts it. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * A range of whole UTC days, both ends included, in the given language: "Nov 1 – Nov 30, 2026", or
 * "Dec 1, 2026 – Jan 31, 2027" across years. Each end names its month so ranges read alike in a list.
 */
export function formatDayRange(first: Date, last: Date, language: string): string {
  const withYear = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = (date: Date) => date.toISOString().slice(0, 10);
  if (day(first) === day(last)) return withYear.format(first);
  const sameYear = first.getUTCFullYear() === last.getUTCFullYear();
  const start = sameYear
    ? new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(first)
    : withYear.format(first);
  return `${start} – ${withYear.format(last)}`;
}

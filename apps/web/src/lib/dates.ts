import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every date the panel shows goes through the browser's Intl in the panel's language: it knows all 21
 * languages without shipping a locale file for any of them.
 */

/** `date`: "January 10, 2026"; `dateTime`: with the time of day, in the customer's time zone. */
export type DateStyle = 'date' | 'dateTime';
export type FormatDate = (value: string | null | undefined, style?: DateStyle) => string;

const styles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'long' },
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
};

/** Formats timestamps in the panel's language; an empty or unreadable value gives ''. */
export function useFormatDate(): FormatDate {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const formats = {
      date: new Intl.DateTimeFormat(language, styles.date),
      dateTime: new Intl.DateTimeFormat(language, styles.dateTime),
    };
    return (value, style = 'date') => {
      if (!value) return '';
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : formats[style].format(date);
    };
  }, [language]);
}

/** A calendar month ("November 2026") of a `YYYY-MM` period, as invoices are named. */
export function useFormatMonth() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return (period: string) => month.format(new Date(`${period}-01T00:00:00Z`));
  }, [language]);
}

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

const DAY_MS = 86_400_000;

/** Whether the timestamp `value` is more than `days` whole days before `now`; an unreadable one is not. */
export function olderThanDays(value: string, days: number, now = Date.now()): boolean {
  const time = new Date(value).getTime();
  return !Number.isNaN(time) && now - time > days * DAY_MS;
}

const isMidnightUtc = (date: Date) => date.getTime() % DAY_MS === 0;

/**
 * The days a period covers, in the customer's language: "Nov 1 – Nov 30, 2026". Periods end at an
 * instant; one that ends at midnight (UTC) does not include that day. An open end shows alone.
 */
export function useFormatPeriod() {
  const { i18n } = useTranslation();
  return (start: string, end: string | null) => {
    const first = new Date(start);
    if (!end) return formatDayRange(first, first, i18n.language);
    let last = new Date(end);
    if (isMidnightUtc(last) && last.getTime() > first.getTime()) last = new Date(last.getTime() - 1);
    return formatDayRange(first, last, i18n.language);
  };
}

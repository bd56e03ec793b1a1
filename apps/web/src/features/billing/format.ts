import { formatMoney, toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../components/filters';

/** A wire amount ("1234.5") for display: "$1,234.50"; hourly rates take 4 decimals. */
export const money = (value: string, decimals = 2) => formatMoney(toMicros(value), { decimals });

/** A credit movement with its direction: "+$10.00" for credit received, "-$4.20" for charges. */
export const signedMoney = (value: string) => {
  const micros = toMicros(value);
  return micros > 0 ? `+${formatMoney(micros)}` : formatMoney(micros);
};

const DAY_MS = 86_400_000;
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

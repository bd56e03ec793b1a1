// The zod-free part of money.ts (zod-free.test.ts): the panel loads it without zod.

/**
 * Money is an integer count of micro-dollars (1 USD = 1,000,000 micros): hourly prices have
 * 4 decimals and must add up exactly. On the wire it is a decimal string such as "12.50" or "0.0069".
 */
export type Micros = number;
export const MICROS_PER_UNIT = 1_000_000;

/** A money amount on the wire: up to 12 whole digits and 6 decimals. */
export const MONEY_DECIMAL_PATTERN = /^-?\d{1,12}(\.\d{1,6})?$/;

/** Parses "12.345" into 12345000 micros without going through floating point. */
export function toMicros(value: string | number): Micros {
  const text = typeof value === 'number' ? numberToDecimal(value) : value.trim();
  if (!MONEY_DECIMAL_PATTERN.test(text)) throw new Error(`Not a money amount: ${value}`);
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const micros = Number(whole) * MICROS_PER_UNIT + Number(frac.padEnd(6, '0'));
  return negative ? -micros : micros;
}

function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a money amount: ${value}`);
  // Only for literals in data files and tests: round to micros first.
  return (Math.round(value * MICROS_PER_UNIT) / MICROS_PER_UNIT).toFixed(6);
}

/** Micros to a plain decimal string with exactly `decimals` places (half away from zero). */
export function fromMicros(micros: Micros, decimals = 2): string {
  if (!Number.isSafeInteger(micros)) throw new Error(`Not an integer micros amount: ${micros}`);
  const step = 10 ** (6 - decimals);
  const negative = micros < 0;
  const abs = Math.abs(micros);
  const rounded = Math.floor((abs + step / 2) / step);
  const whole = Math.floor(rounded / 10 ** decimals);
  const frac = decimals > 0 ? `.${String(rounded % 10 ** decimals).padStart(decimals, '0')}` : '';
  return `${negative && rounded !== 0 ? '-' : ''}${whole}${frac}`;
}

/** Display form: comma thousands, 2 decimals (4 for hourly prices), with the currency sign. */
export function formatMoney(micros: Micros, opts: { decimals?: number; sign?: string } = {}): string {
  const plain = fromMicros(micros, opts.decimals ?? 2);
  const negative = plain.startsWith('-');
  const [whole = '0', frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${opts.sign ?? '$'}${grouped}${frac ? `.${frac}` : ''}`;
}

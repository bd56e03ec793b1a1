import type { Micros } from '@nimbus/contract';

/**
 * Gateways report money as decimal strings with any number of places ("61.80", "0.00012345") and
 * Stripe in cents. These conversions stay exact (BigInt) and round once, half away from zero, to the
 * micro, so no amount ever passes through floating point.
 */

/** value = units / 10^scale */
interface Exact {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
const MICRO_SCALE = 6;

function parseDecimal(value: string | number): Exact {
  // A JSON number is taken at its shortest decimal form; an exponent form ("1e-7") is refused.
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const [, sign, whole = '0', frac = ''] = match;
  const units = BigInt(whole + frac);
  return { units: sign ? -units : units, scale: frac.length };
}

function roundToMicros({ units, scale }: Exact): Micros {
  let micros: bigint;
  if (scale <= MICRO_SCALE) {
    micros = units * 10n ** BigInt(MICRO_SCALE - scale);
  } else {
    const divisor = 10n ** BigInt(scale - MICRO_SCALE);
    const abs = units < 0n ? -units : units;
    const rounded = (abs + divisor / 2n) / divisor;
    micros = units < 0n ? -rounded : rounded;
  }
  const result = Number(micros);
  if (!Number.isSafeInteger(result)) throw new Error(`Amount out of range: ${micros} micros`);
  return result;
}

/** "61.80" → 61_800_000; more than six places are rounded half up. */
export function decimalToMicros(value: string | number): Micros {
  return roundToMicros(parseDecimal(value));
}

/** Σ aᵢ × bᵢ computed exactly and rounded once to the micro (crypto paid × rate). */
export function sumOfProductsToMicros(
  pairs: ReadonlyArray<readonly [string | number, string | number]>,
): Micros {
  const products = pairs.map(([a, b]) => {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return { units: x.units * y.units, scale: x.scale + y.scale };
  });
  const scale = Math.max(MICRO_SCALE, ...products.map((p) => p.scale));
  const units = products.reduce((sum, p) => sum + p.units * 10n ** BigInt(scale - p.scale), 0n);
  return roundToMicros({ units, scale });
}

const MICROS_PER_CENT = 10_000;

export const centsToMicros = (cents: number): Micros => {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a cent amount: ${cents}`);
  return cents * MICROS_PER_CENT;
};

/** Micros to whole cents, half away from zero (prices are whole cents already; this only guards). */
export function microsToCents(micros: Micros): number {
  const value = BigInt(micros);
  const abs = value < 0n ? -value : value;
  const cents = (abs + BigInt(MICROS_PER_CENT / 2)) / BigInt(MICROS_PER_CENT);
  return Number(value < 0n ? -cents : cents);
}

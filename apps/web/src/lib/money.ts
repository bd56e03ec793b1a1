import { formatMoney, type Micros, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { appConfigQuery } from '../api/catalogue';

/** How the panel writes amounts. One set for every screen, in the catalogue's currency sign. */
export interface MoneyFormat {
  /** The currency sign itself, for a field's adornment. */
  sign: string;
  /** A wire amount ("1234.5") for display: "$1,234.50"; hourly rates take 4 decimals. */
  money: (value: string, decimals?: number) => string;
  /** The same for an amount the panel holds in micros (sums, quotes, typed amounts). */
  moneyOfMicros: (micros: Micros, decimals?: number) => string;
  /** A credit movement with its direction: "+$10.00" for credit received, "-$4.20" for charges. */
  signedMoney: (value: string) => string;
}

/** The formats in `sign`; screens take them from `useMoney`, which knows the provider's sign. */
export function moneyFormat(sign: string): MoneyFormat {
  const moneyOfMicros = (micros: Micros, decimals = 2) => formatMoney(micros, { sign, decimals });
  return {
    sign,
    money: (value, decimals = 2) => moneyOfMicros(toMicros(value), decimals),
    moneyOfMicros,
    signedMoney: (value) => {
      const micros = toMicros(value);
      return micros > 0 ? `+${moneyOfMicros(micros)}` : moneyOfMicros(micros);
    },
  };
}

/**
 * The money formats in the provider's currency sign (the catalogue's app-config); "$" until the
 * configuration has arrived, as the credit is kept in USD.
 */
export function useMoney(): MoneyFormat {
  const sign = useQuery(appConfigQuery).data?.currencySign ?? '$';
  return useMemo(() => moneyFormat(sign), [sign]);
}

const TYPED_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * An amount a customer typed ("25", "25.50", or "25,50" as most of the panel's languages write it) in
 * micros, or null while it is not a plain amount. The contract's `paymentAmountSchema` reads it the same
 * way; this one also gives the figure of amounts out of bounds, which the form warns about.
 */
export function parseAmount(value: unknown): Micros | null {
  const text = String(value ?? '')
    .trim()
    .replace(/^(\d+),(\d{1,2})$/, '$1.$2');
  return TYPED_AMOUNT.test(text) ? toMicros(text) : null;
}

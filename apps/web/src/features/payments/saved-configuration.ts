import {
  CENT,
  fromMicros,
  type InsufficientBalance,
  type Micros,
  PAYMENT_MIN,
  PAYMENT_PRESETS,
  toMicros,
} from '@nimbus/contract';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Flags the VPS configuration leaves for the payments page when a customer tops up to pay for an
 * order: that an order is waiting (the page shows its summary), that it came from the cart (the
 * instance is created right after payment), and the server's figures of the refusal. They live in this
 * tab's session storage, so a reload keeps them; the configuration itself is the creation draft in
 * local storage, and only the flags end with the visit.
 */
export const SAVED_CONFIGURATION_KEYS = {
  /** An order from the VPS configuration is waiting to be paid. */
  pendingOrder: 'nimbus.savedConfiguration.pendingOrder',
  /** The order came through the cart (signed-out purchase flow). */
  fromCart: 'nimbus.savedConfiguration.fromCart',
  /** The balance the order needs ("12.00"): `minimumRequiredBalance` of the 460 answer. */
  required: 'nimbus.savedConfiguration.required',
  /** The balance the server counted when it refused the order ("0.00"). */
  balance: 'nimbus.savedConfiguration.balance',
} as const;

const MONEY = /^-?\d{1,9}(\.\d{1,6})?$/;

export function hasSavedConfigurationOrder(): boolean {
  return sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.pendingOrder) === '1';
}

export const savedOrderFromCart = () => sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart) === '1';

/** Remembers the figures of the server's refusal next to the flags. */
export function saveRefusalFigures(refusal: InsufficientBalance) {
  sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.required, refusal.minimumRequiredBalance);
  sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.balance, refusal.customerBalance);
}

export interface WaitingOrderCredit {
  /** The balance the order needs. */
  required: Micros;
  /** The balance counted: the live one when known, else the one of the refusal. */
  balance: Micros;
  /** What is missing, rounded up to the cent; 0 once the balance covers the order. */
  missing: Micros;
}

/**
 * The credit a waiting order still lacks, against `liveBalance` (billing info) when it is known — a
 * payment made meanwhile counts — or the balance of the refusal. Null without a waiting order.
 */
export function waitingOrderCredit(liveBalance?: string): WaitingOrderCredit | null {
  const required = sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.required);
  const refusedAt = sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.balance);
  if (!hasSavedConfigurationOrder() || !required || !MONEY.test(required)) return null;
  const balanceText = liveBalance ?? (refusedAt && MONEY.test(refusedAt) ? refusedAt : '0');
  const balance = toMicros(balanceText);
  const short = toMicros(required) - balance;
  return { required: toMicros(required), balance, missing: short > 0 ? Math.ceil(short / CENT) * CENT : 0 };
}

/**
 * The top-up that pays a missing amount: the smallest preset that covers it, never under the smallest
 * payment; beyond the largest preset, the amount itself rounded up to whole dollars ("312").
 */
export function suggestedTopUp(missing: Micros): string {
  const needed = Math.max(missing, PAYMENT_MIN);
  const preset = PAYMENT_PRESETS.find((p) => toMicros(String(p)) >= needed);
  if (preset !== undefined) return String(preset);
  return fromMicros(Math.ceil(needed / (100 * CENT)) * 100 * CENT, 0);
}

/** The preset amount of the top-up form while an order waits for credit it lacks; else null. */
export function savedConfigurationAmount(liveBalance?: string): string | null {
  const credit = waitingOrderCredit(liveBalance);
  return credit && credit.missing > 0 ? suggestedTopUp(credit.missing) : null;
}

export function clearSavedConfigurationFlags() {
  for (const key of Object.values(SAVED_CONFIGURATION_KEYS)) sessionStorage.removeItem(key);
}

/**
 * Leaving the payments page forgets the flags (platform.md §2), so a later visit to payments is a plain
 * top-up and not the end of an old order. Only a real departure counts: a reload keeps them, and so
 * does a remount while the address is still the payments page (React's strict mode in development).
 */
export function useClearSavedConfigurationOnLeave() {
  const router = useRouter();
  useEffect(() => {
    const path = router.state.location.pathname;
    return () => {
      if (router.latestLocation.pathname !== path) clearSavedConfigurationFlags();
    };
  }, [router]);
}

import { useEffect } from 'react';

/**
 * Flags the VPS configuration leaves for the payments page when a customer tops up to pay for an
 * order: that an order is waiting (the page shows its summary) and that it came from the cart (the
 * instance is created right after payment). They live in this tab's session storage; the
 * configuration itself is kept elsewhere and survives, only the flags end with the visit.
 */
export const SAVED_CONFIGURATION_KEYS = {
  /** An order from the VPS configuration is waiting to be paid. */
  pendingOrder: 'nimbus.savedConfiguration.pendingOrder',
  /** The order came through the cart (signed-out purchase flow). */
  fromCart: 'nimbus.savedConfiguration.fromCart',
  /** The credit the waiting order still needs ("12.50"): the top-up's preset amount. */
  amount: 'nimbus.savedConfiguration.amount',
} as const;

export function hasSavedConfigurationOrder(): boolean {
  return sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.pendingOrder) === '1';
}

/** The amount the waiting order needs, when one is waiting and the amount reads as money. */
export function savedConfigurationAmount(): string | null {
  const amount = sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.amount);
  return hasSavedConfigurationOrder() && amount && /^\d{1,7}(\.\d{1,2})?$/.test(amount) ? amount : null;
}

export function clearSavedConfigurationFlags() {
  for (const key of Object.values(SAVED_CONFIGURATION_KEYS)) sessionStorage.removeItem(key);
}

/**
 * Leaving the payments page forgets the flags (platform.md §2), so a later visit to payments is a plain
 * top-up and not the end of an old order.
 */
export function useClearSavedConfigurationOnLeave() {
  useEffect(() => clearSavedConfigurationFlags, []);
}

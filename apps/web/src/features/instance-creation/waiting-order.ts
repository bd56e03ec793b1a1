import { fromMicros, type InsufficientBalance, PAYMENT_MIN, toMicros } from '@nimbus/contract';
import { SAVED_CONFIGURATION_KEYS } from '../payments/saved-configuration';

/**
 * The credit a refused order still needs (460 answer): the shortfall, never below what a payment may
 * be. Both figures are whole cents, the balance rounded down, so paying it is always enough.
 */
export function creditNeeded(balance: InsufficientBalance): string {
  const missing = toMicros(balance.minimumRequiredBalance) - toMicros(balance.customerBalance);
  return fromMicros(Math.max(PAYMENT_MIN, missing));
}

/**
 * Tells the payments page an order is waiting for credit, how much it needs (its preset amount) and,
 * from the cart, that the order is deployed right after the payment. The draft itself is already in
 * local storage.
 */
export function rememberWaitingOrder(balance: InsufficientBalance | null, fromCart: boolean) {
  sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.pendingOrder, '1');
  if (balance) sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.amount, creditNeeded(balance));
  if (fromCart) sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.fromCart, '1');
}

import type { InsufficientBalance } from '@nimbus/contract';
import { SAVED_CONFIGURATION_KEYS, saveRefusalFigures } from '../payments/saved-configuration';

/**
 * Tells the payments page an order is waiting for credit, the server's figures of the refusal (the
 * summary shows what is missing, the top-up is preset to cover it) and, from the cart, that the order
 * is deployed right after the payment. The draft itself is already in local storage.
 */
export function rememberWaitingOrder(balance: InsufficientBalance | null, fromCart: boolean) {
  sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.pendingOrder, '1');
  if (balance) saveRefusalFigures(balance);
  if (fromCart) sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.fromCart, '1');
}

/**
 * Where the order summary of a VPS configuration goes when the customer arrives from it to pay
 * (platform.md §2, "order summary when arriving from VPS configuration"). The configuration and its
 * summary come with the instance release; until then there is nothing to summarise and the slot is
 * empty. See `saved-configuration.ts` for the flags that tell an order is waiting.
 */
export function OrderSummarySlot() {
  return null;
}

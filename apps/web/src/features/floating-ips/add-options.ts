import { floatingIpSlotsLeft } from '@nimbus/contract';

/** What the add-new section offers (platform.md §6 "Floating IP add"). */
export interface AddLimits {
  maxActive: number;
  active: number;
  maxPerMonth: number;
  createdThisMonth: number;
}

/**
 * Quantities 1 up to the maximum of active addresses, each disabled when more than the slots left (the
 * active limit's and the monthly limit's, whichever is smaller).
 */
export function quantityOptions(limits: AddLimits): { value: number; disabled: boolean }[] {
  const left = floatingIpSlotsLeft(limits);
  return Array.from({ length: limits.maxActive }, (_, i) => ({ value: i + 1, disabled: i + 1 > left }));
}

/** Which limit stops the customer now, if one does: the section says so instead of offering a choice. */
export function limitReached(limits: AddLimits): 'active' | 'month' | null {
  if (limits.active >= limits.maxActive) return 'active';
  if (limits.createdThisMonth >= limits.maxPerMonth) return 'month';
  return null;
}

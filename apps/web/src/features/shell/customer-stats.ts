import type { customerStatsRequestSchema } from '@nimbus/contract';
import { useEffect } from 'react';
import type { z } from 'zod';
import { api } from '../../api/client';
import { useUserInfoQuery } from '../auth/queries';

type CustomerStats = z.input<typeof customerStatsRequestSchema>;

/** What was last recorded, by whom: the same ids are not sent again for the same account. */
export const CUSTOMER_STATS_KEY = 'nimbus.customerStats';

/**
 * The Google Analytics client id of this browser, from the `_ga` cookie the provider's site sets
 * ("GA1.1.1827526090.1689745728": the client id is the last two numbers), or null.
 */
export function googleAnalyticsClientId(cookie: string): string | null {
  const value = cookie
    .split(/;\s*/)
    .find((c) => c.startsWith('_ga='))
    ?.slice(4);
  if (!value) return null;
  const match = /^GA\d+\.\d+\.(\d+\.\d+)$/.exec(decodeURIComponent(value));
  return match?.[1] ?? null;
}

let inFlight: string | null = null;

/**
 * POST /customer-stats (platform.md §7) once per account and client id: ties the account to the visit
 * that brought it, for the provider's marketing reports. Nothing waits for it and a failure is dropped
 * (the next page load tries again). `hash` is the id a device-fingerprint script gives; the panel loads
 * none, so it is not sent (docs/decisions.md).
 */
export async function recordCustomerStats(customerId: number, cookie = document.cookie): Promise<void> {
  const googleId = googleAnalyticsClientId(cookie);
  if (!googleId) return;
  const stats: CustomerStats = { googleId };
  const mark = JSON.stringify({ customerId, ...stats });
  if (localStorage.getItem(CUSTOMER_STATS_KEY) === mark || inFlight === mark) return;
  inFlight = mark;
  try {
    await api('/customer-stats', { method: 'POST', body: stats });
    localStorage.setItem(CUSTOMER_STATS_KEY, mark);
  } catch {
    // Analytics never stand in the customer's way.
  } finally {
    inFlight = null;
  }
}

/** Records the browser's analytics ids once the signed-in customer is known. */
export function useCustomerStats() {
  const { data: user } = useUserInfoQuery();
  const customerId = user?.id;
  useEffect(() => {
    if (customerId !== undefined) void recordCustomerStats(customerId);
  }, [customerId]);
}

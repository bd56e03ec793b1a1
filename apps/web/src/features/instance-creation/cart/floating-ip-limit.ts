import { type AppConfig, floatingIpSlotsLeft, orderFloatingIpMax } from '@nimbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { floatingIpsQuery } from '../../floating-ips/queries';
import type { CreationValues } from '../form-model';

/** Floating IPs the cart left out of an order because the account's limits did not leave room. */
export interface DroppedFloatingIps {
  /** Asked for, in all (per instance × instances). */
  count: number;
  /** Slots the account had left. */
  left: number;
}

/**
 * The cart was configured signed out, when only the catalogue's limits were known. Once signed in, an
 * order asking for more floating IPs than the account has room for goes on without them, and without their
 * cost (platform.md §8 "exceeding the floating IP limit shows a warning and removes its cost from the
 * total"). When the account's counts cannot be read, the order goes as it is and the server decides.
 */
export async function fitFloatingIps(
  queryClient: QueryClient,
  values: CreationValues,
  config: AppConfig | undefined,
): Promise<{ values: CreationValues; dropped: DroppedFloatingIps | null }> {
  if (values.floatingIPCount === 0 || !config) return { values, dropped: null };
  const owned = await queryClient.fetchQuery(floatingIpsQuery).catch(() => null);
  if (!owned) return { values, dropped: null };
  const left = floatingIpSlotsLeft({
    maxActive: config.maxActiveFloatingIp,
    active: owned.activeCount,
    maxPerMonth: config.maxFloatingIpPerUserPerMonth,
    createdThisMonth: owned.createdThisMonth,
  });
  if (values.floatingIPCount <= orderFloatingIpMax(left, values.quantity)) return { values, dropped: null };
  return {
    values: { ...values, floatingIPCount: 0 },
    dropped: { count: values.floatingIPCount * Math.max(1, values.quantity), left },
  };
}

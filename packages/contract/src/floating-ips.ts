import { z } from 'zod';
import { floatingIpTypes } from './floating-ips-rules';
import { idSchema } from './ids';
import { moneyStringSchema } from './money';

/** Floating IPs (platform.md §3, §9); constants and rules are in floating-ips-rules.ts. */

export const floatingIpSchema = z.object({
  id: idSchema,
  address: z.string(),
  netmask: z.string(),
  gateway: z.string(),
  type: z.enum(floatingIpTypes),
  regionId: idSchema,
  regionName: z.string(),
  createdAt: z.string(),
  /** The end of the paid month: renewed from credit then while `autoRenew` is on, released otherwise. */
  expiresAt: z.string(),
  autoRenew: z.boolean(),
  pricePerMonth: moneyStringSchema,
  /** The instance the address is attached to (one at most). */
  instance: z.object({ id: idSchema, hostname: z.string() }).nullable(),
});
export type FloatingIp = z.infer<typeof floatingIpSchema>;

export const floatingIpListQuerySchema = z.object({
  /** Only addresses expiring after this instant (the panel sends the first day of the month, UTC). */
  expiresAfter: z.iso.datetime({ offset: true }).optional(),
});

/** `data.data` with items and totalCount (platform.md §9), plus what the add-new section's limits need. */
export const floatingIpListSchema = z.object({
  data: z.object({ items: z.array(floatingIpSchema), totalCount: z.number().int().nonnegative() }),
  /** Active addresses (all of them, whatever `expiresAfter` filtered). */
  activeCount: z.number().int().nonnegative(),
  /** Created in the current calendar month, UTC, released ones included. */
  createdThisMonth: z.number().int().nonnegative(),
});
export type FloatingIpList = z.infer<typeof floatingIpListSchema>;

export const createFloatingIpRequestSchema = z.object({
  regionId: idSchema,
  count: z.number().int().min(1).max(100),
});
export type CreateFloatingIpRequest = z.infer<typeof createFloatingIpRequestSchema>;
export const createdFloatingIpsSchema = z.object({ items: z.array(floatingIpSchema) });

export const updateFloatingIpRequestSchema = z.object({ autoRenew: z.boolean() });
export const attachFloatingIpRequestSchema = z.object({ instanceId: idSchema });

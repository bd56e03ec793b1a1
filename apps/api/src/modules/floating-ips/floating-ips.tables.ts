import type { FloatingIpType } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * A floating IP the customer bought: an address the driver holds for them (`driverKey`), billed monthly
 * by its billable item, whose `cycleEnd` is the address's expiry and whose `autoRenew` is the switch.
 * A released row stays (the monthly limit counts it); its address may then go to someone else.
 */
export const floatingIps = pgTable(
  'floating_ips',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The driver's allocation key: allocating again under it returns the same address. */
    driverKey: text().notNull(),
    address: text().notNull(),
    netmask: text().notNull(),
    gateway: text().notNull(),
    type: text().$type<FloatingIpType>().notNull().default('ipv4'),
    regionId: integer().notNull(),
    billableItemId: integer().notNull(),
    /** The instance the address is attached to, at most one. */
    instanceId: integer(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    releasedAt: at(),
    /** The expiry the 48-hour renewal reminder was mailed for (one per paid month). */
    remindedFor: at(),
    /** The expiry the 24-hour "will not renew" warning was mailed for. */
    warnedFor: at(),
  },
  (t) => [
    uniqueIndex('floating_ips_driver_key_unique').on(t.driverKey),
    uniqueIndex('floating_ips_active_address_unique').on(t.address).where(sql`released_at IS NULL`),
    index('floating_ips_customer_idx').on(t.customerId, t.createdAt),
    index('floating_ips_instance_idx').on(t.instanceId).where(sql`instance_id IS NOT NULL`),
  ],
);

import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../../auth/auth.tables';
import { billableItems } from '../../billing/billing.tables';
import { instances } from '../instances.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * Transfer bought for one 30-day cycle of an instance (add-bandwidth): paid once through its billable
 * item (a one-month item that does not renew), counted in the allowance of the cycle it was bought in.
 */
export const bandwidthPackages = pgTable(
  'bandwidth_packages',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    instanceId: integer()
      .notNull()
      .references(() => instances.id, { onDelete: 'restrict' }),
    amountTb: integer().notNull(),
    cycleStart: at().notNull(),
    billableItemId: integer()
      .notNull()
      .references(() => billableItems.id, { onDelete: 'restrict' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('bandwidth_packages_instance_cycle_idx').on(t.instanceId, t.cycleStart)],
);

/**
 * A closed 30-day transfer cycle: what the driver counted, the allowance, and the overage charged (0 when
 * within it). One row per instance and cycle, written with the charge in one transaction, so a cycle is
 * never charged twice; the last cycle of a deleted instance is closed when it is torn down.
 */
export const bandwidthCycles = pgTable(
  'bandwidth_cycles',
  {
    id: serial().primaryKey(),
    customerId: integer().notNull(),
    instanceId: integer()
      .notNull()
      .references(() => instances.id, { onDelete: 'restrict' }),
    cycleStart: at().notNull(),
    cycleEnd: at().notNull(),
    usedBytes: bigint({ mode: 'number' }).notNull(),
    allowedGib: integer().notNull(),
    overage: bigint({ mode: 'number' }).notNull(),
    closedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bandwidth_cycles_instance_cycle_unique').on(t.instanceId, t.cycleStart)],
);

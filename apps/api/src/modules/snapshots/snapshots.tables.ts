import type { SnapshotMetadata, SnapshotStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';
import { instances } from '../instances/instances.tables';

const at = () => timestamp({ withTimezone: true });

/** What the driver is doing for a snapshot: taking it, taking it again, or writing it back. */
export type SnapshotOperationKind = 'take' | 'retake' | 'restore';

/**
 * Snapshots of instances (instances.md §3). Kept after their instance is deleted (and billed until the
 * customer deletes them); a deleted snapshot keeps its row for invoices and logs.
 */
export const snapshots = pgTable(
  'snapshots',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    instanceId: integer()
      .notNull()
      .references(() => instances.id, { onDelete: 'restrict' }),
    regionId: integer().notNull(),
    /** Null for an instance on a custom plan. */
    productId: integer(),
    name: text().notNull(),
    status: text().$type<SnapshotStatus>().notNull(),
    /** MB, as the driver reported it; null until first taken. */
    sizeMb: integer(),
    /** The driver's image holding the snapshot (a retake writes a new one, then drops the old). */
    imageRef: text(),
    /** The image an operation in progress writes or reads. */
    operationImageRef: text(),
    /**
     * The operation in progress: its kind is set before the driver is called, its handle once the driver
     * answered, so a crash in between is finished by asking the driver again (it answers the same handle).
     */
    operationKind: text().$type<SnapshotOperationKind>(),
    operationId: text(),
    /** What keeping it costs, once it exists (an hourly billable item). */
    billableItemId: integer(),
    metadata: jsonb().$type<SnapshotMetadata>().notNull(),
    createdAt: at().notNull().defaultNow(),
    lastRestoredAt: at(),
    updatedAt: at().notNull().defaultNow(),
    deletedAt: at(),
  },
  (t) => [
    index('snapshots_customer_idx').on(t.customerId, t.createdAt.desc()).where(sql`deleted_at IS NULL`),
    index('snapshots_instance_idx').on(t.instanceId).where(sql`deleted_at IS NULL`),
    index('snapshots_operation_idx').on(t.updatedAt).where(sql`operation_kind IS NOT NULL`),
  ],
);

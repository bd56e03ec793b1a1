import type { IsoFailure, IsoStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';
import { regions } from '../catalogue/catalogue.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * A customer's custom ISO (instances.md §3 "Custom ISO page"): imported from an https address by the
 * download job into the driver's image store, READY for 48 hours, then removed. At most one live row per
 * customer (the partial unique index makes concurrent imports safe). `leaseUntil` is held by the worker
 * downloading it and renewed as bytes arrive; a download whose lease ran out (its worker died) is picked
 * up again and resumes from the bytes the store already holds.
 */
export const isos = pgTable(
  'isos',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    url: text().notNull(),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    useVirtio: boolean().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    downloadedBytes: bigint({ mode: 'number' }).notNull().default(0),
    status: text().$type<IsoStatus>().notNull().default('DOWNLOADING'),
    isInvalidIso: boolean().notNull().default(false),
    failure: text().$type<IsoFailure>(),
    /** Download attempts that ended without progress, in a row; the import fails after a few. */
    stalledAttempts: integer().notNull().default(0),
    leaseUntil: at(),
    readyAt: at(),
    expiresAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    deletedAt: at(),
  },
  (t) => [
    uniqueIndex('isos_one_per_customer').on(t.customerId).where(sql`deleted_at IS NULL`),
    index('isos_downloading_idx').on(t.leaseUntil).where(sql`status = 'DOWNLOADING' AND deleted_at IS NULL`),
    index('isos_expiry_idx').on(t.expiresAt).where(sql`status = 'READY' AND deleted_at IS NULL`),
  ],
);

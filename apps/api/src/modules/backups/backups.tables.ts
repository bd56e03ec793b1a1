import type { BackupFileStatus, BackupFrequency, BackupProfileStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';
import { instances } from '../instances/instances.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * An instance's automated backups (instances.md §3 "Backup settings"): one row per instance, kept when
 * disabled (the files are deleted after 72 hours). `nextDueAt` is when the scheduler takes the next one;
 * the scheduler finds due profiles with one query on its partial index.
 */
export const backupProfiles = pgTable(
  'backup_profiles',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    instanceId: integer()
      .notNull()
      .references(() => instances.id, { onDelete: 'restrict' }),
    status: text().$type<BackupProfileStatus>().notNull(),
    scheduleFrequency: text().$type<BackupFrequency>().notNull(),
    scheduleWeekDays: jsonb().$type<number[] | null>(),
    periodId: integer().notNull(),
    nextDueAt: at(),
    lastSuccessfulBackupAt: at(),
    billableItemId: integer(),
    disabledAt: at(),
    purgeAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('backup_profiles_instance_unique').on(t.instanceId),
    index('backup_profiles_due_idx').on(t.nextDueAt).where(sql`status = 'active'`),
    index('backup_profiles_purge_idx').on(t.purgeAt).where(sql`status = 'disabled' AND purge_at IS NOT NULL`),
    index('backup_profiles_customer_idx').on(t.customerId),
  ],
);

/**
 * One backup taken by the scheduler. `imageRef` names it at the driver and is derived from the profile
 * and the due time it was taken for, so a retried run can never take the same backup twice.
 */
export const backupFiles = pgTable(
  'backup_files',
  {
    id: serial().primaryKey(),
    customerId: integer().notNull(),
    instanceId: integer()
      .notNull()
      .references(() => instances.id, { onDelete: 'restrict' }),
    profileId: integer()
      .notNull()
      .references(() => backupProfiles.id, { onDelete: 'restrict' }),
    imageRef: text().notNull(),
    status: text().$type<BackupFileStatus>().notNull(),
    sizeMb: integer().notNull().default(0),
    failure: text(),
    /** The driver's operation while the backup is taken or restored (status taking or restoring). */
    operationId: text(),
    createdAt: at().notNull().defaultNow(),
    deletedAt: at(),
  },
  (t) => [
    index('backup_files_operation_idx').on(t.status).where(sql`status IN ('taking', 'restoring')`),
    uniqueIndex('backup_files_image_ref_unique').on(t.imageRef),
    index('backup_files_instance_idx').on(t.instanceId, t.createdAt),
  ],
);

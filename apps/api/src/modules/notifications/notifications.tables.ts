import type { NotificationKind } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

export type NotificationData = Record<string, string | number | null>;

/**
 * What needs the customer's attention (platform.md §2 "Notifications"), written by the code that records
 * the fact, in its transaction. One row per customer, kind, subject and occurrence (a reply's id, a
 * snapshot take, a billing hour): a job that runs again after a crash finds its notification already
 * there and adds none.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    /** What it is about, by kind: a ticket id, a snapshot id, a payment id; '' for the account. */
    subject: text().notNull().default(''),
    /** Which time it happened, for a subject that can notify again (another reply, another take). */
    occurrence: text().notNull().default(''),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.customerId, t.kind, t.subject, t.occurrence),
    index('notifications_customer_idx').on(t.customerId, t.id),
    index('notifications_unread_idx').on(t.customerId).where(sql`read_at IS NULL`),
  ],
);

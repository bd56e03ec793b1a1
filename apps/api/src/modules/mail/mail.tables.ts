import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * Every mail is written here in the transaction that caused it, then delivered by a job.
 * Without SMTP the outbox is the mailbox (`/dev/mailbox`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    toAddress: text().notNull(),
    template: text().notNull(),
    locale: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_to_idx').on(t.toAddress),
  ],
);

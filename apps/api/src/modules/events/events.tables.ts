import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

/**
 * Tickets that open a customer's stream: the event stream (`scope` "events") or an instance's console
 * ("console:<instance id>"). An `EventSource` or a WebSocket cannot send headers, so the stream is opened
 * with `?ticket=`: a random token good for one use within a minute, for its scope only, kept only as its
 * SHA-256 in the database (every API process can redeem it), so a ticket seen in a log is already spent.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The session the ticket was asked under; the stream opens only while it is live. Null for API tokens. */
    sessionId: uuid(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    scope: text().notNull().default('events'),
  },
  (t) => [index().on(t.expiresAt)],
);

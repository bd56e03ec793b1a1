import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * One row per `Idempotency-Key` a customer sent to an idempotent operation, kept 24 hours. Whether a
 * request under the key is running is not stored here: it is a session advisory lock, which PostgreSQL
 * drops with the process that held it. The row says what the key was first used for and, once known,
 * the answer to replay.
 */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    /** Passed to the operation as its scope: orders are named after it, so a re-run finds its own work. */
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** SHA-256 of the query string and the canonical JSON of the body. */
    requestHash: text().notNull(),
    /**
     * Written by the operation inside its own business transaction, so it commits with the effect: a run
     * that died after that commit leaves this set, and the re-run answers from `effect` instead of acting.
     */
    committedAt: at(),
    effect: jsonb().$type<Record<string, unknown>>(),
    /** The first answer, recorded before it is sent; null while none is known. */
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: at().notNull().defaultNow(),
    completedAt: at(),
  },
  (t) => [
    uniqueIndex('idempotency_requests_customer_key_unique').on(t.customerId, t.key),
    index('idempotency_requests_created_idx').on(t.createdAt),
  ],
);

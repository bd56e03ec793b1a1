import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Counters behind the rate limits, shared by every API process. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Secrets generated on first start (signing keys) so every process of one install shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

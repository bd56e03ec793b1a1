import type { AccountStatus } from '@nimbus/contract';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    fullname: text().notNull(),
    phone: text(),
    region: text(),
    city: text(),
    country: text(),
    language: text().notNull().default('en'),
    status: text().$type<AccountStatus>().notNull().default('active'),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** New address waiting for confirmation; `email` stays in force until then. */
    pendingEmail: text(),
    signupMetadata: text(),
    /** Marketing-analytics ids the panel reports (sign-in metadata and POST /customer-stats). */
    analyticsIds: jsonb().$type<Record<string, string>>().notNull().default({}),
    passwordChangedAt: timestamp({ withTimezone: true }),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_unique').on(t.email)],
);

export type EmailTokenPurpose = 'verify_main' | 'verify_secondary' | 'reset_password';

/** One-time links and codes sent by mail. Only hashes are stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text().$type<EmailTokenPurpose>().notNull(),
    email: text().notNull(),
    tokenHash: text().notNull(),
    codeHash: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_unique').on(t.tokenHash),
    index('email_tokens_customer_purpose_idx').on(t.customerId, t.purpose),
  ],
);

/** A sign-in session: the family of refresh tokens issued from one sign-in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when this token was exchanged; presenting it again means it leaked. */
    rotatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** One API token per account (primary key on the customer). */
export const apiTokens = pgTable(
  'api_tokens',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    prefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash)],
);

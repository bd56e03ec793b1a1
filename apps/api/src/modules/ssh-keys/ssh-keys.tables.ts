import type { SshKeyType } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

/** The customer's SSH public keys; instances copy the ones chosen at creation. */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The key line as `normalizePublicKey` writes it: type, blob and comment. */
    publicKey: text().notNull(),
    keyType: text().$type<SshKeyType>().notNull(),
    bits: integer().notNull(),
    /** "SHA256:…" over the decoded blob, as `ssh-keygen -l` prints it. */
    fingerprint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // These two indexes are what make creation race-safe; the service maps their names to 409 answers.
  (t) => [
    uniqueIndex('ssh_keys_customer_name_unique').on(t.customerId, sql`lower(${t.name})`),
    uniqueIndex('ssh_keys_customer_fingerprint_unique').on(t.customerId, t.fingerprint),
  ],
);

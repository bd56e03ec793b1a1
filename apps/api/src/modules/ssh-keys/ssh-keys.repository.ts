import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../auth/customers';
import { sshKeys } from './ssh-keys.tables';

/** Reads and writes of SSH keys, always scoped to one customer. */

export type SshKeyRow = typeof sshKeys.$inferSelect;
export type NewSshKey = Omit<typeof sshKeys.$inferInsert, 'id' | 'createdAt'>;

/** Which of the two unique indexes an insert ran into. */
export type SshKeyConflict = 'name' | 'fingerprint';

const conflictOfIndex: Record<string, SshKeyConflict> = {
  ssh_keys_customer_name_unique: 'name',
  ssh_keys_customer_fingerprint_unique: 'fingerprint',
};

export async function listSshKeys(db: DbOrTx, customerId: number): Promise<SshKeyRow[]> {
  return db
    .select()
    .from(sshKeys)
    .where(eq(sshKeys.customerId, customerId))
    .orderBy(desc(sshKeys.createdAt), desc(sshKeys.id));
}

/** Inserts the key, or names the unique index it collided with (another request may have won a race). */
export async function insertSshKey(
  db: DbOrTx,
  key: NewSshKey,
): Promise<{ row: SshKeyRow } | { conflict: SshKeyConflict }> {
  try {
    const [row] = await db.insert(sshKeys).values(key).returning();
    return { row: row! };
  } catch (error) {
    const conflict = isUniqueViolation(error) ? conflictOfIndex[constraintOf(error)] : undefined;
    if (conflict) return { conflict };
    throw error;
  }
}

export async function findSshKeyByFingerprint(db: DbOrTx, customerId: number, fingerprint: string) {
  const [row] = await db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.customerId, customerId), eq(sshKeys.fingerprint, fingerprint)));
  return row ?? null;
}

/** Deletes one of the customer's keys; false when the customer has no key with this id. */
export async function deleteSshKey(db: DbOrTx, customerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(sshKeys)
    .where(and(eq(sshKeys.id, id), eq(sshKeys.customerId, customerId)))
    .returning({ id: sshKeys.id });
  return deleted.length > 0;
}

/** node-postgres puts the index name on the error; drizzle wraps it as the cause. */
function constraintOf(error: unknown): string {
  const pgError = (error ?? {}) as { constraint?: string; cause?: { constraint?: string } };
  return pgError.constraint ?? pgError.cause?.constraint ?? '';
}

/** The public keys of those of `ids` that are the customer's (another customer's key is simply absent). */
export async function publicKeysOf(db: DbOrTx, customerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sshKeys.id, publicKey: sshKeys.publicKey })
    .from(sshKeys)
    .where(and(eq(sshKeys.customerId, customerId), inArray(sshKeys.id, ids)));
}

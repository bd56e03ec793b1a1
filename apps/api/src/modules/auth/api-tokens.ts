import { API_TOKEN_PREFIX } from '@nimbus/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sha256 } from './auth.crypto';
import { apiTokens } from './auth.tables';

/** The api_tokens rows: one API token per account, stored as its hash and a recognisable prefix. */

export async function findApiToken(db: DbOrTx, customerId: number) {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.customerId, customerId));
  return row ?? null;
}

/** Stores a new token; null when the account already has one (the primary key is the customer). */
export async function insertApiToken(
  tx: DbOrTx,
  token: { customerId: number; tokenHash: string; prefix: string },
): Promise<{ createdAt: Date } | null> {
  const [row] = await tx
    .insert(apiTokens)
    .values(token)
    .onConflictDoNothing()
    .returning({ createdAt: apiTokens.createdAt });
  return row ?? null;
}

/** Deletes the account's token; the prefix of the one deleted, or null when there was none. */
export async function deleteApiToken(tx: DbOrTx, customerId: number): Promise<{ prefix: string } | null> {
  const [row] = await tx
    .delete(apiTokens)
    .where(eq(apiTokens.customerId, customerId))
    .returning({ prefix: apiTokens.prefix });
  return row ?? null;
}

/** The customer an API token belongs to, or null. Notes the use at most once a minute. */
export async function customerIdOfApiToken(db: DbOrTx, token: string): Promise<number | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ customerId: apiTokens.customerId })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, tokenHash));
  if (!row) return null;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
  return row.customerId;
}

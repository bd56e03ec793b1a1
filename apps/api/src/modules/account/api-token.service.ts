import { API_TOKEN_PREFIX, type ApiTokenInfo, accountErrorCodes } from '@nimbus/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { randomToken, sha256 } from '../auth/auth.crypto';
import { apiTokens } from '../auth/auth.tables';

/** Enough of the token to recognise it in a list, far too little to guess the rest. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** One API token per account; only its hash and prefix are stored, the token is shown once. */
export function createApiTokenService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async info(customerId: number): Promise<ApiTokenInfo> {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.customerId, customerId));
      return {
        exists: Boolean(row),
        prefix: row?.prefix ?? null,
        createdAt: row?.createdAt.toISOString() ?? null,
        lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
      };
    },

    async create(customerId: number, ip: string | null) {
      const token = `${API_TOKEN_PREFIX}${randomToken()}`;
      const prefix = token.slice(0, PREFIX_LENGTH);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiTokens)
          .values({ customerId, tokenHash: sha256(token), prefix })
          .onConflictDoNothing()
          .returning({ createdAt: apiTokens.createdAt });
        if (!row) return null;
        await logActivity(tx, { customerId, event: 'api_token_created', data: { prefix }, ip });
        return row;
      });
      if (!created) {
        throw conflict(
          accountErrorCodes.apiTokenExists,
          'This account already has an API token. Revoke it to create a new one.',
        );
      }
      return { token, prefix, createdAt: created.createdAt.toISOString() };
    },

    async revoke(customerId: number, ip: string | null) {
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(apiTokens)
          .where(eq(apiTokens.customerId, customerId))
          .returning({ prefix: apiTokens.prefix });
        if (row)
          await logActivity(tx, { customerId, event: 'api_token_revoked', data: { prefix: row.prefix }, ip });
        return row;
      });
      if (!revoked) throw new AppError(404, accountErrorCodes.noApiToken, 'This account has no API token.');
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

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

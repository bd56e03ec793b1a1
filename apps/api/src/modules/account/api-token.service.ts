import { API_TOKEN_PREFIX, type ApiTokenInfo, accountErrorCodes } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { deleteApiToken, findApiToken, insertApiToken } from '../auth/api-tokens';
import { randomToken, sha256 } from '../auth/auth.crypto';

/** Enough of the token to recognise it in a list, far too little to guess the rest. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** One API token per account; only its hash and prefix are stored, the token is shown once. */
export function createApiTokenService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async info(customerId: number): Promise<ApiTokenInfo> {
      const row = await findApiToken(db, customerId);
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
        const row = await insertApiToken(tx, { customerId, tokenHash: sha256(token), prefix });
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
        const row = await deleteApiToken(tx, customerId);
        if (row)
          await logActivity(tx, { customerId, event: 'api_token_revoked', data: { prefix: row.prefix }, ip });
        return row;
      });
      if (!revoked) throw new AppError(404, accountErrorCodes.noApiToken, 'This account has no API token.');
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

import { createHmac } from 'node:crypto';
import { type AuthTokens, authErrorCodes, errorCodes } from '@nimbus/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';
import { getOrCreateSecret } from '../../lib/secrets';
import { randomToken, sha256 } from './auth.crypto';
import { customers, refreshTokens, sessions } from './auth.tables';

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

export type RevokeReason = 'logout' | 'reuse' | 'password_changed' | 'password_reset' | 'suspended_by_admin';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions, the access tokens (JWT HS256, short-lived) and the refresh tokens (opaque, rotated on every
 * use) issued from them. A session is the family of refresh tokens of one sign-in; revoking it ends
 * its access tokens too because the guard checks the session on every request.
 */
export function createSessionService(deps: {
  db: Database;
  config: Pick<
    Config,
    'JWT_SECRET' | 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS' | 'REFRESH_REUSE_GRACE_SECONDS'
  >;
}) {
  const { db, config } = deps;
  let key: Promise<Uint8Array> | null = null;
  const signingKey = () => {
    if (!key) {
      key = (async () =>
        new TextEncoder().encode(config.JWT_SECRET ?? (await getOrCreateSecret(db, 'jwt'))))();
      // A database hiccup on first use must not poison every later request.
      key.catch(() => {
        key = null;
      });
    }
    return key;
  };

  /** Same claims and issue time give the same token (HS256 is deterministic). */
  async function signAccessToken(customerId: number, sessionId: string, issuedAt = new Date()) {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customerId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + config.ACCESS_TOKEN_TTL_SECONDS)
      .sign(await signingKey());
  }

  /**
   * The token that replaces `token` on rotation. Derived, not random, so every presentation of `token`
   * inside the grace window is answered with the same successor without storing it; only whoever
   * holds the server key can compute it.
   */
  async function successorOf(token: string) {
    return createHmac('sha256', await signingKey())
      .update(`refresh-successor:${token}`)
      .digest('base64url');
  }

  async function issueRefreshToken(tx: DbOrTx, sessionId: string, token = randomToken()) {
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    return token;
  }

  async function revokeSession(tx: DbOrTx, sessionId: string, reason: RevokeReason) {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  return {
    /**
     * Loads the signing key. Called while the app starts: loading it lazily inside the first sign-in
     * transactions could leave every pool connection waiting for the one query that loads it.
     */
    async ready(): Promise<void> {
      await signingKey();
    },

    /** Starts a session for a sign-in or sign-up. */
    async start(tx: DbOrTx, customerId: number, client: ClientInfo): Promise<AuthTokens> {
      const [session] = await tx
        .insert(sessions)
        .values({ customerId, ip: client.ip ?? null, userAgent: client.userAgent?.slice(0, 500) ?? null })
        .returning({ id: sessions.id });
      const refreshToken = await issueRefreshToken(tx, session!.id);
      return { accessToken: await signAccessToken(customerId, session!.id), refreshToken };
    },

    /**
     * Exchanges a refresh token for the next pair. The row lock makes concurrent exchanges of one token
     * take turns. A token presented again within the grace window is two tabs (or a retried request)
     * refreshing at once: it gets the very pair the first exchange got, so the family never forks.
     * Later, a rotated token is indistinguishable from a stolen copy, so the whole session ends.
     */
    async refresh(refreshToken: string): Promise<AuthTokens> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: refreshTokens.id,
            sessionId: refreshTokens.sessionId,
            expiresAt: refreshTokens.expiresAt,
            rotatedAt: refreshTokens.rotatedAt,
            revokedAt: sessions.revokedAt,
            customerId: sessions.customerId,
            status: customers.status,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .innerJoin(customers, eq(customers.id, sessions.customerId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
          .for('update', { of: refreshTokens });
        if (!row || row.revokedAt) return { kind: 'invalid' as const };
        const graceMs = config.REFRESH_REUSE_GRACE_SECONDS * 1000;
        if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() > graceMs) {
          await revokeSession(tx, row.sessionId, 'reuse');
          return { kind: 'reused' as const };
        }
        if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
        if (row.status === 'closed_by_admin') return { kind: 'closed' as const };
        const next = await successorOf(refreshToken);
        let rotatedAt = row.rotatedAt;
        if (!rotatedAt) {
          const [rotated] = await tx
            .update(refreshTokens)
            .set({ rotatedAt: sql`now()` })
            .where(eq(refreshTokens.id, row.id))
            .returning({ rotatedAt: refreshTokens.rotatedAt });
          rotatedAt = rotated!.rotatedAt!;
          await issueRefreshToken(tx, row.sessionId, next);
        } else {
          // Missing only if the signing key changed since the rotation: the successor handed out then
          // is not this one, so this token cannot be answered without forking the family.
          const [successor] = await tx
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(eq(refreshTokens.tokenHash, sha256(next)), eq(refreshTokens.sessionId, row.sessionId)),
            );
          if (!successor) return { kind: 'invalid' as const };
        }
        await tx.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
        // Issued "at the rotation" so every answer within the grace window is the same access token.
        const accessToken = await signAccessToken(row.customerId, row.sessionId, rotatedAt);
        return { kind: 'ok' as const, tokens: { accessToken, refreshToken: next } };
      });
      switch (outcome.kind) {
        case 'ok':
          return outcome.tokens;
        case 'reused':
          throw unauthorized(
            'This sign-in was ended because its refresh token was used twice. Please sign in again.',
            authErrorCodes.refreshTokenReused,
          );
        case 'closed':
          throw forbidden(authErrorCodes.accountClosed, 'This account is closed.');
        default:
          throw unauthorized(
            'Your sign-in has expired. Please sign in again.',
            authErrorCodes.refreshTokenInvalid,
          );
      }
    },

    /** The session a refresh token belongs to, rotated or not (sign-out accepts any of its tokens). */
    async sessionOfRefreshToken(refreshToken: string): Promise<string | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      return row?.sessionId ?? null;
    },

    revokeSession,

    /** Ends every session of the customer (password change or reset). */
    async revokeAll(tx: DbOrTx, customerId: number, reason: RevokeReason) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    },

    /** Checks an access token's signature and expiry; the caller still checks the session is live. */
    async verifyAccessToken(token: string): Promise<{ customerId: number; sessionId: string }> {
      try {
        const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ['HS256'] });
        const customerId = Number(payload.sub);
        if (!Number.isSafeInteger(customerId) || typeof payload.sid !== 'string') throw new Error('claims');
        return { customerId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          throw unauthorized('Your access token has expired.', errorCodes.tokenExpired);
        }
        throw unauthorized();
      }
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

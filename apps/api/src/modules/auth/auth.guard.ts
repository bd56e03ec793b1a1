import { ACCESS_TOKEN_HEADER, type AccountStatus, authErrorCodes } from '@nimbus/contract';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { unauthorized } from '../../lib/errors';
import { customerIdOfApiToken } from './api-tokens';
import { customers, sessions } from './auth.tables';
import { createSessionService } from './session.service';

/** Who a request acts for. `sessionId` is null for API-token requests. */
export interface AuthenticatedCustomer {
  id: number;
  email: string;
  fullname: string;
  status: AccountStatus;
  emailVerified: boolean;
  language: string;
  sessionId: string | null;
  via: 'access_token' | 'api_token';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCustomer`; null on public routes. */
    customer: AuthenticatedCustomer | null;
  }
  interface FastifyInstance {
    authenticateCustomer(request: FastifyRequest): Promise<AuthenticatedCustomer>;
    accessTokenClaims(request: FastifyRequest): Promise<AccessTokenClaims | null>;
  }
}

/** Who an access token says it is: signature and expiry checked, the session not yet. */
export interface AccessTokenClaims {
  customerId: number;
  sessionId: string;
}

/** Bounds the memory of checked tokens (about 200 bytes each); past it the memory starts over. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** OpenAPI security of routes behind `requireCustomer`. */
export const securedBy: Record<string, string[]>[] = [{ accessToken: [] }, { apiToken: [] }];

const customerColumns = {
  id: customers.id,
  email: customers.email,
  fullname: customers.fullname,
  status: customers.status,
  emailVerifiedAt: customers.emailVerifiedAt,
  language: customers.language,
};

/**
 * Installs the authenticator every area uses through `requireCustomer`: an access token in `x-token`
 * (its session must still be live) or `Authorization: Bearer <API token>`.
 */
export async function registerAuthGuard(app: FastifyInstance, deps: AppDeps) {
  const sessionsService = createSessionService(deps);
  /**
   * Access tokens whose signature was checked, until they expire: the same bytes carry the same claims, so
   * the HMAC (and WebCrypto's key import jose does on each call) is paid once per token, not per request.
   * Expiry is still checked on every use; the session itself is checked on every request as before.
   */
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  async function claimsOf(token: string): Promise<AccessTokenClaims> {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > Date.now()) return hit.claims;
    verified.delete(token);
    const claims = await sessionsService.verifyAccessToken(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, { claims, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 });
    return claims;
  }

  async function authenticate(request: FastifyRequest): Promise<AuthenticatedCustomer> {
    const accessToken = request.headers[ACCESS_TOKEN_HEADER];
    const authorization = request.headers.authorization;
    let row: Awaited<ReturnType<typeof loadById>> = null;
    let sessionId: string | null = null;
    if (typeof accessToken === 'string' && accessToken.length > 0) {
      const claims = await claimsOf(accessToken);
      const [found] = await deps.db
        .select(customerColumns)
        .from(sessions)
        .innerJoin(customers, eq(customers.id, sessions.customerId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.customerId, claims.customerId),
            isNull(sessions.revokedAt),
          ),
        );
      if (!found) throw unauthorized('Your sign-in has ended. Please sign in again.');
      row = found;
      sessionId = claims.sessionId;
    } else if (authorization?.toLowerCase().startsWith('bearer ')) {
      const customerId = await customerIdOfApiToken(deps.db, authorization.slice(7).trim());
      row = customerId === null ? null : await loadById(customerId);
      if (!row) throw unauthorized('The API token is not valid.');
    } else {
      throw unauthorized();
    }
    if (!row) throw unauthorized();
    assertSignedIn({ live: true, status: row.status });
    return {
      id: row.id,
      email: row.email,
      fullname: row.fullname,
      status: row.status,
      emailVerified: row.emailVerifiedAt !== null,
      language: row.language,
      sessionId,
      via: sessionId ? 'access_token' : 'api_token',
    };
  }

  async function loadById(id: number) {
    const [found] = await deps.db.select(customerColumns).from(customers).where(eq(customers.id, id));
    return found ?? null;
  }

  app.decorateRequest('customer', null);
  app.decorate('authenticateCustomer', authenticate);
  app.decorate('accessTokenClaims', async (request: FastifyRequest) => {
    const token = request.headers[ACCESS_TOKEN_HEADER];
    return typeof token === 'string' && token.length > 0 ? claimsOf(token) : null;
  });
}

/**
 * SQL, true while the access token's session is live (not ended). For a route that reads its customer's
 * rows in one statement anyway: it checks the session in that same statement, with `assertSignedIn` on
 * the result, instead of the guard's own query, so a revoked session stops at once all the same. The
 * claims may be placeholders, for a statement prepared once and run with each request's values.
 */
export const sessionLiveSql = (
  claims: {
    [K in keyof AccessTokenClaims]: AccessTokenClaims[K] | Placeholder;
  },
): SQL =>
  sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${claims.sessionId}
    AND ${sessions.customerId} = ${claims.customerId} AND ${sessions.revokedAt} IS NULL)`;

/**
 * For what holds on to a customer beyond one request (an event stream opened with a ticket): the same
 * refusals as the guard, for a customer and the session the ticket was issued under (null: an API token).
 */
export async function assertStillSignedIn(db: Database, customerId: number, sessionId: string | null) {
  const [row] = await db
    .select({
      status: customers.status,
      live: sessionId ? sessionLiveSql({ customerId, sessionId }) : sql<boolean>`true`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const account = row ? { status: row.status, live: Boolean(row.live) } : null;
  assertSignedIn(account);
  return account.status;
}

/** The guard's refusals: no customer or an ended session, and a closed account. */
export function assertSignedIn<T extends { live: boolean; status: AccountStatus }>(
  row: T | null,
): asserts row is T {
  if (!row?.live) throw unauthorized('Your sign-in has ended. Please sign in again.');
  if (row.status === 'closed_by_admin') {
    throw unauthorized('This account is closed.', authErrorCodes.accountClosed);
  }
}

/** preHandler of every customer endpoint: 401 TOKEN_EXPIRED / UNAUTHENTICATED unless signed in. */
export async function requireCustomer(request: FastifyRequest) {
  request.customer = await request.server.authenticateCustomer(request);
}

/** The signed-in customer of a route behind `requireCustomer`. */
export function customerOf(request: FastifyRequest): AuthenticatedCustomer {
  if (!request.customer) throw unauthorized();
  return request.customer;
}

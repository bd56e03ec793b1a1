import { ACCESS_TOKEN_HEADER, type AccountStatus, authErrorCodes } from '@nimbus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { unauthorized } from '../../lib/errors';
import { customerIdOfApiToken } from '../account/api-token.service';
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
  }
}

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

  async function authenticate(request: FastifyRequest): Promise<AuthenticatedCustomer> {
    const accessToken = request.headers[ACCESS_TOKEN_HEADER];
    const authorization = request.headers.authorization;
    let row: Awaited<ReturnType<typeof loadById>> = null;
    let sessionId: string | null = null;
    if (typeof accessToken === 'string' && accessToken.length > 0) {
      const claims = await sessionsService.verifyAccessToken(accessToken);
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
    if (row.status === 'closed_by_admin') {
      throw unauthorized('This account is closed.', authErrorCodes.accountClosed);
    }
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

import {
  authErrorCodes,
  authTokensSchema,
  CAPTCHA_HEADER,
  REFRESH_TOKEN_HEADER,
  signInRequestSchema,
  signUpRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { unauthorized } from '../../lib/errors';
import type { AuthService } from './auth.service';
import { authRateLimit } from './rate-limit';
import { clientOf, localeOf } from './request-context';
import type { SessionService } from './session.service';

const refreshHeaders = z.looseObject({
  [REFRESH_TOKEN_HEADER]: z.string().max(512).optional().describe('The refresh token'),
});

/** Sign-up, sign-in, token refresh and sign-out. */
export function authRoutes(deps: { config: Config; auth: AuthService; sessions: SessionService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.post(
      '/auth',
      {
        config: authRateLimit(deps.config),
        schema: {
          tags,
          summary: 'Sign up; the new customer is signed in at once and gets a verification mail',
          body: signUpRequestSchema,
          response: { 201: okSchema(authTokensSchema) },
        },
      },
      async (request, reply) => {
        const tokens = await deps.auth.signUp(request.body, {
          ...clientOf(request),
          language: localeOf(request),
        });
        return reply.status(201).send(ok(tokens));
      },
    );

    app.post(
      '/auth/customer-login',
      {
        config: authRateLimit(deps.config),
        schema: {
          tags,
          summary: 'Sign in with email and password (captcha token in x-captcha-token when enabled)',
          headers: z.looseObject({ [CAPTCHA_HEADER]: z.string().max(4096).optional() }),
          body: signInRequestSchema,
          response: { 200: okSchema(authTokensSchema) },
        },
      },
      async (request) => {
        const captchaToken = request.headers[CAPTCHA_HEADER];
        const tokens = await deps.auth.signIn(request.body, {
          ...clientOf(request),
          captchaToken: typeof captchaToken === 'string' ? captchaToken : undefined,
        });
        return ok(tokens);
      },
    );

    app.post(
      '/auth/refresh-token',
      {
        config: authRateLimit(deps.config),
        schema: {
          tags,
          summary: 'Exchange the refresh token (x-refresh-token) for a new token pair; each works once',
          headers: refreshHeaders,
          response: { 200: okSchema(authTokensSchema) },
        },
      },
      async (request) => {
        const token = request.headers[REFRESH_TOKEN_HEADER];
        if (!token) throw unauthorized('Sign in to continue.', authErrorCodes.refreshTokenInvalid);
        return ok(await deps.sessions.refresh(token));
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: ends the session of the refresh token (or of the access token)',
          headers: refreshHeaders,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        const token = request.headers[REFRESH_TOKEN_HEADER];
        if (token) {
          await deps.auth.signOutByRefreshToken(token);
        } else {
          const customer = await request.server.authenticateCustomer(request);
          if (customer.sessionId) await deps.auth.signOutSession(customer.sessionId);
        }
        return ok(null, 'You are signed out.');
      },
    );
  };
}

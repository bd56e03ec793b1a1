import {
  changePasswordRequestSchema,
  confirmResetPasswordRequestSchema,
  forgotPasswordRequestSchema,
  tokenQuerySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok, okEmpty } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from './auth.guard';
import type { PasswordService } from './password.service';
import { authRateLimit } from './rate-limit';

/** Forgotten password and change of password. */
export function passwordRoutes(deps: { config: Config; passwords: PasswordService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.post(
      '/auth/forgot-password',
      {
        config: authRateLimit(deps.config),
        schema: {
          tags,
          summary: 'Mail a password-reset link (same answer whether or not the account exists)',
          body: forgotPasswordRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.passwords.requestReset(request.body.email);
        return ok(
          null,
          'If an account exists for this address, we have sent it a link to reset the password.',
        );
      },
    );

    app.post(
      '/auth/confirm-reset-password',
      {
        config: authRateLimit(deps.config),
        schema: {
          tags,
          summary: 'Set a new password with the mailed reset token; every session is signed out',
          querystring: tokenQuerySchema,
          body: confirmResetPasswordRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.passwords.confirmReset(request.query.token, request.body.new_password, request.ip);
        return ok(null, 'Your password has been changed. Please sign in with the new password.');
      },
    );

    app.post(
      '/auth/change-password',
      {
        config: authRateLimit(deps.config),
        preHandler: requireCustomer,
        schema: {
          tags,
          summary: 'Change the password; every session is signed out and the customer signs in again',
          security: securedBy,
          body: changePasswordRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        const { old_password, new_password } = request.body;
        await deps.passwords.change(customerOf(request).id, old_password, new_password, request.ip);
        return ok(null, 'Your password has been changed. Please sign in again.');
      },
    );
  };
}

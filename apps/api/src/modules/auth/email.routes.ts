import { changeEmailRequestSchema, verifyEmailCodeRequestSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok, okEmpty } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from './auth.guard';
import type { EmailVerificationService } from './email-verification.service';
import { authRateLimit } from './rate-limit';

/** A browser follows these links from a mail, so a bad token redirects to the failure page, never 400s. */
const linkQuery = z.object({ token: z.string().max(512).optional() });

/** Verification of the sign-up address and change of address. */
export function emailRoutes(deps: { config: Config; emails: EmailVerificationService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];
    const limited = authRateLimit(deps.config);
    const signedIn = { preHandler: requireCustomer };

    app.get(
      '/auth/verify-main-email',
      {
        schema: {
          tags,
          summary:
            'Mailed link: verifies the address, then redirects to /verificationsuccess or /verificationfailure',
          querystring: linkQuery,
        },
      },
      async (request, reply) =>
        reply.redirect(await deps.emails.verifyMainLink(request.query.token, request.ip), 302),
    );

    app.post(
      '/auth/verify-email-code',
      {
        ...signedIn,
        config: limited,
        schema: {
          tags,
          summary: 'Verify the sign-up address with the 6-digit code from the mail',
          security: securedBy,
          body: verifyEmailCodeRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.emails.verifyMainCode(customerOf(request).id, request.body.code, request.ip);
        return ok(null, 'Your email address is verified.');
      },
    );

    app.post(
      '/auth/resend-email-verification-token',
      {
        ...signedIn,
        config: limited,
        schema: {
          tags,
          summary: 'Mail a new verification link and code; earlier ones stop working',
          security: securedBy,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        const email = await deps.emails.resendMainVerification(customerOf(request).id);
        return ok(null, `We have sent a new verification email to ${email}.`);
      },
    );

    app.put(
      '/auth/change-email',
      {
        ...signedIn,
        config: limited,
        schema: {
          tags,
          summary: 'Start a change of address; the current one stays until the new one is confirmed',
          security: securedBy,
          body: changeEmailRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.emails.requestEmailChange(customerOf(request).id, request.body.email);
        return ok(null, `We have sent a confirmation link and code to ${request.body.email}.`);
      },
    );

    app.get(
      '/auth/verify-secondary-email',
      {
        schema: {
          tags,
          summary: 'Mailed link: confirms the new address, then redirects to the verification result page',
          querystring: linkQuery,
        },
      },
      async (request, reply) =>
        reply.redirect(await deps.emails.verifySecondaryLink(request.query.token, request.ip), 302),
    );

    app.post(
      '/auth/verify-secondary-email-code',
      {
        ...signedIn,
        config: limited,
        schema: {
          tags,
          summary: 'Confirm the new address with the 6-digit code mailed to it',
          security: securedBy,
          body: verifyEmailCodeRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.emails.verifySecondaryCode(customerOf(request).id, request.body.code, request.ip);
        return ok(null, 'Your email address has been changed.');
      },
    );

    app.delete(
      '/auth/unverified-email',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Cancel the pending change of address',
          security: securedBy,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.emails.cancelEmailChange(customerOf(request).id);
        return ok(null, 'The change of email address was cancelled.');
      },
    );
  };
}

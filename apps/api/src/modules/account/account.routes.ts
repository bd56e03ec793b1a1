import {
  apiTokenInfoSchema,
  createdApiTokenSchema,
  customerStatsRequestSchema,
  type Locale,
  languageSchema,
  setLanguageRequestSchema,
  updateProfileRequestSchema,
  userInfoSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { ApiTokenService } from './api-token.service';
import type { ProfileService } from './profile.service';

/** The account's own data (under /auth, as the spec names the calls) and its API token. */
export function accountRoutes(deps: { profile: ProfileService; apiTokens: ApiTokenService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);
    const tags = ['account'];

    app.get(
      '/auth/user-info',
      {
        schema: {
          tags,
          summary: 'The signed-in customer: identity, email state, profile and account state',
          security: securedBy,
          response: { 200: okSchema(userInfoSchema) },
        },
      },
      async (request) => ok(await deps.profile.userInfo(customerOf(request).id)),
    );

    app.put(
      '/auth/update-profile',
      {
        schema: {
          tags,
          summary: 'Save full name, phone, region, city and country (400 NOTHING_CHANGED when equal)',
          security: securedBy,
          body: updateProfileRequestSchema,
          response: { 200: okSchema(userInfoSchema) },
        },
      },
      async (request) =>
        ok(
          await deps.profile.updateProfile(customerOf(request).id, request.body, request.ip),
          'Profile saved.',
        ),
    );

    app.post(
      '/customer-stats',
      {
        schema: {
          tags,
          summary: "Record the customer's analytics ids (googleId, hash)",
          security: securedBy,
          body: customerStatsRequestSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.profile.recordCustomerStats(customerOf(request).id, request.body);
        return ok(null);
      },
    );

    app.put(
      '/auth/language',
      {
        schema: {
          tags,
          summary: "Save the customer's language (used for mail)",
          security: securedBy,
          body: setLanguageRequestSchema,
          response: { 200: okSchema(languageSchema) },
        },
      },
      async (request) =>
        ok(await deps.profile.setLanguage(customerOf(request).id, request.body.language as Locale)),
    );

    app.get(
      '/account/api-token',
      {
        schema: {
          tags,
          summary: 'Whether the account has an API token, its prefix and when it was created and last used',
          security: securedBy,
          response: { 200: okSchema(apiTokenInfoSchema) },
        },
      },
      async (request) => ok(await deps.apiTokens.info(customerOf(request).id)),
    );

    app.post(
      '/account/api-token',
      {
        schema: {
          tags,
          summary: 'Create the API token (one per account); the token is shown only in this answer',
          security: securedBy,
          response: { 201: okSchema(createdApiTokenSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await deps.apiTokens.create(customerOf(request).id, request.ip))),
    );

    app.delete(
      '/account/api-token',
      {
        schema: {
          tags,
          summary: 'Revoke the API token; requests using it fail from now on',
          security: securedBy,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.apiTokens.revoke(customerOf(request).id, request.ip);
        return ok(null, 'The API token was revoked.');
      },
    );
  };
}

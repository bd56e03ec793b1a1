import {
  attachFloatingIpRequestSchema,
  createdFloatingIpsSchema,
  createFloatingIpRequestSchema,
  floatingIpListQuerySchema,
  floatingIpListSchema,
  floatingIpSchema,
  idParamsSchema,
  updateFloatingIpRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import type { FloatingIpService } from './floating-ips.service';

const tags = ['floating-ips'];
const params = idParamsSchema;

/** The floating IP page (platform.md §2, §9) and attaching an address to an instance. */
export function floatingIpsRoutes(deps: { floatingIps: FloatingIpService }) {
  const { floatingIps } = deps;
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/floating-ip',
      {
        schema: {
          tags,
          summary:
            "The customer's active floating IPs (those expiring after `expiresAfter` when given), oldest first, " +
            'with the counts the two limits are checked against',
          security: securedBy,
          querystring: floatingIpListQuerySchema,
          response: { 200: okSchema(floatingIpListSchema) },
        },
      },
      async (request) => {
        const { expiresAfter } = request.query;
        return ok(
          await floatingIps.list(customerOf(request), expiresAfter ? new Date(expiresAfter) : undefined),
        );
      },
    );

    app.post(
      '/floating-ip',
      {
        schema: {
          tags,
          summary:
            'Buy `count` floating IPs in a region, the first month charged from credit now (floatingIpPricePerMonth ' +
            'each): 403 FLOATING_IP_MAX_ACTIVE_REACHED or FLOATING_IP_MAX_PER_MONTH_REACHED, 400 FLOATING_IP_LOW_BALANCE ' +
            'or FLOATING_IP_REGION_INACTIVE, 403 FLOATING_IP_ACCOUNT_SUSPENDED, 503 FLOATING_IP_INFRASTRUCTURE_ERROR',
          security: securedBy,
          body: createFloatingIpRequestSchema,
          response: { 201: okSchema(createdFloatingIpsSchema) },
        },
        config: { idempotent: true },
      },
      async (request, reply) => {
        const items = await floatingIps.create(
          customerOf(request),
          request.body,
          idempotencyScopeOf(request),
        );
        return reply.status(201).send(ok({ items }, 'Floating IP created.'));
      },
    );

    app.patch(
      '/floating-ip/:id',
      {
        schema: {
          tags,
          summary: 'Turn renewal from credit at expiry on or off (allowed while the account is suspended)',
          security: securedBy,
          params,
          body: updateFloatingIpRequestSchema,
          response: { 200: okSchema(floatingIpSchema) },
        },
      },
      async (request) =>
        ok(await floatingIps.setAutoRenew(customerOf(request), request.params.id, request.body.autoRenew)),
    );

    app.post(
      '/floating-ip/:id/release',
      {
        schema: {
          tags,
          summary: 'Release the address now: detached, given back, billing ended, no refund',
          security: securedBy,
          params,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await floatingIps.release(customerOf(request), request.params.id);
        return ok(null, 'Floating IP released.');
      },
    );

    app.post(
      '/floating-ip/:id/attach',
      {
        schema: {
          tags,
          summary:
            "Attach to one of the customer's instances in the same region: 400 FLOATING_IP_OTHER_REGION, " +
            '409 FLOATING_IP_ALREADY_ATTACHED or FLOATING_IP_INSTANCE_NOT_READY',
          security: securedBy,
          params,
          body: attachFloatingIpRequestSchema,
          response: { 200: okSchema(floatingIpSchema) },
        },
      },
      async (request) =>
        ok(
          await floatingIps.attach(customerOf(request), request.params.id, request.body.instanceId),
          'Floating IP attached.',
        ),
    );

    app.post(
      '/floating-ip/:id/detach',
      {
        schema: {
          tags,
          summary: 'Detach from its instance; 409 FLOATING_IP_NOT_ATTACHED',
          security: securedBy,
          params,
          response: { 200: okSchema(floatingIpSchema) },
        },
      },
      async (request) =>
        ok(await floatingIps.detach(customerOf(request), request.params.id), 'Floating IP detached.'),
    );
  };
}

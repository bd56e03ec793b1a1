import {
  addBandwidthRequestSchema,
  bulkNetworkStatsQuerySchema,
  bulkNetworkStatsSchema,
  deletePtrQuerySchema,
  enableDdosRequestSchema,
  enableIpRequestSchema,
  instanceParamsSchema,
  instanceSchema,
  networkReportQuerySchema,
  networkReportSchema,
  networkStatsSchema,
  setPtrRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../deps';
import { ok, okSchema } from '../../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../../auth/auth.guard';
import { idempotencyScopeOf } from '../../idempotency/idempotency.plugin';
import { createBandwidthService } from './bandwidth.service';
import { createNetworkAddresses } from './network-addresses.service';

const tags = ['network'];
const refusals =
  ' 403 ACCESS_SUSPENDED while the account or instance is suspended; 409 INSTANCE_CHANGING while it is changing.';

/** The Network tab's calls (instances.md §7): transfer, packages, reverse DNS, addresses, DDoS protection. */
export function networkRoutes(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs'>) {
  const bandwidth = createBandwidthService(deps);
  const addresses = createNetworkAddresses(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/instances/network-stats',
      {
        schema: {
          tags,
          summary:
            "Transfer of several instances' current cycles, for the deletion page: willBeChargedInCaseOfTermination " +
            'when deleting now charges an overage. Any id that is not yours answers 404.',
          security: securedBy,
          querystring: bulkNetworkStatsQuerySchema,
          response: { 200: okSchema(bulkNetworkStatsSchema) },
        },
      },
      async (request) => ok(await bandwidth.bulkStats(customerOf(request), request.query.instanceId)),
    );

    app.get(
      '/instances/:id/network-stats',
      {
        schema: {
          tags,
          summary: 'Transfer of the current 30-day cycle against the allowance (plan plus packages), in GiB',
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(networkStatsSchema) },
        },
      },
      async (request) => ok(await bandwidth.stats(customerOf(request), request.params.id)),
    );

    app.get(
      '/instances/:id/report',
      {
        schema: {
          tags,
          summary:
            'Cumulative transfer per UTC day (GiB) from startTime (default: the cycle start) to endTime (epoch ms), ' +
            'at most 31 days, with the allowance and the exceedance',
          security: securedBy,
          params: instanceParamsSchema,
          querystring: networkReportQuerySchema,
          response: { 200: okSchema(networkReportSchema) },
        },
      },
      async (request) => ok(await bandwidth.report(customerOf(request), request.params.id, request.query)),
    );

    app.post(
      '/instances/:id/add-bandwidth',
      {
        schema: {
          tags,
          summary:
            'Buy whole TB of transfer for the current cycle, charged now at the catalogue price per TB; 460 when ' +
            'the credit is short; 403 ACCESS_SUSPENDED while suspended. Takes an Idempotency-Key.',
          security: securedBy,
          params: instanceParamsSchema,
          body: addBandwidthRequestSchema,
          response: { 200: okSchema(networkStatsSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await bandwidth.addBandwidth(
            customerOf(request),
            request.params.id,
            request.body.amountInTB,
            idempotencyScopeOf(request),
          ),
          `${request.body.amountInTB} TB of transfer was added to this cycle.`,
        ),
    );

    app.put(
      '/instances/:id/ptr',
      {
        schema: {
          tags,
          summary:
            'Set the reverse-DNS name of the main IPv4 or of an address in the IPv6 /64; 400 INVALID_PTR-style ' +
            'validation for a malformed name, IP_NOT_OF_INSTANCE, TOO_MANY_PTRS',
          security: securedBy,
          params: instanceParamsSchema,
          body: setPtrRequestSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(
          await addresses.setPtr(customerOf(request), request.params.id, request.body.ip, request.body.ptr),
          'The reverse-DNS name was saved.',
        ),
    );

    app.delete(
      '/instances/:id/ptr',
      {
        schema: {
          tags,
          summary: "Remove a reverse-DNS name (the main IPv4 goes back to the provider's default)",
          security: securedBy,
          params: instanceParamsSchema,
          querystring: deletePtrQuerySchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(
          await addresses.deletePtr(customerOf(request), request.params.id, request.query.ip),
          'The reverse-DNS name was removed.',
        ),
    );

    app.post(
      '/instances/:id/enable-ip',
      {
        schema: {
          tags,
          summary:
            'Add an IPv4 (billed hourly at the catalogue IPv4 price, 460 when short) or an IPv6 (free; used after ' +
            `a reboot); 409 IP_ALREADY_ENABLED, NO_FREE_ADDRESS. Takes an Idempotency-Key.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: enableIpRequestSchema,
          response: { 200: okSchema(instanceSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await addresses.enableIp(
            customerOf(request),
            request.params.id,
            request.body.type,
            idempotencyScopeOf(request),
          ),
          request.body.type === 'ipv6'
            ? 'IPv6 was enabled. Reboot the instance to use it.'
            : 'IPv4 was enabled.',
        ),
    );

    app.post(
      '/instances/:id/enable-ddos',
      {
        schema: {
          tags,
          summary:
            'Move the main IPv4 to a DDoS-protected address (irreversible; removal only through support), billed ' +
            'hourly; 409 DDOS_ALREADY_ENABLED, DDOS_NOT_SUPPORTED, NO_MAIN_IP, DDOS_OUT_OF_STOCK; 460 when short. ' +
            `Takes an Idempotency-Key.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: enableDdosRequestSchema,
          response: { 200: okSchema(instanceSchema) },
        },
        config: { idempotent: true },
        // The spec's body is {type: ipv4}; a call without a body means the same.
        preValidation: async (request) => {
          if (request.body == null) request.body = { type: 'ipv4' };
        },
      },
      async (request) =>
        ok(
          await addresses.enableDdos(customerOf(request), request.params.id, idempotencyScopeOf(request)),
          'DDoS protection was enabled: the instance has a new IPv4 address.',
        ),
    );
  };
}

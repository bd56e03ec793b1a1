import {
  createSnapshotRequestSchema,
  idParamsSchema,
  snapshotDetailSchema,
  snapshotListQuerySchema,
  snapshotListSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { createSnapshots } from './snapshots.service';

const tags = ['snapshots'];
const refusals =
  ' 403 ACCESS_SUSPENDED while the account or instance is suspended; 409 INSTANCE_CHANGING while the instance ' +
  'is changing or another snapshot operation runs on it, NOT_AVAILABLE in rescue mode, SNAPSHOT_ISO_ATTACHED ' +
  'while a custom ISO is attached.';
const balance =
  ' 460 BALANCE_WAS_INSUFFICIENT_FOR_ADDING_SNAPSHOT (with the balance figures) when the credit does not cover ' +
  'running instances and snapshots, this one included, for the days checked.';

/** /snapshots (instances.md §7): list, take, detail, delete, restore and retake. */
export function snapshotRoutes(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs'>) {
  const snapshots = createSnapshots(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/snapshots',
      {
        schema: {
          tags,
          summary:
            "The customer's snapshots, newest first, by page (25 by default), also of deleted instances",
          security: securedBy,
          querystring: snapshotListQuerySchema,
          response: { 200: okSchema(snapshotListSchema) },
        },
      },
      async (request) => ok(await snapshots.list(customerOf(request), request.query)),
    );

    app.post(
      '/snapshots',
      {
        schema: {
          tags,
          summary: `Take a snapshot of an instance ($0.048 per GB-month, billed hourly once taken).${refusals}${balance}`,
          security: securedBy,
          body: createSnapshotRequestSchema,
          response: { 201: okSchema(snapshotDetailSchema) },
        },
        config: { idempotent: true },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              { data: await snapshots.take(customerOf(request), request.body.instanceId) },
              'The snapshot is being taken.',
            ),
          ),
    );

    app.get(
      '/snapshots/:id',
      {
        schema: {
          tags,
          summary: 'One snapshot',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(snapshotDetailSchema) },
        },
      },
      async (request) => ok({ data: await snapshots.get(customerOf(request), request.params.id) }),
    );

    app.delete(
      '/snapshots/:id',
      {
        schema: {
          tags,
          summary:
            'Delete a snapshot and stop its billing; 409 SNAPSHOT_NOT_ACTIVE while it is being taken or restored',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(z.null()) },
        },
      },
      async (request) => {
        await snapshots.remove(customerOf(request), request.params.id);
        return ok(null, 'Snapshot deleted.');
      },
    );

    app.post(
      '/snapshots/:id/restore',
      {
        schema: {
          tags,
          summary:
            'Write the snapshot back over its instance; 409 SNAPSHOT_IS_NOT_COMPATIBLE_WITH_INSTANCE_SPEC when the ' +
            'instance disk is smaller than the snapshot, SNAPSHOT_INSTANCE_DELETED when the instance is gone, ' +
            `SNAPSHOT_NOT_ACTIVE unless the snapshot is active.${refusals}`,
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(snapshotDetailSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          { data: await snapshots.restore(customerOf(request), request.params.id) },
          'The snapshot is being restored.',
        ),
    );

    app.post(
      '/snapshots/:id/retake',
      {
        schema: {
          tags,
          summary: `Take the snapshot again from its instance; the old one stays until the new one exists.${refusals}${balance}`,
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(snapshotDetailSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          { data: await snapshots.retake(customerOf(request), request.params.id) },
          'The snapshot is being taken again.',
        ),
    );
  };
}

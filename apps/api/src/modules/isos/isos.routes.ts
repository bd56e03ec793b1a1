import {
  idParamsSchema,
  isoImportSchema,
  isoInstancesSchema,
  isoListSchema,
  isoSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { isoSourceOptions } from './iso-source-options';
import { createIsosService } from './isos.service';

const tags = ['custom ISO'];

/** Custom ISOs (instances.md §7 /iso): list, one, import, delete, and the instances that use one. */
export function isoRoutes(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs' | 'config'>) {
  const isos = createIsosService({ ...deps, source: isoSourceOptions(deps.config) });
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/iso',
      {
        schema: {
          tags,
          summary: "The customer's custom ISOs (at most one)",
          security: securedBy,
          response: { 200: okSchema(isoListSchema) },
        },
      },
      async (request) => ok({ items: await isos.list(customerOf(request)) }),
    );

    app.get(
      '/iso/:id',
      {
        schema: {
          tags,
          summary: 'One custom ISO, with its download progress; 404 once deleted or removed after 48 hours',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(isoSchema) },
        },
      },
      async (request) => ok(await isos.get(customerOf(request), request.params.id)),
    );

    app.post(
      '/iso',
      {
        schema: {
          tags,
          summary:
            'Import an ISO from a public https address ending in .iso: the size is read with HEAD (at most 10 GB), ' +
            'then a job downloads it (status DOWNLOADING, then READY or FAILED). 409 ISO_LIMIT_REACHED (one per ' +
            'customer), 404 INVALID_ISO_FILE, 400 ISO_TOO_LARGE / ISO_ADDRESS_NOT_ALLOWED / ISO_UNREACHABLE, 403 while suspended.',
          security: securedBy,
          body: isoImportSchema,
          response: { 201: okSchema(isoSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await isos.import(customerOf(request), request.body), 'The ISO is being imported.')),
    );

    app.delete(
      '/iso/:id',
      {
        schema: {
          tags,
          summary:
            'Delete a custom ISO (a download stops); 406 ISO_ATTACHED while an instance has it attached',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await isos.remove(customerOf(request), request.params.id);
        return ok(null, 'The ISO was deleted.');
      },
    );

    app.get(
      '/iso/:id/instances',
      {
        schema: {
          tags,
          summary:
            'The instances that have this ISO attached (detach one with POST /instances/{id}/eject-iso)',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(isoInstancesSchema) },
        },
      },
      async (request) => ok({ instances: await isos.instances(customerOf(request), request.params.id) }),
    );
  };
}

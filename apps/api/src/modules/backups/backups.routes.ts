import {
  backupFileSchema,
  backupInstanceQuerySchema,
  backupProfileListSchema,
  backupProfileSchema,
  backupSettingsRequestSchema,
  idParamsSchema,
  restoreBackupRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { idempotencyScopeOf } from '../idempotency/idempotency.plugin';
import { createBackupFiles } from './backup-files.service';
import { createBackupsService } from './backups.service';

const tags = ['backups'];

/** Automated backups (instances.md §7): settings per instance, every profile, and the backup files. */
export function backupRoutes(deps: Pick<AppDeps, 'db' | 'hypervisor' | 'jobs'>) {
  const backups = createBackupsService(deps);
  const files = createBackupFiles(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/backups',
      {
        schema: {
          tags,
          summary: "An instance's backup settings and files (status disabled when backups are off)",
          security: securedBy,
          querystring: backupInstanceQuerySchema,
          response: { 200: okSchema(backupProfileSchema) },
        },
      },
      async (request) => ok(await backups.get(customerOf(request), request.query.instanceId)),
    );

    app.post(
      '/backups',
      {
        schema: {
          tags,
          summary:
            'Enable automated backups with a schedule; billed by the hour at the catalogue percentage of the ' +
            "instance's price. 409 BACKUPS_ALREADY_ENABLED, BACKUPS_NOT_SUPPORTED (region), INSTANCE_CHANGING; " +
            '400 BACKUP_DAYS_REQUIRED-style validation, BACKUP_PERIOD_UNKNOWN; 403 while suspended; 460 when short. ' +
            'Takes an Idempotency-Key.',
          security: securedBy,
          body: backupSettingsRequestSchema,
          response: { 200: okSchema(backupProfileSchema) },
        },
        config: { idempotent: true },
      },
      async (request) =>
        ok(
          await backups.enable(customerOf(request), request.body, idempotencyScopeOf(request)),
          'Automated backups are enabled.',
        ),
    );

    app.put(
      '/backups',
      {
        schema: {
          tags,
          summary: 'Change the schedule of enabled backups; 409 BACKUPS_NOT_ENABLED',
          security: securedBy,
          body: backupSettingsRequestSchema,
          response: { 200: okSchema(backupProfileSchema) },
        },
      },
      async (request) =>
        ok(await backups.update(customerOf(request), request.body), 'The backup schedule was updated.'),
    );

    app.delete(
      '/backups',
      {
        schema: {
          tags,
          summary:
            'Disable automated backups: the fee ends now, the stored backups are deleted after 72 hours',
          security: securedBy,
          querystring: backupInstanceQuerySchema,
          response: { 200: okSchema(backupProfileSchema) },
        },
      },
      async (request) =>
        ok(
          await backups.disable(customerOf(request), request.query.instanceId),
          'Automated backups are disabled. The stored backups are deleted in 72 hours.',
        ),
    );

    app.get(
      '/backups/profiles',
      {
        schema: {
          tags,
          summary: 'Every instance with backups (enabled, or disabled with backups still kept)',
          security: securedBy,
          response: { 200: okSchema(backupProfileListSchema) },
        },
      },
      async (request) => ok(await backups.profiles(customerOf(request))),
    );

    app.get(
      '/backups/:id',
      {
        schema: {
          tags,
          summary: 'One backup file',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(backupFileSchema) },
        },
      },
      async (request) => ok(await files.get(customerOf(request), request.params.id)),
    );

    app.post(
      '/backups/:id/restore',
      {
        schema: {
          tags,
          summary:
            'Write a backup back over its instance (the instance is loading_backup meanwhile); {confirm: "Restore"}, ' +
            'exactly. 409 BACKUP_NOT_RESTORABLE, INSTANCE_CHANGING; 403 while suspended',
          security: securedBy,
          params: idParamsSchema,
          body: restoreBackupRequestSchema,
          response: { 200: okSchema(backupFileSchema) },
        },
      },
      async (request) =>
        ok(
          await files.restore(customerOf(request), request.params.id, request.body.confirm),
          'The backup is being restored.',
        ),
    );

    app.delete(
      '/backups/:id',
      {
        schema: {
          tags,
          summary: 'Delete one backup file',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(z.null()) },
        },
      },
      async (request) => {
        await files.delete(customerOf(request), request.params.id);
        return ok(null, 'The backup was deleted.');
      },
    );
  };
}

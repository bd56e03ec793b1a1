import {
  changeHostnameRequestSchema,
  changeOsRequestSchema,
  changeOsResponseSchema,
  enableRescueRequestSchema,
  instanceParamsSchema,
  instanceSchema,
  passwordResetResponseSchema,
  powerOffRequestSchema,
  resizeRequestSchema,
  resizeResponseSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { Hypervisor } from '../compute/hypervisor';
import { createInstanceActions } from './instance-actions.service';
import { createInstanceOs } from './instance-os.service';
import { createInstanceResize } from './instance-resize.service';

const tags = ['instances'];
const refusals =
  ' 403 ACCESS_SUSPENDED while the account or instance is suspended; 409 INSTANCE_CHANGING while it is changing.';

/** Server actions of the instance page: power, restart, hostname, password, rescue mode, OS, resize. */
export function instanceActionRoutes(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const actions = createInstanceActions(deps);
  const os = createInstanceOs(deps);
  const resize = createInstanceResize(deps);
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);
    const power = (
      path: string,
      action: 'powerOff' | 'powerOn' | 'restart',
      summary: string,
      detail: string,
    ) =>
      app.post(
        `/instances/:id/${path}`,
        {
          schema: {
            tags,
            summary: summary + refusals,
            security: securedBy,
            params: instanceParamsSchema,
            ...(action === 'powerOff' ? { body: powerOffRequestSchema } : {}),
            response: { 200: okSchema(instanceSchema) },
          },
          // The panel sends power-off without a body; the spec's optional {password} may come.
          preValidation: async (request) => {
            if (request.body == null) request.body = {};
          },
        },
        async (request) => ok(await actions.power(customerOf(request), request.params.id, action), detail),
      );

    power(
      'poweroff',
      'powerOff',
      'Turn the instance off (still billed); 409 INSTANCE_MUST_BE_ON when it is off.',
      'The instance is turning off.',
    );
    power(
      'poweron',
      'powerOn',
      'Turn the instance on; 409 INSTANCE_MUST_BE_OFF when it is on.',
      'The instance is turning on.',
    );
    power(
      'reset',
      'restart',
      'Restart the instance; 500 INFRASTRUCTURE_ERROR when the infrastructure fails.',
      'The instance is restarting.',
    );

    app.post(
      '/instances/:id/change-hostname',
      {
        schema: {
          tags,
          summary: `Change the hostname; 400 HOSTNAME_UNCHANGED when it is the same.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: changeHostnameRequestSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(
          await actions.changeHostname(customerOf(request), request.params.id, request.body.hostname),
          'Hostname changed.',
        ),
    );

    app.post(
      '/instances/:id/change-pass',
      {
        schema: {
          tags,
          summary:
            'Reset the root (Administrator) password and return the new one, once; not for MikroTik or ' +
            `rescue mode (409 NOT_AVAILABLE); 500 COUDNT_RESET_VM_PASSWORD when the infrastructure fails.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(passwordResetResponseSchema) },
        },
      },
      async (request) =>
        ok(await actions.resetPassword(customerOf(request), request.params.id), 'Password reset.'),
    );

    app.post(
      '/instances/:id/rescue-mode',
      {
        schema: {
          tags,
          summary:
            'Boot the rescue system with this root password (8+ characters with a lowercase letter, an ' +
            `uppercase letter and a digit); 409 ALREADY_IN_RESCUE when it is in rescue.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: enableRescueRequestSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(
          await actions.enableRescue(customerOf(request), request.params.id, request.body.password),
          'Rescue mode enabled.',
        ),
    );

    app.post(
      '/instances/:id/resize',
      {
        schema: {
          tags,
          summary:
            'Resize an hourly instance to a fixed plan with add-ons or a custom plan in its region; billing moves ' +
            'to the new price from the next full hour. A smaller disk is a clean install (acknowledgeCleanInstall) ' +
            'whose new password is in data.password, once; otherwise null. 400 RESIZE_PLAN_UNCHANGED, ' +
            'CLEAN_INSTALL_NOT_ACKNOWLEDGED, INVALID_RESIZE; 409 NOT_AVAILABLE (not hourly, under 1 GB, rescue), ' +
            'OUT_OF_STOCK, CUSTOM_ISO_UPGRADE_ONLY, NOT_ENOUGH_RESOURCE (the host has no room); 460 when the ' +
            `credit does not cover the new price for the credit-check days.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: resizeRequestSchema,
          response: { 200: okSchema(resizeResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await resize.resize(customerOf(request), request.params.id, request.body),
          'The instance is being resized.',
        ),
    );

    app.post(
      '/instances/:id/change-os',
      {
        schema: {
          tags,
          summary:
            'Rebuild the disk from another image, or reinstall the same one (keeping an application and its ' +
            'settings); the new password is in data.data.password, once. 404 for an unknown image, 409 ' +
            'NOT_AVAILABLE for an image no longer offered, in rescue mode or with a custom ISO attached, 400 ' +
            `OS_NEEDS_MORE_MEMORY / FEATURE_NOT_SUPPORTED.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          body: changeOsRequestSchema,
          response: { 200: okSchema(changeOsResponseSchema) },
        },
      },
      async (request) =>
        ok(
          await os.changeOs(customerOf(request), request.params.id, request.body.osId),
          'The operating system is being installed.',
        ),
    );

    app.post(
      '/instances/:id/eject-iso',
      {
        schema: {
          tags,
          summary: `Eject the custom ISO and restart a running instance from its disk; 409 NOT_AVAILABLE when none is attached.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(
          await actions.ejectIso(customerOf(request), request.params.id),
          'The ISO was ejected; the instance restarts.',
        ),
    );

    app.delete(
      '/instances/:id/rescue-mode',
      {
        schema: {
          tags,
          summary: `Leave rescue mode and boot the instance's own system; 409 NOT_IN_RESCUE when it is not in rescue.${refusals}`,
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      async (request) =>
        ok(await actions.disableRescue(customerOf(request), request.params.id), 'Rescue mode disabled.'),
    );
  };
}

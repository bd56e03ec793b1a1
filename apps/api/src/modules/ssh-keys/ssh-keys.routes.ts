import { createSshKeyRequestSchema, idParamsSchema, sshKeyListSchema, sshKeySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okEmpty, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { SshKeyService } from './ssh-keys.service';

const tags = ['ssh-keys'];
// Bounded to the serial column's range so a huge id is a validation error, never a database one.
const idParams = idParamsSchema;

/** The SSH keys page: list, add and delete the customer's public keys (platform.md §7 SSH). */
export function sshKeysRoutes(deps: { sshKeys: SshKeyService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/ssh-keys',
      {
        schema: {
          tags,
          summary: "The customer's SSH keys, newest first",
          security: securedBy,
          response: { 200: okSchema(sshKeyListSchema) },
        },
      },
      async (request) => ok({ sshKeys: await deps.sshKeys.list(customerOf(request).id) }),
    );

    app.post(
      '/ssh-keys',
      {
        schema: {
          tags,
          summary:
            'Add an OpenSSH public key (Ed25519, ECDSA, RSA of 2048 bits or more); 409 SSH_KEY_NAME_EXISTS ' +
            'or SSH_KEY_EXISTS when the name or the key is already there',
          security: securedBy,
          body: createSshKeyRequestSchema,
          response: { 201: okSchema(sshKeySchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await deps.sshKeys.create(customerOf(request).id, request.body), 'SSH key added.')),
    );

    app.delete(
      '/ssh-keys/:id',
      {
        schema: {
          tags,
          summary: 'Delete one of the SSH keys (instances keep the copies they were created with)',
          security: securedBy,
          params: idParams,
          response: { 200: okEmpty },
        },
      },
      async (request) => {
        await deps.sshKeys.remove(customerOf(request).id, request.params.id);
        return ok(null, 'SSH key deleted.');
      },
    );
  };
}

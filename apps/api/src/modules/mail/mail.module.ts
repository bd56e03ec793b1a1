import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { mailboxRoutes } from './mail.mailbox';

/**
 * The mail area's HTTP side, mounted at the root: the development mailbox when it is enabled.
 * Otherwise its paths answer 404 rather than falling through to the panel's index page.
 */
export function mailModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    if (deps.config.devMailbox) {
      await app.register(mailboxRoutes(deps));
      return;
    }
    const absent = { schema: { hide: true } };
    app.get('/dev/mailbox', absent, (_request, reply) => reply.callNotFound());
    app.get('/dev/mailbox.json', absent, (_request, reply) => reply.callNotFound());
    app.get('/dev/mailbox/*', absent, (_request, reply) => reply.callNotFound());
  };
}

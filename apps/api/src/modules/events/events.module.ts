import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { assertStillSignedIn } from '../auth/auth.guard';
import { createEventBus } from './event-bus';
import { createEventTickets } from './event-tickets';
import { eventRoutes } from './events.routes';

/** Server push (issue 12), mounted under /api. The bus connects at the first stream, not at start. */
export function eventsModule(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    const bus = createEventBus(deps.db.$client.options, app.log);
    await app.register(
      eventRoutes({
        enabled: deps.config.EVENT_STREAM,
        tickets: createEventTickets(deps),
        bus,
        assertStillSignedIn: async (customerId, sessionId) => {
          await assertStillSignedIn(deps.db, customerId, sessionId);
        },
      }),
    );
  };
}

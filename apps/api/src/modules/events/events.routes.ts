import { EVENT_STREAM_OFF, eventStreamQuerySchema, eventTicketSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { AppError, unauthorized } from '../../lib/errors';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { EventBus } from './event-bus';
import { serveEventStream } from './event-stream';
import type { EventTickets } from './event-tickets';

const tags = ['events'];

/**
 * Server push: a ticket (asked with the access token), then the stream (opened with the ticket, since an
 * EventSource sends no headers). Events name topics that changed; the data is fetched as usual.
 */
export function eventRoutes(deps: {
  enabled: boolean;
  tickets: EventTickets;
  bus: EventBus;
  /** 401 unless the customer may still act under that session (see the auth guard). */
  assertStillSignedIn: (customerId: number, sessionId: string | null) => Promise<void>;
}) {
  const { tickets, bus } = deps;
  const open = new Set<() => void>();
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    // Streams would hold the server open on shutdown: they end first (the panel reconnects elsewhere).
    app.addHook('preClose', async () => {
      for (const end of open) end();
      await bus.close();
    });

    app.post(
      '/events/ticket',
      {
        preHandler: requireCustomer,
        schema: {
          tags,
          summary:
            'A one-use ticket, good for a minute, to open the event stream with `GET /events?ticket=`.',
          security: securedBy,
          response: { 200: okSchema(eventTicketSchema) },
        },
      },
      async (request) => {
        if (!deps.enabled) {
          throw new AppError(503, EVENT_STREAM_OFF, 'Live updates are turned off on this panel.');
        }
        const customer = customerOf(request);
        return ok(await tickets.issue(customer.id, customer.sessionId));
      },
    );

    app.get(
      '/events',
      {
        schema: {
          tags,
          summary:
            'Server-Sent Events of what changed for the customer: `ready` once, then `change` with ' +
            '`{ topics }` (instances, balance, payments, account; `resync` after missed events), and a ' +
            'comment every 25 s. Opened with a ticket from `POST /events/ticket`; 401 when it is unknown, ' +
            'spent or expired, or the sign-in has ended since.',
          querystring: eventStreamQuerySchema,
        },
      },
      async (request, reply) => {
        const holder = await tickets.redeem(request.query.ticket);
        if (!holder) throw unauthorized('The event ticket is not valid or has expired.');
        await deps.assertStillSignedIn(holder.customerId, holder.sessionId);
        reply.hijack();
        // A hijacked reply skips the onSend hooks, so the request id every other answer carries is set here.
        const headers = Object.fromEntries(
          Object.entries({ ...reply.getHeaders(), 'x-request-id': request.id }).map(([name, value]) => [
            name,
            String(value),
          ]),
        );
        const end = await serveEventStream(reply.raw, bus, holder.customerId, headers);
        open.add(end);
        reply.raw.on('close', () => open.delete(end));
      },
    );
  };
}

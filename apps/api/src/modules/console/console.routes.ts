import type { Duplex } from 'node:stream';
import { eventStreamQuerySchema, eventTicketSchema, idParamsSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../deps';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { createEventTickets } from '../events/event-tickets';
import { createConsoleService } from './console.service';

const tags = ['instances'];
/** A session ends after this long; the viewer reconnects with a new ticket. */
const SESSION_LIMIT_MS = 4 * 3_600_000;

declare module 'fastify' {
  interface FastifyRequest {
    consoleStream?: Duplex;
  }
}

/** Carries bytes both ways until either side closes; the server side waits for the viewer to keep up. */
function bridge(socket: WebSocket, stream: Duplex) {
  const close = () => {
    stream.destroy();
    if (socket.readyState === socket.OPEN) socket.close(1000);
  };
  const limit = setTimeout(close, SESSION_LIMIT_MS);
  stream.on('data', (chunk: Buffer) => {
    stream.pause();
    socket.send(chunk, { binary: true }, () => stream.resume());
  });
  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (!stream.destroyed) stream.write(bytes);
  });
  socket.on('close', () => {
    clearTimeout(limit);
    stream.destroy();
  });
  stream.on('close', close);
  stream.on('error', close);
}

/** The remote console: `POST /instances/{id}/console` for a ticket, then the WebSocket at the same path. */
export function consoleRoutes(deps: Pick<AppDeps, 'db' | 'hypervisor'>) {
  const consoles = createConsoleService({ ...deps, tickets: createEventTickets(deps) });
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/instances/:id/console',
      {
        preHandler: requireCustomer,
        schema: {
          tags,
          summary:
            "A one-use ticket, good for a minute, to open the instance's console with a WebSocket at " +
            '`GET /instances/{id}/console?ticket=` (RFB, as noVNC speaks it). 409 unless the instance is on or ' +
            'in rescue mode; 403 while suspended.',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(eventTicketSchema) },
        },
      },
      async (request) => ok(await consoles.ticket(customerOf(request), request.params.id)),
    );

    app.get(
      '/instances/:id/console',
      {
        websocket: true,
        schema: {
          tags,
          summary:
            "The instance's console as a WebSocket carrying RFB (subprotocol `binary`), opened with a ticket " +
            'from `POST /instances/{id}/console`; 401 when the ticket is unknown, spent or expired.',
          params: idParamsSchema,
          querystring: eventStreamQuerySchema,
        },
        // Refusals answer before the upgrade, as an ordinary error envelope.
        preHandler: async (request) => {
          const { id } = request.params as { id: number };
          const { ticket } = request.query as { ticket: string };
          request.consoleStream = await consoles.open(ticket, id);
        },
      },
      (socket, request) => {
        const stream = request.consoleStream;
        if (!stream) {
          socket.close(1011);
          return;
        }
        bridge(socket, stream);
      },
    );
  };
}

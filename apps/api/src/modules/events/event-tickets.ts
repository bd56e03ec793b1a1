import { createHash, randomBytes } from 'node:crypto';
import { EVENT_TICKET_TTL_SECONDS, type EventTicket } from '@nimbus/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventTickets } from './events.tables';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** What a ticket opens: the event stream, or one instance's console. */
export type TicketScope = 'events' | `console:${number}`;

/** One-use tickets for the customer's streams (see `eventTickets`). */
export function createEventTickets(deps: { db: Database }) {
  const { db } = deps;
  return {
    async issue(
      customerId: number,
      sessionId: string | null,
      scope: TicketScope = 'events',
    ): Promise<EventTicket> {
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + EVENT_TICKET_TTL_SECONDS * 1000);
      // Tickets nobody redeemed go with the next one issued: the table stays as small as the traffic.
      await db.delete(eventTickets).where(lt(eventTickets.expiresAt, sql`now()`));
      await db
        .insert(eventTickets)
        .values({ tokenHash: hashOf(ticket), customerId, sessionId, expiresAt, scope });
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    /** Spends a ticket of `scope`: whose it was, or null when unknown, spent, expired or of another scope. */
    async redeem(
      ticket: string,
      scope: TicketScope = 'events',
    ): Promise<{ customerId: number; sessionId: string | null } | null> {
      const [row] = await db
        .delete(eventTickets)
        .where(and(eq(eventTickets.tokenHash, hashOf(ticket)), eq(eventTickets.scope, scope)))
        .returning({
          customerId: eventTickets.customerId,
          sessionId: eventTickets.sessionId,
          live: sql<boolean>`${eventTickets.expiresAt} > now()`,
        });
      return row?.live ? { customerId: row.customerId, sessionId: row.sessionId } : null;
    },
  };
}
export type EventTickets = ReturnType<typeof createEventTickets>;

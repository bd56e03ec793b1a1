import type { Duplex } from 'node:stream';
import type { EventTicket } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { assertStillSignedIn } from '../auth/auth.guard';
import { type Hypervisor, HypervisorError, serverRef } from '../compute/hypervisor';
import type { EventTickets } from '../events/event-tickets';
import {
  type Customer,
  changing,
  infrastructureError,
  notAvailable,
} from '../instances/instance-action-support';
import { instanceNotFound } from '../instances/instance-reads.service';
import { accessSuspended, isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';

/**
 * The instance's remote console (instances.md §2 /novnc, §5 "VNC enabled only in active or rescue"): a
 * one-use ticket asked with the access token, then a WebSocket opened with it that carries the driver's
 * RFB stream. Owner only, while the instance runs (active or rescue) and is not suspended; checked when
 * the ticket is asked and again when it is spent.
 */
export function createConsoleService(deps: { db: Database; hypervisor: Hypervisor; tickets: EventTickets }) {
  const { db, hypervisor, tickets } = deps;

  async function runningInstance(customerId: number, accountSuspended: boolean, id: number) {
    const record = await findInstance(db, customerId, id, accountSuspended);
    if (!record) throw instanceNotFound();
    if (record.suspended) throw accessSuspended();
    const { lifecycle, status } = record.instance;
    if (lifecycle !== 'ready' || (status !== 'active' && status !== 'rescue'))
      throw notAvailable('The console works while the instance is on or in rescue mode.');
    return record;
  }

  return {
    async ticket(customer: Customer & { sessionId: string | null }, id: number): Promise<EventTicket> {
      await runningInstance(customer.id, isAccountSuspended(customer.status), id);
      return tickets.issue(customer.id, customer.sessionId, `console:${id}`);
    },

    /** Spends the ticket and connects to the server's console. */
    async open(ticket: string, id: number): Promise<Duplex> {
      const holder = await tickets.redeem(ticket, `console:${id}`);
      if (!holder) throw unauthorized('The console ticket is not valid or has expired.');
      const status = await assertStillSignedIn(db, holder.customerId, holder.sessionId);
      await runningInstance(holder.customerId, isAccountSuspended(status), id);
      try {
        return await hypervisor.openConsole(serverRef(id));
      } catch (error) {
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw infrastructureError();
      }
    },
  };
}

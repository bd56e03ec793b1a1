import type { Attachment, TicketStatus, TicketTeam } from '@nimbus/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findCustomerById } from '../auth/customers';
import type { MailTransaction } from '../auth/mail-transaction';
import { notify } from '../notifications/notify';
import type { AttachmentStore } from './attachments/attachment-store';
import { createAttachmentService } from './attachments.service';
import { customerMailOfStaffReply } from './support.mail';
import {
  claimAttachments,
  findTicket,
  insertFollowup,
  listFollowups,
  listTickets,
  updateTicket,
} from './tickets.repository';

export interface StaffReply {
  message: string;
  /** Shown to the customer as the reply's author. */
  authorName: string;
  files: { fileName: string; bytes: Buffer }[];
  /** The ticket's status after the reply: answered unless staff say otherwise. */
  status?: TicketStatus;
}

/**
 * Staff's side of support until a staff console exists: the operator command works tickets with it.
 * A staff reply mails the customer in their language.
 */
export function createStaffSupportService(deps: {
  db: Database;
  mailTransaction: MailTransaction;
  store: AttachmentStore;
  config: Pick<Config, 'publicUrl'>;
}) {
  const { db } = deps;
  const attachments = createAttachmentService({ db, store: deps.store });

  async function ticketOf(id: number) {
    const ticket = await findTicket(db, id);
    if (!ticket) throw notFound(`No ticket #${id}.`);
    return ticket;
  }

  return {
    async list(statuses?: TicketStatus[]) {
      const { tickets } = await listTickets(db, { statuses }, { offset: 0, limit: 200 });
      return Promise.all(
        tickets.map(async (ticket) => ({ ticket, customer: await findCustomerById(db, ticket.customerId) })),
      );
    },

    async show(id: number) {
      const ticket = await ticketOf(id);
      return {
        ticket,
        customer: await findCustomerById(db, ticket.customerId),
        followups: await listFollowups(db, id),
      };
    },

    /** Files are checked and stored like a customer's, for the ticket's customer (who alone may read them). */
    async reply(id: number, reply: StaffReply) {
      const ticket = await ticketOf(id);
      const uploaded: Attachment[] = [];
      for (const file of reply.files) {
        uploaded.push(
          await attachments.upload(ticket.customerId, {
            group: ticket.kind === 'kyc' ? 'kyc' : 'ticket',
            ...file,
          }),
        );
      }
      return deps.mailTransaction(async (tx, send) => {
        const locked = await findTicket(tx, id, { lock: true });
        const followup = await insertFollowup(tx, {
          ticketId: id,
          author: 'staff',
          authorName: reply.authorName,
          message: reply.message,
        });
        await claimAttachments(
          tx,
          ticket.customerId,
          uploaded.map((a) => a.id),
          followup.id,
        );
        const updated = await updateTicket(tx, id, { status: reply.status ?? 'answered' });
        await notify(tx, ticket.customerId, 'ticket_reply', {
          subject: id,
          occurrence: followup.id,
          data: { title: ticket.title },
        });
        const customer = await findCustomerById(tx, locked!.customerId);
        if (customer) await send(customerMailOfStaffReply(deps.config, customer, ticket));
        return { ticket: updated, followup, files: uploaded };
      });
    },

    async setStatus(id: number, status: TicketStatus) {
      await ticketOf(id);
      return updateTicket(db, id, { status });
    },

    /** Hands the ticket to a team: it waits on that team (shown to the customer as Pending). */
    async assign(id: number, team: TicketTeam) {
      await ticketOf(id);
      return updateTicket(db, id, { status: `pending_${team}`, assignee: team });
    },
  };
}
export type StaffSupportService = ReturnType<typeof createStaffSupportService>;

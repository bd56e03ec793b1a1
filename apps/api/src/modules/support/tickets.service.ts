import {
  activeTicketStatuses,
  type createFollowupSchema,
  type createTicketSchema,
  type Followup,
  shownTicketStatus,
  shownTicketStatuses,
  supportErrorCodes,
  type Ticket,
  type TicketList,
  type TicketStatusCounts,
  type ticketListQuerySchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import type { MailTransaction } from '../auth/mail-transaction';
import { kycStatusOf } from '../billing/kyc';
import { findInstance } from '../instances/instances.repository';
import { assertAllowedContent } from './forbidden-content';
import { staffMailOfCustomerMessage } from './support.mail';
import { toFollowup, toTicket } from './support-dto';
import {
  attachmentsOf,
  claimAttachments,
  countTicketsByStatus,
  findCustomerFollowup,
  findTicket,
  insertFollowup,
  insertTicket,
  listFollowups,
  listTickets,
  rateFollowup,
  updateTicket,
} from './tickets.repository';

type CreateTicketInput = z.output<typeof createTicketSchema>;
type ListQuery = z.output<typeof ticketListQuerySchema>;

/** A KYC ticket in these statuses is still being looked at: another one is refused. */
const kycWaitingStatuses = activeTicketStatuses.filter((s) => s !== 'resolved');

const noSuchTicket = () => notFound('No such ticket.');
const closedTicket = () =>
  conflict(supportErrorCodes.ticketClosed, 'This ticket is closed. Open a new ticket to ask us again.');

/** Claims the uploads a message is sent with, all or none (the transaction rolls back). */
async function attach(tx: Tx, customerId: number, ids: number[], followupId: number) {
  const unique = [...new Set(ids)];
  if ((await claimAttachments(tx, customerId, unique, followupId)) !== unique.length) {
    throw badRequest(
      supportErrorCodes.attachmentUnknown,
      'An attached file was not found or was already sent. Attach it again.',
    );
  }
}

/** The customer's side of support (platform.md §7 Support). */
export function createTicketService(deps: {
  db: Database;
  mailTransaction: MailTransaction;
  config: Pick<Config, 'SUPPORT_FORBIDDEN_WORDS' | 'BRAND_SUPPORT_EMAIL'>;
}) {
  const { db, mailTransaction, config } = deps;

  async function ownTicket(customerId: number, id: number) {
    const row = await findTicket(db, id, { customerId });
    if (!row) throw noSuchTicket();
    return row;
  }

  return {
    async list(customerId: number, query: ListQuery): Promise<TicketList> {
      const { tickets, total } = await listTickets(
        db,
        {
          customerId,
          departments: query.department,
          statuses: query.status,
          relatedInstanceId: query.relatedServiceId,
        },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        tickets: tickets.map(toTicket),
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
        pageSize: query.pageSize,
      };
    },

    async get(customerId: number, id: number): Promise<Ticket> {
      return toTicket(await ownTicket(customerId, id));
    },

    async statusCounts(customerId: number): Promise<TicketStatusCounts> {
      const counts = new Map(shownTicketStatuses.map((s) => [s, 0]));
      for (const row of await countTicketsByStatus(db, customerId)) {
        const shown = shownTicketStatus(row.status);
        counts.set(shown, (counts.get(shown) ?? 0) + row.count);
      }
      const statuses = [...counts].map(([status, count]) => ({ status, count }));
      const activeCount = statuses.filter((s) => s.status !== 'closed').reduce((sum, s) => sum + s.count, 0);
      return { statuses, activeCount };
    },

    /**
     * Opens a ticket with its first message. Suspended and unverified accounts may open tickets: for
     * them it is the way back (docs/decisions.md).
     */
    async create(customer: AuthenticatedCustomer, input: CreateTicketInput): Promise<Ticket> {
      assertAllowedContent([input.title, input.message], config.SUPPORT_FORBIDDEN_WORDS);
      const related = input.relatedServiceId
        ? await findInstance(db, customer.id, input.relatedServiceId, false)
        : null;
      if (input.relatedServiceId && !related) {
        throw badRequest(supportErrorCodes.relatedServiceUnknown, 'This instance is not one of yours.');
      }
      if (input.kind === 'kyc') await assertKycTicketAllowed(customer.id, input.attachmentIds.length);
      return mailTransaction(async (tx, send) => {
        const ticket = await insertTicket(tx, {
          customerId: customer.id,
          title: input.title,
          department: input.department,
          kind: input.kind,
          relatedInstanceId: related?.instance.id ?? null,
          relatedHostname: related?.instance.hostname ?? null,
        });
        const followup = await insertFollowup(tx, {
          ticketId: ticket.id,
          author: 'customer',
          message: input.message,
        });
        await attach(tx, customer.id, input.attachmentIds, followup.id);
        await send(staffMailOfCustomerMessage(config, customer, ticket, 'opened'));
        return toTicket(ticket);
      });
    },

    /** Marks the ticket resolved; a later reply reopens it. */
    async resolve(customerId: number, id: number): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const row = await findTicket(tx, id, { customerId, lock: true });
        if (!row) throw noSuchTicket();
        if (row.status === 'closed') throw closedTicket();
        if (row.status === 'resolved') return toTicket(row);
        return toTicket(await updateTicket(tx, id, { status: 'resolved' }));
      });
    },

    async followups(customerId: number, ticketId: number): Promise<Followup[]> {
      await ownTicket(customerId, ticketId);
      return (await listFollowups(db, ticketId)).map((f) => toFollowup(f.followup, f.attachments));
    },

    /** A reply of the customer: the ticket waits for staff again, a resolved one reopens. */
    async reply(
      customer: AuthenticatedCustomer,
      input: z.output<typeof createFollowupSchema>,
    ): Promise<Followup> {
      assertAllowedContent([input.message], config.SUPPORT_FORBIDDEN_WORDS);
      return mailTransaction(async (tx, send) => {
        const ticket = await findTicket(tx, input.ticketId, { customerId: customer.id, lock: true });
        if (!ticket) throw noSuchTicket();
        if (ticket.status === 'closed') throw closedTicket();
        const followup = await insertFollowup(tx, {
          ticketId: ticket.id,
          author: 'customer',
          message: input.message,
        });
        await attach(tx, customer.id, input.attachmentIds, followup.id);
        await updateTicket(tx, ticket.id, { status: 'customer_replied' });
        await send(staffMailOfCustomerMessage(config, customer, ticket, 'replied'));
        return toFollowup(followup, await attachmentsOf(tx, followup.id));
      });
    },

    /** The customer's thumbs up or down on a staff reply (null takes it back). */
    async rate(customerId: number, id: number, isLiked: boolean | null): Promise<Followup> {
      return db.transaction(async (tx) => {
        const followup = await findCustomerFollowup(tx, customerId, id);
        if (!followup) throw notFound('No such message.');
        if (followup.author !== 'staff') {
          throw badRequest(supportErrorCodes.notRateable, 'Only replies of our team can be rated.');
        }
        const rated = await rateFollowup(tx, id, isLiked);
        return toFollowup(rated, await attachmentsOf(tx, id));
      });
    },
  };

  /** One KYC request at a time, with the documents attached; none once the account is approved. */
  async function assertKycTicketAllowed(customerId: number, attachments: number) {
    if ((await kycStatusOf(db, customerId)) === 'approved') {
      throw conflict(supportErrorCodes.kycTicketExists, 'Your identity is already verified.');
    }
    const { total } = await listTickets(
      db,
      { customerId, kinds: ['kyc'], statuses: [...kycWaitingStatuses] },
      { offset: 0, limit: 1 },
    );
    if (total > 0) {
      throw conflict(
        supportErrorCodes.kycTicketExists,
        'Your identity documents are already with our team. Add to that ticket instead.',
      );
    }
    if (attachments === 0) {
      throw badRequest(
        supportErrorCodes.attachmentUnknown,
        'Attach a photo or scan of your identity document.',
      );
    }
  }
}

export type TicketService = ReturnType<typeof createTicketService>;

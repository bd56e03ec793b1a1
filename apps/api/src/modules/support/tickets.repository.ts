import type { TicketDepartment, TicketKind, TicketStatus } from '@nimbus/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ticketAttachments, ticketFollowups, tickets } from './support.tables';

/** Reads and writes of tickets and their messages; customer reads are always scoped to the customer. */

export type TicketRow = typeof tickets.$inferSelect;
export type FollowupRow = typeof ticketFollowups.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;

export interface TicketFilter {
  /** Absent: every customer's (the operator's list). */
  customerId?: number;
  departments?: TicketDepartment[];
  statuses?: TicketStatus[];
  relatedInstanceId?: number;
  kinds?: TicketKind[];
}

function whereOf(filter: TicketFilter): SQL | undefined {
  return and(
    filter.customerId === undefined ? undefined : eq(tickets.customerId, filter.customerId),
    filter.departments?.length ? inArray(tickets.department, filter.departments) : undefined,
    filter.statuses?.length ? inArray(tickets.status, filter.statuses) : undefined,
    filter.relatedInstanceId === undefined
      ? undefined
      : eq(tickets.relatedInstanceId, filter.relatedInstanceId),
    filter.kinds?.length ? inArray(tickets.kind, filter.kinds) : undefined,
  );
}

/** A page of tickets, the most recently updated first, and how many match in all. */
export async function listTickets(db: DbOrTx, filter: TicketFilter, page: { offset: number; limit: number }) {
  const rows = await db
    .select({ ticket: tickets, total: sql<number>`(count(*) OVER ())::int` })
    .from(tickets)
    .where(whereOf(filter))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the count.
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(whereOf(filter));
    total = row?.n ?? 0;
  }
  return { tickets: rows.map((r) => r.ticket), total };
}

export async function findTicket(db: DbOrTx, id: number, opts: { customerId?: number; lock?: boolean } = {}) {
  const query = db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.id, id),
        opts.customerId === undefined ? undefined : eq(tickets.customerId, opts.customerId),
      ),
    );
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countTicketsByStatus(db: DbOrTx, customerId: number) {
  return db
    .select({ status: tickets.status, count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(eq(tickets.customerId, customerId))
    .groupBy(tickets.status);
}

export async function insertTicket(db: DbOrTx, values: typeof tickets.$inferInsert) {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function updateTicket(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<TicketRow, 'status' | 'assignee'>>,
  opts: { touch?: boolean } = { touch: true },
) {
  const [row] = await db
    .update(tickets)
    .set({ ...values, ...(opts.touch === false ? {} : { updatedAt: sql`now()` }) })
    .where(eq(tickets.id, id))
    .returning();
  return row!;
}

export async function insertFollowup(db: DbOrTx, values: typeof ticketFollowups.$inferInsert) {
  const [row] = await db.insert(ticketFollowups).values(values).returning();
  return row!;
}

export async function listFollowups(db: DbOrTx, ticketId: number) {
  const followups = await db
    .select()
    .from(ticketFollowups)
    .where(eq(ticketFollowups.ticketId, ticketId))
    .orderBy(asc(ticketFollowups.id));
  const attachments = followups.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(
          inArray(
            ticketAttachments.followupId,
            followups.map((f) => f.id),
          ),
        )
        .orderBy(asc(ticketAttachments.id))
    : [];
  return followups.map((followup) => ({
    followup,
    attachments: attachments.filter((a) => a.followupId === followup.id),
  }));
}

/** The files of one message, in the order they were uploaded. */
export async function attachmentsOf(db: DbOrTx, followupId: number) {
  return db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.followupId, followupId))
    .orderBy(asc(ticketAttachments.id));
}

/** A follow-up of one of the customer's tickets, locked for rating. */
export async function findCustomerFollowup(db: DbOrTx, customerId: number, id: number) {
  const [row] = await db
    .select({ followup: ticketFollowups })
    .from(ticketFollowups)
    .innerJoin(tickets, eq(tickets.id, ticketFollowups.ticketId))
    .where(and(eq(ticketFollowups.id, id), eq(tickets.customerId, customerId)))
    .for('update', { of: ticketFollowups });
  return row?.followup ?? null;
}

export async function rateFollowup(db: DbOrTx, id: number, isLiked: boolean | null) {
  const [row] = await db
    .update(ticketFollowups)
    .set({ isLiked })
    .where(eq(ticketFollowups.id, id))
    .returning();
  return row!;
}

export async function insertAttachment(db: DbOrTx, values: typeof ticketAttachments.$inferInsert) {
  const [row] = await db.insert(ticketAttachments).values(values).returning();
  return row!;
}

/** Gives the customer's unsent uploads to a message; the number claimed tells whether all of them were. */
export async function claimAttachments(db: DbOrTx, customerId: number, ids: number[], followupId: number) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(ticketAttachments)
    .set({ followupId })
    .where(
      and(
        inArray(ticketAttachments.id, ids),
        eq(ticketAttachments.customerId, customerId),
        isNull(ticketAttachments.followupId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  return rows.length;
}

export async function findAttachment(db: DbOrTx, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, id), eq(ticketAttachments.customerId, customerId)));
  return row ?? null;
}

/** Uploads never sent with a message, older than `before`. */
export async function unclaimedAttachments(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: ticketAttachments.id, storageKey: ticketAttachments.storageKey })
    .from(ticketAttachments)
    .where(and(isNull(ticketAttachments.followupId), sql`${ticketAttachments.createdAt} < ${before}`))
    .limit(limit);
}

/** True when the upload was still unclaimed and is now gone. */
export async function deleteUnclaimedAttachment(db: DbOrTx, id: number) {
  const rows = await db
    .delete(ticketAttachments)
    .where(and(eq(ticketAttachments.id, id), isNull(ticketAttachments.followupId)))
    .returning({ id: ticketAttachments.id });
  return rows.length > 0;
}

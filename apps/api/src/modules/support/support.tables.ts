import type {
  AttachmentContentType,
  MediaGroup,
  TicketDepartment,
  TicketKind,
  TicketStatus,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';
import { instances } from '../instances/instances.tables';

const at = () => timestamp({ withTimezone: true });

/** A support ticket (platform.md §3): the customer's subject, department and status; its messages follow. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    department: text().$type<TicketDepartment>().notNull(),
    status: text().$type<TicketStatus>().notNull().default('open'),
    kind: text().$type<TicketKind>().notNull().default('ticket'),
    /** `relatedServiceId`, with the hostname it had then (the instance may be renamed or deleted later). */
    relatedInstanceId: integer().references(() => instances.id),
    relatedHostname: text(),
    /** The staff member handling it (`ticket assign`), shown on the operator's list only. */
    assignee: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('tickets_customer_updated_idx').on(t.customerId, t.updatedAt),
    index('tickets_related_instance_idx').on(t.relatedInstanceId).where(sql`related_instance_id IS NOT NULL`),
  ],
);

/** A message of a ticket: the customer's or a staff member's (`author_name` then). */
export const ticketFollowups = pgTable(
  'ticket_followups',
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text().$type<'customer' | 'staff'>().notNull(),
    authorName: text(),
    message: text().notNull(),
    /** The customer's rating of a staff reply. */
    isLiked: boolean(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('ticket_followups_ticket_idx').on(t.ticketId, t.id)],
);

/**
 * An uploaded file (the media service). Uploaded first, then claimed by the message it is sent with;
 * unclaimed uploads are removed after a day. The bytes are in the attachment store under `storageKey`.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    group: text().$type<MediaGroup>().notNull(),
    followupId: integer().references(() => ticketFollowups.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    contentType: text().$type<AttachmentContentType>().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_followup_idx').on(t.followupId),
    index('ticket_attachments_unclaimed_idx').on(t.createdAt).where(sql`followup_id IS NULL`),
  ],
);

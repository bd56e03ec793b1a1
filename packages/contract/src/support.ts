import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import {
  ATTACHMENT_NAME_MAX,
  ATTACHMENTS_PER_MESSAGE,
  attachmentContentTypes,
  containsCardNumber,
  mediaGroups,
  shownTicketStatuses,
  TICKET_MESSAGE_MAX,
  TICKET_MESSAGE_MIN,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  TICKETS_MAX_PAGE_SIZE,
  TICKETS_PAGE_SIZE,
  ticketDepartments,
  ticketKinds,
  ticketStatuses,
} from './support-rules';

/** Support tickets and their follow-ups (platform.md §3, §7 Support); rules are in support-rules.ts. */

export const ticketDepartmentSchema = z.enum(ticketDepartments);
export const ticketStatusSchema = z.enum(ticketStatuses);
export const shownTicketStatusSchema = z.enum(shownTicketStatuses);

export const ticketSchema = z.object({
  id: idSchema,
  title: z.string(),
  department: ticketDepartmentSchema,
  status: ticketStatusSchema,
  kind: z.enum(ticketKinds),
  /** The instance the ticket is about (`relatedServiceId`), and its hostname then. */
  relatedServiceId: idSchema.nullable(),
  relatedServiceHostname: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

/** Comma-separated lists in the query: `status=open,pending`. */
const csv = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(500)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(item).max(20));

export const ticketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(TICKETS_MAX_PAGE_SIZE).default(TICKETS_PAGE_SIZE),
  department: csv(ticketDepartmentSchema).optional(),
  /** Exact statuses (the dashboard asks for every pending variant) or shown ones (`pending` covers them). */
  status: csv(ticketStatusSchema).optional(),
  relatedServiceId: idParamSchema.optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

/** How many of the customer's tickets each shown status has (`GET /tickets/status`). */
export const ticketStatusCountsSchema = z.object({
  statuses: z.array(z.object({ status: shownTicketStatusSchema, count: z.number().int().nonnegative() })),
  /** Not closed: the dashboard's open-tickets tile. */
  activeCount: z.number().int().nonnegative(),
});
export type TicketStatusCounts = z.infer<typeof ticketStatusCountsSchema>;

const messageSchema = z
  .string()
  .trim()
  .min(TICKET_MESSAGE_MIN, 'validation.ticket.messageMin')
  .max(TICKET_MESSAGE_MAX, 'validation.ticket.messageMax')
  .refine((v) => !containsCardNumber(v), 'validation.ticket.cardNumber');
const attachmentIdsSchema = z
  .array(idSchema)
  .max(ATTACHMENTS_PER_MESSAGE, 'validation.ticket.attachments')
  .default([]);

export const createTicketSchema = z.object({
  title: z
    .string()
    .trim()
    .min(TICKET_SUBJECT_MIN, 'validation.ticket.subjectMin')
    .max(TICKET_SUBJECT_MAX, 'validation.ticket.subjectMax')
    .refine((v) => !containsCardNumber(v), 'validation.ticket.cardNumber'),
  department: ticketDepartmentSchema,
  message: messageSchema,
  relatedServiceId: idSchema.nullable().default(null),
  attachmentIds: attachmentIdsSchema,
  kind: z.enum(ticketKinds).default('ticket'),
});
export type CreateTicket = z.input<typeof createTicketSchema>;

/** What a customer may do to a ticket's status: mark it resolved (staff close it). */
export const updateTicketSchema = z.object({ status: z.literal('resolved') });

export const attachmentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: z.enum(attachmentContentTypes),
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const followupSchema = z.object({
  id: idSchema,
  ticketId: idSchema,
  author: z.enum(['customer', 'staff']),
  /** The staff member's display name on staff replies. */
  authorName: z.string().nullable(),
  message: z.string(),
  /** The customer's rating of a staff reply; null until rated (and always on the customer's own). */
  isLiked: z.boolean().nullable(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type Followup = z.infer<typeof followupSchema>;
export const followupListSchema = z.object({ followups: z.array(followupSchema) });
export const followupListQuerySchema = z.object({ ticketId: idParamSchema });

export const createFollowupSchema = z.object({
  ticketId: idSchema,
  message: messageSchema,
  attachmentIds: attachmentIdsSchema,
});
export type CreateFollowup = z.input<typeof createFollowupSchema>;
export const rateFollowupSchema = z.object({ isLiked: z.boolean().nullable() });

/** `POST /media?group=ticket&name=<file name>` with the file as the body. */
export const mediaUploadQuerySchema = z.object({
  group: z.enum(mediaGroups),
  name: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX),
});

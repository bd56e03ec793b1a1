import type { Attachment, Followup, Ticket } from '@nimbus/contract';
import type { AttachmentRow, FollowupRow, TicketRow } from './tickets.repository';

/** Rows as the API answers them. */

export const toTicket = (row: TicketRow): Ticket => ({
  id: row.id,
  title: row.title,
  department: row.department,
  status: row.status,
  kind: row.kind,
  relatedServiceId: row.relatedInstanceId,
  relatedServiceHostname: row.relatedHostname,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
});

export const toFollowup = (row: FollowupRow, attachments: AttachmentRow[]): Followup => ({
  id: row.id,
  ticketId: row.ticketId,
  author: row.author,
  authorName: row.authorName,
  message: row.message,
  isLiked: row.isLiked,
  attachments: attachments.map(toAttachment),
  createdAt: row.createdAt.toISOString(),
});

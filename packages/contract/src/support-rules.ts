// The zod-free part of support.ts (zod-free.test.ts): the panel loads it without zod.

/** Support tickets (platform.md §2 Support page, §3 Ticket, §4 ticket statuses, §5, §7, §9). */

export const ticketDepartments = ['sales', 'support', 'other'] as const;
export type TicketDepartment = (typeof ticketDepartments)[number];

/** The teams staff hand a ticket to; each has its pending status, shown to the customer as Pending. */
export const ticketTeams = ['layer1', 'layer2', 'web', 'infra', 'abuse', 'billing'] as const;
export type TicketTeam = (typeof ticketTeams)[number];

export const ticketStatuses = [
  'open',
  'pending',
  'answered',
  'customer_replied',
  'resolved',
  'closed',
  ...ticketTeams.map((team) => `pending_${team}` as const),
] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** The statuses the panel names; every team's pending variant reads as Pending. */
export const shownTicketStatuses = [
  'open',
  'pending',
  'answered',
  'customer_replied',
  'resolved',
  'closed',
] as const;
export type ShownTicketStatus = (typeof shownTicketStatuses)[number];
export const shownTicketStatus = (status: TicketStatus): ShownTicketStatus =>
  status.startsWith('pending') ? 'pending' : (status as ShownTicketStatus);
/** A shown status as the filter asks for it: Pending covers every team's pending variant. */
export const ticketStatusesShownAs = (shown: ShownTicketStatus): TicketStatus[] =>
  ticketStatuses.filter((status) => shownTicketStatus(status) === shown);

/** The dashboard's open tickets: everything that is not closed (platform.md §4). */
export const activeTicketStatuses = ticketStatuses.filter((s) => s !== 'closed');

/** A ticket of its own kind carries identity documents for KYC (`/support/new-ticket?kyc=true`). */
export const ticketKinds = ['ticket', 'kyc'] as const;
export type TicketKind = (typeof ticketKinds)[number];

export const TICKET_SUBJECT_MIN = 4;
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MIN = 15;
export const TICKET_MESSAGE_MAX = 10_000;
/** The dashboard's table cuts a subject at 45 characters. */
export const TICKET_TITLE_PREVIEW_CHARS = 45;
export const TICKETS_PAGE_SIZE = 25;
export const TICKETS_MAX_PAGE_SIZE = 100;
/** Small screens show cards and load more; a page shorter than this is the last. */
export const TICKETS_MOBILE_PAGE_SIZE = 10;

/** Attachments: at most 2,000,000 bytes each, text or JPEG/PNG images, recognised by their content. */
export const ATTACHMENT_MAX_BYTES = 2_000_000;
export const ATTACHMENTS_PER_MESSAGE = 5;
export const attachmentExtensions = ['txt', 'jpeg', 'jpg', 'png'] as const;
export const attachmentContentTypes = ['text/plain', 'image/jpeg', 'image/png'] as const;
export type AttachmentContentType = (typeof attachmentContentTypes)[number];
/** What the file picker offers. */
export const ATTACHMENT_ACCEPT = '.txt,.jpeg,.jpg,.png,text/plain,image/jpeg,image/png';
/** Uploads are grouped by what they belong to (the media service's `group` parameter). */
export const mediaGroups = ['ticket', 'kyc'] as const;
export type MediaGroup = (typeof mediaGroups)[number];
export const ATTACHMENT_NAME_MAX = 120;

export const attachmentExtensionOf = (fileName: string) =>
  /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
export const isAllowedAttachmentName = (fileName: string) =>
  (attachmentExtensions as readonly string[]).includes(attachmentExtensionOf(fileName));

/**
 * A payment card number (13–19 digits, spaces or dashes allowed, Luhn-valid) must never sit in a ticket:
 * staff would have it in their mail and the database in plain text. Refused on both sides.
 */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(/\b\d(?:[ -]?\d){12,18}\b/g)) {
    const digits = match[0].replace(/\D/g, '');
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return true;
  }
  return false;
}

export const supportErrorCodes = {
  /** A message holds content the provider refuses (a card number, or a configured word) (400). */
  forbiddenContent: 'FORBIDDEN_CONTENT',
  /** A reply to a closed ticket (409): open a new one. */
  ticketClosed: 'TICKET_CLOSED',
  /** Only a staff reply can be rated (400). */
  notRateable: 'FOLLOWUP_NOT_RATEABLE',
  /** Over ATTACHMENT_MAX_BYTES (413). */
  attachmentTooLarge: 'ATTACHMENT_TOO_LARGE',
  /** Not a txt, jpeg or png by name, or its content is not what the name says (415). */
  attachmentType: 'ATTACHMENT_TYPE_NOT_ALLOWED',
  /** An attachment id that is not the customer's, already used, or of another group (400). */
  attachmentUnknown: 'ATTACHMENT_NOT_FOUND',
  /** The related instance is not the customer's (400). */
  relatedServiceUnknown: 'RELATED_SERVICE_NOT_FOUND',
  /** A KYC ticket while one is open, or after approval (409). */
  kycTicketExists: 'KYC_TICKET_EXISTS',
} as const;

import { defaultLocale } from '@nimbus/contract';
import type { Config } from '../../config';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { mailLocaleOf } from '../auth/customers';
import type { MailRequest } from '../mail/mail.types';
import type { TicketRow } from './tickets.repository';

/**
 * Mails of support. They name the ticket and link to it but never carry its messages or files: those
 * stay behind sign-in (docs/decisions.md).
 */

/** To the support address when a customer opens a ticket or replies. */
export function staffMailOfCustomerMessage(
  config: Pick<Config, 'BRAND_SUPPORT_EMAIL'>,
  customer: Pick<AuthenticatedCustomer, 'id' | 'email'>,
  ticket: Pick<TicketRow, 'id' | 'title' | 'department'>,
  event: 'opened' | 'replied',
): MailRequest<'ticket-opened-staff'> | MailRequest<'ticket-customer-reply-staff'> {
  const common = {
    customerId: null,
    to: config.BRAND_SUPPORT_EMAIL,
    locale: defaultLocale,
  };
  const params = { ticketId: String(ticket.id), title: ticket.title, customerEmail: customer.email };
  return event === 'opened'
    ? { ...common, template: 'ticket-opened-staff', params: { ...params, department: ticket.department } }
    : { ...common, template: 'ticket-customer-reply-staff', params };
}

/** To the customer, in their language, when staff replied. */
export function customerMailOfStaffReply(
  config: Pick<Config, 'publicUrl'>,
  customer: { id: number; email: string; fullname: string; language: string },
  ticket: Pick<TicketRow, 'id' | 'title'>,
): MailRequest<'ticket-reply'> {
  return {
    customerId: customer.id,
    to: customer.email,
    locale: mailLocaleOf(customer),
    template: 'ticket-reply',
    params: {
      fullname: customer.fullname,
      ticketId: String(ticket.id),
      title: ticket.title,
      link: `${config.publicUrl}/support/${ticket.id}`,
    },
  };
}

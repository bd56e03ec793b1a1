import type { Locale } from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';

/** Mail templates and the parameters each one needs. */
export interface MailTemplates {
  /** Sign-up and resend: a link to GET /api/auth/verify-main-email?token= and a 6-digit code. */
  'verify-email': { fullname: string; link: string; code: string };
  /** Change of email, sent to the new address: link to /api/auth/verify-secondary-email and a code. */
  'verify-new-email': { fullname: string; link: string; code: string; newEmail: string };
  /** Sent to the old address while a change is pending. */
  'email-change-notice': { fullname: string; newEmail: string };
  /** Sent to the old address once the change is confirmed. */
  'email-changed': { fullname: string; newEmail: string };
  'reset-password': { fullname: string; link: string };
  'password-changed': { fullname: string };
  /** At 20 hours, to an account still unverified: a fresh link and code; under review at 24 hours. */
  'verify-email-reminder': { fullname: string; link: string; code: string };
  /** A day before a suspended VPS is terminated; the link opens its billing page. `date` is formatted. */
  'termination-warning': { fullname: string; hostname: string; date: string; link: string };
  /** Sign-in paused after too many wrong passwords; link to the forgot-password page. */
  'sign-in-locked': { fullname: string; link: string; minutes: string };
  /** To the support address: a customer opened a ticket (staff read it with the operator command). */
  'ticket-opened-staff': { ticketId: string; title: string; customerEmail: string; department: string };
  /** To the support address: a customer replied to a ticket. */
  'ticket-customer-reply-staff': { ticketId: string; title: string; customerEmail: string };
  /** To the customer: staff replied; the link opens the ticket. The reply itself stays in the panel. */
  'ticket-reply': { fullname: string; ticketId: string; title: string; link: string };
  /** 48 hours before a floating IP renews from credit; `price` in USD, the link opens the floating IP page. */
  'floating-ip-renewal': { fullname: string; address: string; date: string; price: string; link: string };
  /** 24 hours before a floating IP that will not renew (auto-renew off or credit short) is released. */
  'floating-ip-expiring': { fullname: string; address: string; date: string; link: string };
}
export type MailTemplateName = keyof MailTemplates;

export interface MailRequest<T extends MailTemplateName = MailTemplateName> {
  customerId: number | null;
  to: string;
  locale: Locale;
  template: T;
  params: MailTemplates[T];
}

/**
 * Mail goes into the outbox inside the caller's transaction (so a rolled-back sign-up sends nothing)
 * and a job delivers it after commit.
 */
export interface MailService {
  enqueue<T extends MailTemplateName>(tx: DbOrTx, request: MailRequest<T>): Promise<number>;
  /** Schedules delivery of outbox rows written by `enqueue`; call after the transaction commits. */
  dispatch(ids: number[]): Promise<void>;
}

import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  id: number;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one rendered mail to the world and returns its message id. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

// Delivery holds the outbox row lock while talking to the server, so a stuck server must not hold it for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * SMTP when `SMTP_URL` is set. Without it the outbox itself is the mailbox (`/dev/mailbox`), so
 * "sending" only records that the mail reached it.
 */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  if (!config.SMTP_URL) {
    return { send: async (mail) => `local-${mail.id}`, close: () => {} };
  }
  const smtp = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      const info = await smtp.sendMail({
        from: config.MAIL_FROM,
        // An address object is taken as one recipient, never parsed as a list.
        to: { name: '', address: mail.toAddress },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      return info.messageId;
    },
    close: () => smtp.close(),
  };
}

/** SMTP rejected the recipient for good (5xx): retrying cannot help. */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

/** What the outbox keeps of a failure: the server's answer when there is one. */
export function describeFailure(err: unknown): string {
  const e = err as { message?: string; response?: string; responseCode?: number };
  const text = e?.response ?? e?.message ?? String(err);
  return (e?.responseCode ? `${e.responseCode} ${text.replace(/^\d{3}\s*/, '')}` : text).slice(0, 1000);
}

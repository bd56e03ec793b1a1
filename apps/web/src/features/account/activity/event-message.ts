import { type ActivityEvent, type ActivityLogEntry, activityEvents } from '@nimbus/contract';

/** An i18n key of the `account` namespace and the values it interpolates. */
export interface EventMessage {
  key: string;
  values: Record<string, string>;
  /** Profile fields an update changed (`fullname`, `city` …), named in words by the renderer. */
  fields?: string[];
}

/** Mail templates whose sending is described in words; any other subject gets the generic text. */
const knownMails = [
  'verify-email',
  'verify-new-email',
  'email-change-notice',
  'email-changed',
  'reset-password',
  'password-changed',
] as const;
type KnownMail = (typeof knownMails)[number];

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function knownMailOf(data: Record<string, unknown>): KnownMail | undefined {
  const template = text(data.template);
  if ((knownMails as readonly string[]).includes(template)) return template as KnownMail;
  const subject = text(data.subject).toLowerCase();
  // Longest first, so "verify-new-email" is not taken for "verify-email".
  return [...knownMails].sort((a, b) => b.length - a.length).find((m) => subject.includes(m));
}

const isKnownEvent = (event: string): event is ActivityEvent =>
  (activityEvents as readonly string[]).includes(event);

/**
 * Events of instances and GPU preorders (instances.md §8) are worded with the instance's hostname, in
 * their own key group; the contract's list says which exist.
 */
const instanceEventPattern = /^(instance|preorder)_/;
const isInstanceEvent = (event: string) => isKnownEvent(event) && instanceEventPattern.test(event);

/** "auto_recharge_failed" → "Auto recharge failed": readable until a later release names the event. */
const humanize = (event: string) => {
  const words = event.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isDecimal = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

/**
 * What an entry says, in the customer's words, with the data it carries (ip, new email, subject …).
 * `money` writes amounts as every amount of the panel is (`useMoney`, in the catalogue's currency).
 */
export function eventMessage(entry: ActivityLogEntry, money: (value: string) => string): EventMessage {
  const { data } = entry;
  const moneyText = (value: unknown) => {
    const amount = text(value);
    return isDecimal(amount) ? money(amount) : amount;
  };
  const values: Record<string, string> = {
    ip: text(data.ip),
    email: text(data.email),
    newEmail: text(data.newEmail),
    subject: text(data.subject),
    prefix: text(data.prefix),
    amount: moneyText(data.amount),
    threshold: moneyText(data.threshold),
    // Network events: the address family enabled ("IPv6") and the TB of a transfer package.
    family: text(data.family),
    tb: text(data.tb),
    // Custom ISO events name the image.
    name: text(data.name),
  };
  if (entry.event === 'email_sent') {
    const mail = knownMailOf(data);
    if (mail) return { key: `activity.mail.${mail}`, values };
    return { key: values.subject ? 'activity.mail.generic' : 'activity.mail.unnamed', values };
  }
  if (isInstanceEvent(entry.event)) {
    // The hostname at the time of the event; an entry without one names the instance by id.
    const hostname = text(data.newHostname) || text(data.hostname) || (entry.iid ? `#${entry.iid}` : '');
    if (entry.event === 'instance_creation_failed' && isDecimal(text(data.refundAmount))) {
      const refund = { ...values, hostname, amount: moneyText(data.refundAmount) };
      return { key: 'activity.instance.instance_creation_failed_refunded', values: refund };
    }
    return { key: `activity.instance.${entry.event}`, values: { ...values, hostname } };
  }
  if (isKnownEvent(entry.event)) {
    // Some events read better with their detail when the API recorded it.
    if (entry.event === 'login' && values.ip) return { key: 'activity.events.login_from', values };
    if (entry.event === 'email_changed' && values.newEmail) {
      return { key: 'activity.events.email_changed_to', values };
    }
    const fields = Array.isArray(data.fields) ? data.fields.filter((f) => typeof f === 'string') : [];
    if (entry.event === 'profile_updated' && fields.length > 0) {
      return { key: 'activity.events.profile_updated_fields', values, fields };
    }
    const amount = text(data.amount);
    if (entry.event === 'credit_adjusted' && isDecimal(amount)) {
      // An operator's adjustment reads as credit added or removed, never as "$-5.00".
      const removed = amount.startsWith('-');
      return {
        key: removed ? 'activity.events.credit_removed' : 'activity.events.credit_added',
        values: { ...values, amount: money(removed ? amount.slice(1) : amount) },
      };
    }
    if ((entry.event === 'api_token_created' || entry.event === 'api_token_revoked') && values.prefix) {
      return { key: `activity.events.${entry.event}_prefix`, values };
    }
    return { key: `activity.events.${entry.event}`, values };
  }
  return { key: 'activity.events.other', values: { ...values, event: humanize(entry.event) } };
}

/** Whose address an entry shows: the customer's (where a request came from) or a server's. */
export type IpSource = 'customer' | 'server';

/**
 * The address of an entry and whose it is: the request's IP (the customer's, e.g. a sign-in), or the
 * instance's main IP for instance events. One column shows both, so each is labelled.
 */
export function entryIp(entry: ActivityLogEntry): { address: string; source: IpSource } | null {
  const requestIp = text(entry.data.ip);
  if (requestIp) return { address: requestIp, source: 'customer' };
  const serverIp = entry.payload?.mainIp;
  return serverIp ? { address: serverIp, source: 'server' } : null;
}

import type { Notification } from '@nimbus/contract';
import type { TFunction } from 'i18next';
import type { MoneyFormat } from '../../lib/money';

/**
 * What each kind of notification says and where it leads. A kind this panel does not know yet (the server
 * is newer) gets a plain text and leads to the notifications page.
 */

export type NotificationTarget =
  | { to: '/support/$id'; params: { id: string } }
  | { to: '/instances/$id/$tab'; params: { id: string; tab: string } }
  | {
      to:
        | '/services/snapshots'
        | '/services/backups'
        | '/auto-recharge'
        | '/payments'
        | '/invoices'
        | '/notifications';
    };

const text = (value: Notification['data'][string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Where opening the notification goes: the thing it is about. */
export function targetOf(n: Notification): NotificationTarget {
  const instanceId = text(n.data.instanceId);
  switch (n.kind) {
    case 'ticket_reply':
      return { to: '/support/$id', params: { id: n.subject } };
    case 'snapshot_ready':
    case 'snapshot_failed':
      return { to: '/services/snapshots' };
    case 'backup_ready':
    case 'backup_failed':
      return instanceId
        ? { to: '/instances/$id/$tab', params: { id: instanceId, tab: 'backups' } }
        : { to: '/services/backups' };
    case 'auto_recharge_failed':
      return { to: '/auto-recharge' };
    case 'low_balance':
    case 'account_suspended':
      return { to: '/payments' };
    case 'service_suspended':
      return instanceId
        ? { to: '/instances/$id/$tab', params: { id: instanceId, tab: 'billing' } }
        : { to: '/invoices' };
    default:
      return { to: '/notifications' };
  }
}

/** Whether the kind tells of something gone wrong (shown in the error colour). */
export const isProblem = (n: Notification) => /_failed$|_suspended$|^low_balance$/.test(n.kind);

/** The notification's sentence in the panel's language (namespace `notifications`). */
export function messageOf(
  n: Notification,
  t: TFunction<'notifications'>,
  { money }: Pick<MoneyFormat, 'money'>,
) {
  const d = n.data;
  const amount = (value: Notification['data'][string] | undefined) => (value ? money(String(value)) : '');
  switch (n.kind) {
    case 'ticket_reply':
      return t('kinds.ticket_reply', { id: n.subject, title: text(d.title) });
    case 'snapshot_ready':
    case 'snapshot_failed':
      return t(`kinds.${n.kind}`, { name: text(d.name), hostname: text(d.hostname) });
    case 'backup_ready':
    case 'backup_failed':
      return t(`kinds.${n.kind}`, { hostname: text(d.hostname) });
    case 'auto_recharge_failed':
      return t('kinds.auto_recharge_failed', { amount: amount(d.amount) });
    case 'low_balance':
      return t('kinds.low_balance', { balance: amount(d.balance) });
    case 'account_suspended':
      return t('kinds.account_suspended');
    case 'service_suspended':
      return t('kinds.service_suspended', { description: text(d.description) });
    default:
      return t('kinds.other');
  }
}

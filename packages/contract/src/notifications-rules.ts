// The zod-free part of notifications.ts (zod-free.test.ts): the shell's bell loads it without zod.

/**
 * What a notification tells the customer about; each kind names its subject (`subject`) and the
 * parameters of its text (`data`). A new kind (the floating IPs' `floating_ip_expiring`, subject the
 * address's id, one per expiry date) is one more name here, one text per language and one link.
 */
export const notificationKinds = [
  /** Staff replied on a ticket. Subject: the ticket id; data: title. One per reply. */
  'ticket_reply',
  /** A snapshot was taken (or retaken). Subject: the snapshot id; data: name, hostname. One per take. */
  'snapshot_ready',
  'snapshot_failed',
  /** A scheduled backup was taken or failed. Subject: the backup's image; data: hostname, instanceId. */
  'backup_ready',
  'backup_failed',
  /** An automatic charge was refused. Subject: the payment id; data: amount (USD). */
  'auto_recharge_failed',
  /** The credit lasts less than `LOW_BALANCE_HOURS` at the hourly burn. Data: balance, hours. */
  'low_balance',
  /** Negative credit suspended the account and its hourly services. */
  'account_suspended',
  /** A subscription could not renew from credit and is suspended. Subject: the billable item; data: description, instanceId. */
  'service_suspended',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A low-balance notification is sent in the billing hour the credit stops covering this many hours of
 * the customer's hourly burn (three days: time to add credit before anything is suspended).
 */
export const LOW_BALANCE_HOURS = 72;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** How many the bell's menu shows. */
export const NOTIFICATIONS_BELL_SIZE = 5;

/**
 * Whether this hour's charge took the credit below `LOW_BALANCE_HOURS` of the burn: it covered them before
 * the charge and does not after. Only the hour it happens, so one run of hours notifies once; a negative
 * balance is a suspension, told as such. Micros as bigint: exact at any amount.
 */
export function crossedLowBalance(balanceAfter: bigint, hourCharge: bigint): boolean {
  if (hourCharge <= 0n || balanceAfter < 0n) return false;
  const threshold = hourCharge * BigInt(LOW_BALANCE_HOURS);
  return balanceAfter < threshold && balanceAfter + hourCharge >= threshold;
}

import { crossedLowBalance, fromMicros, type NotificationKind } from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';
import { insertNotifications, type NewNotification } from './notifications.repository';
import type { NotificationData } from './notifications.tables';

/**
 * What the code that records a fact calls, in its own transaction, so the notification exists exactly
 * when the fact does: a rolled-back fact notifies nobody, and a job repeated after a crash adds nothing
 * (the table's unique key on customer, kind, subject and occurrence).
 */
export async function notify(
  tx: DbOrTx,
  customerId: number,
  kind: NotificationKind,
  about: { subject?: string | number; occurrence?: string | number; data?: NotificationData } = {},
) {
  await insertNotifications(tx, [
    {
      customerId,
      kind,
      subject: String(about.subject ?? ''),
      occurrence: String(about.occurrence ?? ''),
      data: about.data ?? {},
    },
  ]);
}

/** The same for many customers at once (the hourly billing run): one statement. */
export async function notifyMany(tx: DbOrTx, rows: NewNotification[]) {
  await insertNotifications(tx, rows);
}

/**
 * After a billing hour: a `low_balance` for each customer whose credit this hour's charge took below
 * `LOW_BALANCE_HOURS` of their burn. Micros as the database gives them (text); `total` is the hour's change
 * to the balance, so minus the charge.
 */
export async function notifyLowBalances(
  tx: DbOrTx,
  charged: { customer_id: number | string; balance: string; total: string }[],
  hour: string,
) {
  const rows: NewNotification[] = [];
  for (const c of charged) {
    if (!crossedLowBalance(BigInt(c.balance), -BigInt(c.total))) continue;
    rows.push({
      customerId: Number(c.customer_id),
      kind: 'low_balance',
      occurrence: hour,
      data: { balance: fromMicros(Number(c.balance)) },
    });
  }
  await insertNotifications(tx, rows);
}

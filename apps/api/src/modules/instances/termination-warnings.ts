import { type Locale, RENEWAL_GRACE_DAYS } from '@nimbus/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findCustomerById, mailLocaleOf } from '../auth/customers';
import type { MailTransaction } from '../auth/mail-transaction';
import {
  itemDueTerminationWarningSql,
  lockItemDueTerminationWarning,
  markTerminationWarned,
} from '../billing/termination-warning';
import { instances } from './instances.tables';

export const TERMINATION_WARNING_TEMPLATE = 'termination-warning';
const DAY_MS = 86_400_000;

/** The termination moment as the customer reads it: their language, UTC (stated, the panel shows UTC too). */
export const terminationDateText = (date: Date, locale: Locale) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/**
 * Mails the owner of each suspended VPS whose termination is less than a day away (instances.md §4),
 * subscriptions and hourly alike. Billing's warning mark is set in the transaction that writes the mail
 * into the outbox, under the item's lock, so a re-run or a retry after a crash mails nothing twice.
 * An item already past its date gets none: it is being terminated.
 */
export async function warnBeforeTermination(
  deps: { db: Database; mailTransaction: MailTransaction; config: Pick<Config, 'publicUrl'> },
  now: Date = new Date(),
): Promise<number[]> {
  // A live VPS not being deleted: one whose deletion started needs no warning.
  const live = and(
    inArray(instances.lifecycle, ['provisioning', 'ready']),
    isNull(instances.deletionRequestedAt),
  );
  const candidates = await deps.db
    .select({ itemId: instances.billableItemId })
    .from(instances)
    .where(and(live, itemDueTerminationWarningSql(instances.billableItemId, now)))
    .limit(500);
  const warned: number[] = [];
  for (const { itemId } of candidates) {
    if (itemId === null) continue;
    const sent = await deps.mailTransaction(async (tx, send) => {
      // The item's lock first (skipped if another runner holds it), then what the mail says.
      const item = await lockItemDueTerminationWarning(tx, itemId, now);
      if (!item) return false;
      const [instance] = await tx
        .select({ id: instances.id, hostname: instances.hostname })
        .from(instances)
        .where(and(eq(instances.billableItemId, itemId), live));
      const customer = instance ? await findCustomerById(tx, item.customerId) : null;
      if (!instance || !customer) return false;
      await markTerminationWarned(tx, itemId, now);
      const locale = mailLocaleOf(customer);
      const since = item.billingCycle === 'hourly' ? item.suspendedAt : item.cycleEnd;
      const terminatesAt = new Date(since!.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
      await send({
        customerId: customer.id,
        to: customer.email,
        locale,
        template: TERMINATION_WARNING_TEMPLATE,
        params: {
          fullname: customer.fullname,
          hostname: instance.hostname,
          date: terminationDateText(terminatesAt, locale),
          link: `${deps.config.publicUrl}/instances/${instance.id}/billing`,
        },
      });
      return true;
    });
    if (sent) warned.push(itemId);
  }
  return warned;
}

import { type Locale, RENEWAL_GRACE_DAYS } from '@nimbus/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { customers } from '../auth/auth.tables';
import { mailLocaleOf } from '../auth/customers';
import type { MailTransaction } from '../auth/mail-transaction';
import { billableItems } from '../billing/billing.tables';
import { terminationDeadlineSql } from '../billing/billing-suspension';
import { instances } from './instances.tables';

export const TERMINATION_WARNING_TEMPLATE = 'termination-warning';
const DAY_MS = 86_400_000;

/** The termination moment as the customer reads it: their language, UTC (stated, the panel shows UTC too). */
export const terminationDateText = (date: Date, locale: Locale) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/**
 * Mails the owner of each suspended VPS whose termination is less than a day away (instances.md §4),
 * subscriptions and hourly alike. `termination_warned_at` marks the warning of the current suspension
 * (a mark older than the suspension belongs to an earlier one); it is set in the transaction that writes
 * the mail into the outbox, under the item's lock, so a re-run or a retry after a crash mails nothing
 * twice. An item already past its date gets none: it is being terminated.
 */
export async function warnBeforeTermination(
  deps: { db: Database; mailTransaction: MailTransaction; config: Pick<Config, 'publicUrl'> },
  now: Date = new Date(),
): Promise<number[]> {
  const deadline = sql`${terminationDeadlineSql}`;
  const due = and(
    eq(billableItems.status, 'suspended'),
    inArray(instances.lifecycle, ['provisioning', 'ready']),
    isNull(instances.deletionRequestedAt),
    sql`${deadline} > ${now.toISOString()}::timestamptz`,
    sql`${deadline} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz`,
    or(
      isNull(billableItems.terminationWarnedAt),
      sql`${billableItems.terminationWarnedAt} < ${billableItems.suspendedAt}`,
    ),
  );
  const candidates = await deps.db
    .select({ itemId: billableItems.id })
    .from(billableItems)
    .innerJoin(instances, eq(instances.billableItemId, billableItems.id))
    .where(due)
    .limit(500);
  const warned: number[] = [];
  for (const { itemId } of candidates) {
    const sent = await deps.mailTransaction(async (tx, send) => {
      const [row] = await tx
        .select({
          instanceId: instances.id,
          hostname: instances.hostname,
          billingCycle: billableItems.billingCycle,
          suspendedAt: billableItems.suspendedAt,
          cycleEnd: billableItems.cycleEnd,
          customer: {
            id: customers.id,
            email: customers.email,
            fullname: customers.fullname,
            language: customers.language,
          },
        })
        .from(billableItems)
        .innerJoin(instances, eq(instances.billableItemId, billableItems.id))
        .innerJoin(customers, eq(customers.id, billableItems.customerId))
        .where(and(eq(billableItems.id, itemId), due))
        .for('update', { of: billableItems, skipLocked: true });
      if (!row) return false;
      await tx.update(billableItems).set({ terminationWarnedAt: now }).where(eq(billableItems.id, itemId));
      const locale = mailLocaleOf(row.customer);
      const since = row.billingCycle === 'hourly' ? row.suspendedAt : row.cycleEnd;
      const terminatesAt = new Date(since!.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
      await send({
        customerId: row.customer.id,
        to: row.customer.email,
        locale,
        template: TERMINATION_WARNING_TEMPLATE,
        params: {
          fullname: row.customer.fullname,
          hostname: row.hostname,
          date: terminationDateText(terminatesAt, locale),
          link: `${deps.config.publicUrl}/instances/${row.instanceId}/billing`,
        },
      });
      return true;
    });
    if (sent) warned.push(itemId);
  }
  return warned;
}

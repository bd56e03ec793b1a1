import { FLOATING_IP_REMINDER_HOURS, FLOATING_IP_WARNING_HOURS, fromMicros } from '@nimbus/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findCustomerById, mailLocaleOf } from '../auth/customers';
import type { MailTransaction } from '../auth/mail-transaction';
import { billableItems } from '../billing/billing.tables';
import { lockCreditAccount } from '../billing/ledger';
import type { Hypervisor } from '../compute/hypervisor';
import { instances } from '../instances/instances.tables';
import { terminationDateText } from '../instances/termination-warnings';
import { detachInDriver, releaseRow } from './floating-ips.service';
import { floatingIps } from './floating-ips.tables';

const HOUR_MS = 3_600_000;
const BATCH = 200;
export const RENEWAL_REMINDER_TEMPLATE = 'floating-ip-renewal';
export const EXPIRY_WARNING_TEMPLATE = 'floating-ip-expiring';

/**
 * Renewal itself is the billing engine's: the cycle job charges the next month from credit at expiry
 * (keyed by item and cycle, so never twice), or ends the item (auto-renew off) or suspends it (credit short).
 * An address whose item did not renew is released here, each in its own transaction under its row lock.
 */
export async function releaseUnrenewed(
  db: Database,
  hypervisor: Hypervisor,
  now = new Date(),
): Promise<number[]> {
  const due = await db
    .select({ id: floatingIps.id })
    .from(floatingIps)
    .innerJoin(billableItems, eq(billableItems.id, floatingIps.billableItemId))
    .where(
      and(
        isNull(floatingIps.releasedAt),
        inArray(billableItems.status, ['ended', 'terminated', 'suspended']),
      ),
    )
    .limit(BATCH);
  const released: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(floatingIps)
        .where(and(eq(floatingIps.id, id), isNull(floatingIps.releasedAt)))
        .for('update', { skipLocked: true });
      if (!row) return false;
      await releaseRow(tx, hypervisor, row, now);
      return true;
    });
    if (done) released.push(id);
  }
  return released;
}

/** An instance being deleted lets go of its floating IPs: they stay the customer's, detached. */
export async function detachFromDeletedInstances(db: Database, hypervisor: Hypervisor): Promise<number[]> {
  const due = await db
    .select({ id: floatingIps.id })
    .from(floatingIps)
    .leftJoin(instances, eq(instances.id, floatingIps.instanceId))
    .where(
      and(
        isNull(floatingIps.releasedAt),
        isNotNull(floatingIps.instanceId),
        or(isNull(instances.id), notInArray(instances.lifecycle, ['provisioning', 'ready'])),
      ),
    )
    .limit(BATCH);
  const detached: number[] = [];
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(floatingIps)
        .where(eq(floatingIps.id, id))
        .for('update', { skipLocked: true });
      if (!row || row.instanceId === null) return;
      await detachInDriver(hypervisor, row);
      await tx
        .update(floatingIps)
        .set({ instanceId: null, updatedAt: new Date() })
        .where(eq(floatingIps.id, id));
      detached.push(id);
    });
  }
  return detached;
}

/**
 * Mails before expiry (platform.md §5): a renewal reminder 48 hours ahead while auto-renew is on, and a
 * warning 24 hours ahead when the address will not renew (auto-renew off, or credit short of the month).
 * Each is marked with the expiry it was sent for, in the transaction that writes the mail, so each is sent
 * once per paid month however often the job runs.
 */
export async function mailBeforeExpiry(
  deps: { db: Database; mailTransaction: MailTransaction; config: Pick<Config, 'publicUrl'> },
  now = new Date(),
): Promise<{ reminded: number[]; warned: number[] }> {
  const within = (hours: number) =>
    and(
      gt(billableItems.cycleEnd, now),
      lte(billableItems.cycleEnd, new Date(now.getTime() + hours * HOUR_MS)),
    );
  const candidates = await deps.db
    .select({ id: floatingIps.id })
    .from(floatingIps)
    .innerJoin(billableItems, eq(billableItems.id, floatingIps.billableItemId))
    .where(
      and(
        isNull(floatingIps.releasedAt),
        eq(billableItems.status, 'active'),
        or(
          and(
            within(FLOATING_IP_REMINDER_HOURS),
            sql`${floatingIps.remindedFor} IS DISTINCT FROM ${billableItems.cycleEnd}`,
          ),
          and(
            within(FLOATING_IP_WARNING_HOURS),
            sql`${floatingIps.warnedFor} IS DISTINCT FROM ${billableItems.cycleEnd}`,
          ),
        ),
      ),
    )
    .limit(BATCH);
  const result = { reminded: [] as number[], warned: [] as number[] };
  for (const { id } of candidates) {
    await deps.mailTransaction(async (tx, send) => {
      const [found] = await tx
        .select({ ip: floatingIps, item: billableItems })
        .from(floatingIps)
        .innerJoin(billableItems, eq(billableItems.id, floatingIps.billableItemId))
        .where(and(eq(floatingIps.id, id), isNull(floatingIps.releasedAt)))
        .for('update', { of: floatingIps, skipLocked: true });
      const expiresAt = found?.item.cycleEnd;
      if (!found || !expiresAt || found.item.status !== 'active' || expiresAt <= now) return;
      const customer = await findCustomerById(tx, found.ip.customerId);
      if (!customer) return;
      const { ip, item } = found;
      const hoursLeft = (expiresAt.getTime() - now.getTime()) / HOUR_MS;
      const locale = mailLocaleOf(customer);
      const common = {
        fullname: customer.fullname,
        address: ip.address,
        date: terminationDateText(expiresAt, locale),
        link: `${deps.config.publicUrl}/ip-management`,
      };
      const remindedNow = ip.remindedFor?.getTime() === expiresAt.getTime();
      if (!remindedNow && item.autoRenew && hoursLeft > FLOATING_IP_WARNING_HOURS) {
        await send({
          customerId: customer.id,
          to: customer.email,
          locale,
          template: RENEWAL_REMINDER_TEMPLATE,
          params: { ...common, price: fromMicros(item.unitPrice) },
        });
        await tx.update(floatingIps).set({ remindedFor: expiresAt }).where(eq(floatingIps.id, id));
        result.reminded.push(id);
      }
      if (hoursLeft > FLOATING_IP_WARNING_HOURS || ip.warnedFor?.getTime() === expiresAt.getTime()) return;
      // Read under the account's lock, as the renewal will read it.
      const balance = await lockCreditAccount(tx, customer.id);
      if (item.autoRenew && balance >= item.unitPrice) return;
      await send({
        customerId: customer.id,
        to: customer.email,
        locale,
        template: EXPIRY_WARNING_TEMPLATE,
        params: common,
      });
      await tx.update(floatingIps).set({ warnedFor: expiresAt }).where(eq(floatingIps.id, id));
      result.warned.push(id);
    });
  }
  return result;
}

import {
  type BillableResourceType,
  type BillingCycle,
  cycleEnd,
  cyclePrice,
  type InvoiceReason,
  type Micros,
  monthlyToHourlyMicros,
} from '@nimbus/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notify } from '../notifications/notify';
import { billableItems } from './billing.tables';
import { assertCanAfford } from './credit-check';
import { addSubscriptionLine, ensureInvoice } from './invoice-lines';
import { ensureCreditAccount, lockCreditAccount, postLedgerEntry } from './ledger';

export type BillableItem = typeof billableItems.$inferSelect;
type Cycle = Exclude<BillingCycle, 'hourly'>;

export interface NewBillableItem {
  customerId: number;
  resourceType: BillableResourceType;
  resourceId: string;
  instanceId?: number | null;
  description: string;
  subDescription?: string;
  billingCycle: BillingCycle;
  /** Monthly price of everything the item bills: base plus extras plus region offset. */
  monthlyPrice: Micros;
  /** The cycle's discount percent; applies to the monthly price less `undiscountedMonthly`. */
  discountPercent?: number;
  /** Part of `monthlyPrice` the discount does not reduce (IPv4, DDoS protection, features). */
  undiscountedMonthly?: Micros;
  autoRenew?: boolean;
  reason?: InvoiceReason;
  startedAt?: Date;
  oneMonthInHours: number;
}

/**
 * Starts billing a resource, in the caller's transaction. Hourly items are billed by the hourly job
 * from their first hour on; a cycle item pays its first cycle now, from credit (460 when short).
 */
export async function startBillableItem(tx: DbOrTx, input: NewBillableItem): Promise<BillableItem> {
  const startedAt = input.startedAt ?? new Date();
  const hourly = input.billingCycle === 'hourly';
  const unitPrice = hourly
    ? monthlyToHourlyMicros(input.monthlyPrice, input.oneMonthInHours)
    : cyclePrice(
        {
          base: input.monthlyPrice - (input.undiscountedMonthly ?? 0),
          undiscounted: input.undiscountedMonthly ?? 0,
        },
        input.billingCycle as Cycle,
        input.discountPercent ?? 0,
      );
  await ensureCreditAccount(tx, input.customerId);
  const [item] = await tx
    .insert(billableItems)
    .values({
      customerId: input.customerId,
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      instanceId: input.instanceId ?? null,
      description: input.description,
      subDescription: input.subDescription ?? '',
      billingCycle: input.billingCycle,
      monthlyPrice: input.monthlyPrice,
      unitPrice,
      discountPercent: input.discountPercent ?? 0,
      autoRenew: hourly ? false : (input.autoRenew ?? true),
      reason: input.reason ?? 'created',
      startedAt,
    })
    .returning();
  if (!item) throw new Error('Billable item was not created');
  if (hourly) return item;
  return chargeCycle(tx, item, startedAt);
}

/** Charges one cycle of a cycle item starting at `start` and makes it the current cycle. */
async function chargeCycle(tx: DbOrTx, item: BillableItem, start: Date): Promise<BillableItem> {
  const end = cycleEnd(start, item.billingCycle as Cycle);
  const balance = await lockCreditAccount(tx, item.customerId);
  await assertCanAfford(tx, item.customerId, balance, item.unitPrice);
  const invoiceId = await ensureInvoice(tx, item.customerId, start);
  await postLedgerEntry(tx, {
    customerId: item.customerId,
    kind: 'subscription_charge',
    amount: -item.unitPrice,
    idempotencyKey: `cycle:${item.id}:${start.toISOString()}`,
    description: `${item.description} (${item.billingCycle})`,
    billableItemId: item.id,
    invoiceId,
  });
  await addSubscriptionLine(tx, item, { start, end, amount: item.unitPrice, invoiceId });
  const [updated] = await tx
    .update(billableItems)
    .set({ cycleStart: start, cycleEnd: end, status: 'active', suspendedAt: null })
    .where(eq(billableItems.id, item.id))
    .returning();
  return updated ?? item;
}

/** Stops billing an item (deleted resource). Its hourly line closes at the next billing run. */
export async function endBillableItem(
  tx: DbOrTx,
  itemId: number,
  reason: InvoiceReason = 'terminated',
  at: Date = new Date(),
): Promise<void> {
  await tx
    .update(billableItems)
    .set({ status: 'terminated', endedAt: at, reason })
    .where(and(eq(billableItems.id, itemId), sql`${billableItems.endedAt} IS NULL`));
}

/** Ends the hourly add-ons of an instance (IPv4, DDoS protection, backups) still running, with the instance. */
export async function endInstanceAddOns(
  tx: DbOrTx,
  instanceId: number,
  at: Date = new Date(),
): Promise<void> {
  await tx
    .update(billableItems)
    .set({ status: 'terminated', endedAt: at, reason: 'terminated' })
    .where(
      and(
        eq(billableItems.instanceId, instanceId),
        sql`${billableItems.resourceType} IN ('ipv4', 'ddos-protection', 'backup')`,
        sql`${billableItems.endedAt} IS NULL`,
      ),
    );
}

/**
 * Renews a cycle item at the end of its cycle. With auto-renew and enough credit it pays the next
 * cycle; without credit it is suspended (and terminated after the grace days, see cycle-billing);
 * without auto-renew it ends.
 */
export async function renewAtCycleEnd(
  tx: DbOrTx,
  item: BillableItem,
): Promise<'renewed' | 'suspended' | 'ended'> {
  if (!item.cycleEnd) throw new Error(`Item ${item.id} has no cycle`);
  if (!item.autoRenew) {
    await tx
      .update(billableItems)
      .set({ status: 'ended', endedAt: item.cycleEnd, reason: 'ended' })
      .where(eq(billableItems.id, item.id));
    return 'ended';
  }
  const balance = await lockCreditAccount(tx, item.customerId);
  if (balance < item.unitPrice) {
    await tx
      .update(billableItems)
      .set({ status: 'suspended', suspendedAt: new Date() })
      .where(eq(billableItems.id, item.id));
    await notify(tx, item.customerId, 'service_suspended', {
      subject: item.id,
      occurrence: item.cycleEnd.toISOString(),
      data: { description: item.description, instanceId: item.instanceId },
    });
    return 'suspended';
  }
  await chargeCycle(tx, { ...item, reason: 'renewed' }, item.cycleEnd);
  await tx.update(billableItems).set({ reason: 'renewed' }).where(eq(billableItems.id, item.id));
  return 'renewed';
}

/**
 * "Renew now" of a suspended cycle item: pays a new cycle from now and unsuspends it; 460 when the
 * credit does not cover it. Only the owner's item is found.
 */
export async function renewNow(tx: DbOrTx, customerId: number, itemId: number): Promise<BillableItem | null> {
  const [item] = await tx
    .select()
    .from(billableItems)
    .where(and(eq(billableItems.id, itemId), eq(billableItems.customerId, customerId)))
    .for('update');
  if (!item || item.billingCycle === 'hourly' || item.status !== 'suspended') return null;
  const renewed = await chargeCycle(tx, { ...item, reason: 'renewed' }, new Date());
  await tx.update(billableItems).set({ reason: 'renewed' }).where(eq(billableItems.id, item.id));
  return { ...renewed, reason: 'renewed' };
}

/** The item locked for the rest of the transaction, or null. */
export async function lockBillableItem(tx: DbOrTx, itemId: number): Promise<BillableItem | null> {
  const [item] = await tx.select().from(billableItems).where(eq(billableItems.id, itemId)).for('update');
  return item ?? null;
}

/** The monthly price of an item, read without locking it (0 when there is none). */
export async function monthlyPriceOf(db: DbOrTx, itemId: number): Promise<number> {
  const [row] = await db
    .select({ monthlyPrice: billableItems.monthlyPrice })
    .from(billableItems)
    .where(eq(billableItems.id, itemId));
  return row?.monthlyPrice ?? 0;
}

/** The item's status alone, or null when there is no such item. */
export async function billableItemStatusOf(
  db: DbOrTx,
  itemId: number,
): Promise<BillableItem['status'] | null> {
  const [row] = await db
    .select({ status: billableItems.status })
    .from(billableItems)
    .where(eq(billableItems.id, itemId));
  return row?.status ?? null;
}

/** Whether a cycle item renews at the end of its cycle (the instance's "auto-renew"). */
export async function setItemAutoRenew(tx: DbOrTx, itemId: number, autoRenew: boolean) {
  await tx.update(billableItems).set({ autoRenew }).where(eq(billableItems.id, itemId));
}

/** Marks the item billed at least until `until` (never moves billedUntil back). */
export async function billItemAtLeastUntil(tx: DbOrTx, itemId: number, until: Date) {
  await tx
    .update(billableItems)
    .set({ billedUntil: sql`greatest(coalesce(${billableItems.billedUntil}, ${until}), ${until})` })
    .where(eq(billableItems.id, itemId));
}

/**
 * SQL truth of "the item with this id has ended" (terminated, or ended at its cycle's end), correlated
 * with the caller's statement, e.g. instances whose billing is over.
 */
export const billableItemEndedSql = (itemId: AnyColumn): SQL =>
  sql`EXISTS (SELECT 1 FROM ${billableItems} WHERE ${billableItems.id} = ${itemId} AND ${billableItems.status} IN ('terminated', 'ended'))`;

/**
 * SQL truth of "the billable item is suspended" for a statement that has joined (left) billable_items:
 * false when there is no item.
 */
export const billableItemSuspendedSql: SQL = sql`coalesce(${billableItems.status} = 'suspended', false)`;

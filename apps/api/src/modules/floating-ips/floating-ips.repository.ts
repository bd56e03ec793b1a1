import { type FloatingIp, fromMicros } from '@nimbus/contract';
import { and, asc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billableItems } from '../billing/billing.tables';
import { regions } from '../catalogue/catalogue.tables';
import { instances } from '../instances/instances.tables';
import { floatingIps } from './floating-ips.tables';

export type FloatingIpRow = typeof floatingIps.$inferSelect;

/** The rows the page shows, with what the item (expiry, switch, price) and the instance add. */
async function selectViews(db: DbOrTx, where: SQL | undefined): Promise<FloatingIp[]> {
  const rows = await db
    .select({
      ip: floatingIps,
      regionName: regions.name,
      expiresAt: billableItems.cycleEnd,
      autoRenew: billableItems.autoRenew,
      monthlyPrice: billableItems.monthlyPrice,
      hostname: instances.hostname,
      // An instance being deleted no longer counts as holding the address (the job detaches it).
      instanceLive: sql<boolean>`${instances.lifecycle} IN ('provisioning', 'ready')`,
    })
    .from(floatingIps)
    .innerJoin(billableItems, eq(billableItems.id, floatingIps.billableItemId))
    .leftJoin(regions, eq(regions.id, floatingIps.regionId))
    .leftJoin(instances, eq(instances.id, floatingIps.instanceId))
    .where(where)
    .orderBy(asc(floatingIps.createdAt), asc(floatingIps.id));
  return rows.map(({ ip, regionName, expiresAt, autoRenew, monthlyPrice, hostname, instanceLive }) => ({
    id: ip.id,
    address: ip.address,
    netmask: ip.netmask,
    gateway: ip.gateway,
    type: ip.type,
    regionId: ip.regionId,
    regionName: regionName ?? '',
    createdAt: ip.createdAt.toISOString(),
    expiresAt: (expiresAt ?? ip.createdAt).toISOString(),
    autoRenew,
    pricePerMonth: fromMicros(monthlyPrice),
    instance:
      ip.instanceId !== null && hostname !== null && instanceLive ? { id: ip.instanceId, hostname } : null,
  }));
}

const activeOf = (customerId: number) =>
  and(eq(floatingIps.customerId, customerId), isNull(floatingIps.releasedAt));

/** The customer's active floating IPs, those expiring after `expiresAfter` when given. */
export const listActive = (db: DbOrTx, customerId: number, expiresAfter?: Date) =>
  selectViews(
    db,
    and(activeOf(customerId), expiresAfter ? gte(billableItems.cycleEnd, expiresAfter) : undefined),
  );

export const viewsByIds = (db: DbOrTx, customerId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : selectViews(db, and(eq(floatingIps.customerId, customerId), inArray(floatingIps.id, ids)));

export async function viewOf(db: DbOrTx, customerId: number, id: number): Promise<FloatingIp | null> {
  return (await viewsByIds(db, customerId, [id]))[0] ?? null;
}

/** Active addresses, and those created since `monthStart` (released ones too): the two limits. */
export async function countsOf(db: DbOrTx, customerId: number, monthStart: Date) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) FILTER (WHERE ${floatingIps.releasedAt} IS NULL)::int`,
      createdThisMonth: sql<number>`count(*) FILTER (WHERE ${floatingIps.createdAt} >= ${monthStart.toISOString()}::timestamptz)::int`,
    })
    .from(floatingIps)
    .where(eq(floatingIps.customerId, customerId));
  return { active: row?.active ?? 0, createdThisMonth: row?.createdThisMonth ?? 0 };
}

/** The customer's active row, locked for the rest of the transaction, or null (not theirs, or released). */
export async function lockOwned(tx: DbOrTx, customerId: number, id: number): Promise<FloatingIpRow | null> {
  const [row] = await tx
    .select()
    .from(floatingIps)
    .where(and(eq(floatingIps.id, id), activeOf(customerId)))
    .for('update');
  return row ?? null;
}

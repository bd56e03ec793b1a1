import type { InstanceStatusFilter } from '@nimbus/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billableItems } from '../billing/billing.tables';
import { osFamilies, osVersions, products, regions } from '../catalogue/catalogue.tables';
import type { InstanceRecord, PreorderRecord } from './instance.mapper';
import { instanceSuspendedSql } from './instance-suspension';
import { instances, preorders } from './instances.tables';

/** Lifecycles the customer sees: building, built, and being torn down. Failed and deleted are gone. */
export const listedLifecycles = ['provisioning', 'ready', 'deleting'] as const;
/**
 * The same as SQL text, spelled like the partial indexes' predicate: a literal (not bound parameters)
 * lets the planner prove the predicate and use `instances_customer_list_idx`.
 */
const listed = sql`${instances.lifecycle} IN ('provisioning', 'ready', 'deleting')`;

const initializingStatuses = [
  'initializing',
  'preparing_disk',
  'preparing_network',
  'spawning_qemu',
  'spawning_qemu_with_seed',
] as const;
const stableStatuses = ['active', 'shutdown', 'suspended', 'rescue'] as const;

/** The instance's position in the list: inserted_at in microseconds (text: beyond 2^53 safety) and id. */
export interface ListCursor {
  micros: string;
  id: number;
}

interface InstanceListFilter {
  customerId: number;
  accountSuspended: boolean;
  status?: InstanceStatusFilter;
  /** [start, end) on insertedAt. */
  range?: { start: Date; end: Date } | null;
  ipv4?: string;
  region?: number;
}

const insertedMicros = sql<string>`(extract(epoch from ${instances.insertedAt}) * 1000000)::bigint::text`;

/** Feature names of the row, in one correlated lookup (a handful of ids per instance). */
const featureList = sql<{ id: number; name: string }[]>`(
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name) ORDER BY f.id), '[]'::jsonb)
  FROM features f WHERE f.id IN (SELECT (jsonb_array_elements_text(${instances.featureIds}))::int))`;

/** Nothing extra: the statement reads only its answer. */
const noExtra = sql<unknown>`null`;

function recordQuery(db: DbOrTx, accountSuspended: boolean, extra: SQL = noExtra) {
  return db
    .select({
      instance: instances,
      region: { id: regions.id, name: regions.name, image: regions.image },
      itemId: billableItems.id,
      item: {
        billingCycle: billableItems.billingCycle,
        unitPrice: billableItems.unitPrice,
        status: billableItems.status,
        startedAt: billableItems.startedAt,
        endedAt: billableItems.endedAt,
        cycleStart: billableItems.cycleStart,
        cycleEnd: billableItems.cycleEnd,
        suspendedAt: billableItems.suspendedAt,
      },
      features: featureList,
      suspended: sql<boolean>`${instanceSuspendedSql(accountSuspended)}`,
      micros: insertedMicros,
      // Evaluated once per statement (an uncorrelated subquery), read off the first row.
      extra: sql<unknown>`${extra}`,
    })
    .from(instances)
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .leftJoin(billableItems, eq(billableItems.id, instances.billableItemId));
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];
const toRecord = (row: RecordRow): InstanceRecord => ({
  instance: row.instance,
  region: row.region,
  item: row.itemId === null ? null : row.item,
  features: row.features,
  suspended: row.suspended,
});

/** The status filter in the panel's words, over the status the panel is shown (see `reportedStatus`). */
function statusCondition(filter: InstanceStatusFilter, accountSuspended: boolean): SQL {
  const suspended = instanceSuspendedSql(accountSuspended);
  switch (filter) {
    case 'active':
      return sql`(${instances.status} = 'active' AND NOT ${suspended})`;
    case 'shutdown':
      return sql`(${instances.status} = 'shutdown' AND NOT ${suspended})`;
    case 'initializing':
      return inArray(instances.status, [...initializingStatuses]);
    case 'suspended':
      return sql`(${suspended} AND ${inArray(instances.status, [...stableStatuses])})`;
  }
}

function listConditions(f: InstanceListFilter): SQL[] {
  const where: SQL[] = [eq(instances.customerId, f.customerId), listed];
  if (f.status) where.push(statusCondition(f.status, f.accountSuspended));
  if (f.range) where.push(gte(instances.insertedAt, f.range.start), lt(instances.insertedAt, f.range.end));
  if (f.ipv4) where.push(eq(instances.mainIp, f.ipv4));
  if (f.region) where.push(eq(instances.regionId, f.region));
  return where;
}

/**
 * One page of the list as a query (not run): keyset on (inserted_at desc, id desc), which the partial
 * index `instances_customer_list_idx` serves in order, one row more than the page to know if another
 * follows. Exposed so the bench runs exactly this SQL without the framework.
 */
export function instancePageQuery(
  db: DbOrTx,
  f: InstanceListFilter,
  after: ListCursor | null,
  limit: number,
  extra: SQL = noExtra,
) {
  const where = listConditions(f);
  if (after) {
    where.push(
      sql`(${instances.insertedAt}, ${instances.id}) < (to_timestamp(0) + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`,
    );
  }
  return (
    recordQuery(db, f.accountSuspended, extra)
      .where(and(...where))
      // NULLS LAST as the index is declared (the columns are NOT NULL, so the order is the same): with
      // the default NULLS FIRST the planner cannot read the index in order and sorts every row instead.
      .orderBy(sql`${instances.insertedAt} DESC NULLS LAST`, sql`${instances.id} DESC NULLS LAST`)
      .limit(limit + 1)
  );
}

/**
 * A page of the list and the cursor of its last row when more follow; with `extra`, that column read in
 * the same statement (null when the page is empty).
 */
export async function listInstancePage(
  db: DbOrTx,
  f: InstanceListFilter,
  after: ListCursor | null,
  limit: number,
  extra: SQL = noExtra,
): Promise<{ records: InstanceRecord[]; next: ListCursor | null; extra: unknown }> {
  const rows = await instancePageQuery(db, f, after, limit, extra);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    records: page.map(toRecord),
    next: rows.length > limit && last ? { micros: last.micros, id: last.instance.id } : null,
    extra: rows[0]?.extra ?? null,
  };
}

/** One listed instance of the customer; another customer's, a failed or a deleted one reads as missing. */
export async function findInstance(
  db: DbOrTx,
  customerId: number,
  id: number,
  accountSuspended: boolean,
): Promise<InstanceRecord | null> {
  const [row] = await recordQuery(db, accountSuspended).where(
    and(eq(instances.id, id), eq(instances.customerId, customerId), listed),
  );
  return row ? toRecord(row) : null;
}

/** Counts of platform.md §3 "Instance count", over the statuses the panel is shown. */
export function instanceStatsQuery(
  db: DbOrTx,
  customerId: number,
  accountSuspended: boolean,
  extra: SQL = noExtra,
) {
  const suspended = instanceSuspendedSql(accountSuspended);
  const stable = inArray(instances.status, [...stableStatuses]);
  return db
    .select({
      instanceCount: sql<number>`count(*)::int`,
      poweredOnInstanceCount: sql<number>`(count(*) FILTER (WHERE ${instances.status} = 'active' AND NOT ${suspended}))::int`,
      shutdownInstanceCount: sql<number>`(count(*) FILTER (WHERE ${instances.status} = 'shutdown' AND NOT ${suspended}))::int`,
      suspendedInstanceCount: sql<number>`(count(*) FILTER (WHERE ${suspended} AND ${stable}))::int`,
      extra: sql<unknown>`${extra}`,
    })
    .from(instances)
    .leftJoin(billableItems, eq(billableItems.id, instances.billableItemId))
    .where(and(eq(instances.customerId, customerId), listed));
}

/** The counts; with `extra`, that column read in the same statement. */
export async function instanceStats(db: DbOrTx, customerId: number, accountSuspended: boolean, extra?: SQL) {
  const [row] = await instanceStatsQuery(db, customerId, accountSuspended, extra);
  const { extra: read = null, ...stats } = row ?? {
    instanceCount: 0,
    poweredOnInstanceCount: 0,
    shutdownInstanceCount: 0,
    suspendedInstanceCount: 0,
  };
  return { stats, extra: read };
}

/** The customer's pending GPU preorders (newest first), filtered like the list where that means anything. */
export async function pendingPreorders(
  db: DbOrTx,
  customerId: number,
  f: { range?: { start: Date; end: Date } | null; region?: number },
): Promise<PreorderRecord[]> {
  const where: SQL[] = [eq(preorders.customerId, customerId), eq(preorders.status, 'pending')];
  if (f.range) where.push(gte(preorders.createdAt, f.range.start), lt(preorders.createdAt, f.range.end));
  if (f.region) where.push(eq(preorders.regionId, f.region));
  const rows = await db
    .select({
      preorder: preorders,
      region: { id: regions.id, name: regions.name, image: regions.image },
      productId: products.id,
      product: {
        name: products.name,
        cpu: products.cpu,
        ramMb: products.ramMb,
        storageGb: products.storageGb,
        bandwidthTb: products.bandwidthTb,
      },
      osId: osVersions.id,
      // Named as a created instance's OS is ("Ubuntu 24.04 LTS", not the bare version "24.04 LTS").
      os: {
        id: osVersions.id,
        name: sql<string>`coalesce(${osFamilies.displayName}, ${osVersions.family}) || ' ' || ${osVersions.name}`,
        family: osVersions.family,
      },
    })
    .from(preorders)
    .innerJoin(regions, eq(regions.id, preorders.regionId))
    .leftJoin(products, eq(products.id, preorders.productId))
    .leftJoin(osVersions, sql`${osVersions.id} = (${preorders.metadata}->>'osId')::int`)
    .leftJoin(osFamilies, eq(osFamilies.name, osVersions.family))
    .where(and(...where))
    .orderBy(desc(preorders.createdAt), desc(preorders.id));
  return rows.map((r) => ({
    preorder: r.preorder,
    region: r.region,
    product: r.productId === null ? null : r.product,
    os: r.osId === null ? null : r.os,
  }));
}

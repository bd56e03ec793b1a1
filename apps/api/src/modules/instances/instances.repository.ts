import type { InstanceStatusFilter } from '@nimbus/contract';
import {
  and,
  desc,
  eq,
  fillPlaceholders,
  gte,
  inArray,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import {
  type PreparedStatement,
  preparedQuery,
  prepareStatement,
  runPrepared,
} from '../../lib/prepared-statement';
import { billableItems } from '../billing/billing.tables';
import { osFamilies, osVersions, products, regions } from '../catalogue/catalogue.tables';
import type { InstanceRecord, PreorderRecord } from './instance.mapper';
import { instanceSuspendedSql } from './instance-suspension';
import { type SignIn, versionColumn, versionParams, versionValues } from './instance-version';
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

/**
 * What makes one list statement differ from another besides its values: the filters set, the account's
 * suspension (it changes the SQL of the status filter and of `suspended`) and the version carried along.
 */
function pageShape(f: InstanceListFilter, after: ListCursor | null, version?: SignIn['via']) {
  return {
    accountSuspended: f.accountSuspended,
    status: f.status,
    range: Boolean(f.range),
    ipv4: Boolean(f.ipv4),
    region: Boolean(f.region),
    after: after !== null,
    version,
  };
}
type PageShape = ReturnType<typeof pageShape>;

/** The values of a page's statement, by the names of `pageParams`. */
const pageValues = (f: InstanceListFilter, after: ListCursor | null, limit: number) => ({
  customerId: f.customerId,
  start: f.range?.start,
  end: f.range?.end,
  ipv4: f.ipv4,
  region: f.region,
  afterMicros: after?.micros,
  afterId: after?.id,
  limit: limit + 1,
});
/** The placeholders of `pageValues` (the customer's is the version's own). */
const pageParams: Record<keyof ReturnType<typeof pageValues>, Placeholder> = {
  customerId: versionParams.customerId,
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
  ipv4: sql.placeholder('ipv4'),
  region: sql.placeholder('region'),
  afterMicros: sql.placeholder('afterMicros'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
};
type PageParams = typeof pageParams;

function listConditions(shape: PageShape, p: PageParams): SQL[] {
  const where: SQL[] = [eq(instances.customerId, p.customerId), listed];
  if (shape.status) where.push(statusCondition(shape.status, shape.accountSuspended));
  if (shape.range) where.push(gte(instances.insertedAt, p.start), lt(instances.insertedAt, p.end));
  if (shape.ipv4) where.push(eq(instances.mainIp, p.ipv4));
  if (shape.region) where.push(eq(instances.regionId, p.region));
  if (shape.after) {
    where.push(
      sql`(${instances.insertedAt}, ${instances.id}) < (to_timestamp(0) + ${p.afterMicros}::bigint * interval '1 microsecond', ${p.afterId}::int)`,
    );
  }
  return where;
}

/**
 * One page of the list as a query (not run): keyset on (inserted_at desc, id desc), which the partial
 * index `instances_customer_list_idx` serves in order, one row more than the page to know if another
 * follows. `p` are the placeholders of its values (`pageValues`).
 */
function pageQuery(db: DbOrTx, shape: PageShape, p: PageParams) {
  return (
    recordQuery(db, shape.accountSuspended, shape.version ? versionColumn(shape.version) : noExtra)
      .where(and(...listConditions(shape, p)))
      // NULLS LAST as the index is declared (the columns are NOT NULL, so the order is the same): with
      // the default NULLS FIRST the planner cannot read the index in order and sorts every row instead.
      .orderBy(sql`${instances.insertedAt} DESC NULLS LAST`, sql`${instances.id} DESC NULLS LAST`)
      .limit(p.limit)
  );
}

/** A statement's name from its shape: one text per name, as a named statement needs. */
const shapeName = (shape: object) =>
  Object.values(shape)
    .map((v) => (v === true ? 1 : v === false ? 0 : (v ?? '-')))
    .join('_');

/** The SQL and parameters of a page's statement (no version), as `listInstancePage` prepares it; for the bench. */
export function instancePageStatement(
  db: DbOrTx,
  f: InstanceListFilter,
  after: ListCursor | null,
  limit: number,
) {
  const { sql: text, params } = pageQuery(db, pageShape(f, after), pageParams).toSQL();
  return { sql: text, params: fillPlaceholders(params, pageValues(f, after, limit)) };
}

/**
 * A page of the list and the cursor of its last row when more follow; with `version`, the customer's
 * version read in the same statement (null when the page is empty).
 */
export async function listInstancePage(
  db: Database,
  f: InstanceListFilter,
  after: ListCursor | null,
  limit: number,
  version?: { customerId: number; signIn: SignIn },
): Promise<{ records: InstanceRecord[]; next: ListCursor | null; extra: unknown }> {
  const shape = pageShape(f, after, version?.signIn.via);
  const name = `instance_page_${shapeName(shape)}`;
  const statement = preparedQuery(db, name, () => pageQuery(db, shape, pageParams).prepare(name));
  const values = {
    ...pageValues(f, after, limit),
    ...(version ? versionValues(version.customerId, version.signIn) : {}),
  };
  const rows = await statement.execute(values);
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

/** Counts of platform.md §3 "Instance count", over the statuses the panel is shown, and `extra`. */
function statsQuery(accountSuspended: boolean, extra: SQL = noExtra) {
  const suspended = instanceSuspendedSql(accountSuspended);
  const stable = inArray(instances.status, [...stableStatuses]);
  return new QueryBuilder({ casing: 'snake_case' })
    .select({
      instanceCount: sql<number>`count(*)::int`,
      poweredOnInstanceCount: sql<number>`(count(*) FILTER (WHERE ${instances.status} = 'active' AND NOT ${suspended}))::int`,
      shutdownInstanceCount: sql<number>`(count(*) FILTER (WHERE ${instances.status} = 'shutdown' AND NOT ${suspended}))::int`,
      suspendedInstanceCount: sql<number>`(count(*) FILTER (WHERE ${suspended} AND ${stable}))::int`,
      extra: sql<unknown>`${extra}`,
    })
    .from(instances)
    .leftJoin(billableItems, eq(billableItems.id, instances.billableItemId))
    .where(and(eq(instances.customerId, versionParams.customerId), listed));
}

/** The counts' statements, by the account's suspension and the version carried along. */
const statsStatements = new Map<string, PreparedStatement>();
function statsStatement(accountSuspended: boolean, version?: SignIn['via']) {
  const name = `instance_stats_${shapeName({ accountSuspended, version })}`;
  let statement = statsStatements.get(name);
  if (!statement) {
    statement = prepareStatement(name, statsQuery(accountSuspended, version && versionColumn(version)));
    statsStatements.set(name, statement);
  }
  return statement;
}

/** The SQL and parameters of the counts' statement (no version), as `instanceStats` runs it; for the bench. */
export function instanceStatsStatement(customerId: number, accountSuspended: boolean) {
  const { text, params } = statsStatement(accountSuspended);
  return { sql: text, params: fillPlaceholders(params, { customerId }) };
}

/** The counts; with `version`, the customer's version read in the same statement. */
export async function instanceStats(
  db: Database,
  customerId: number,
  accountSuspended: boolean,
  version?: SignIn,
) {
  // An aggregate without GROUP BY: always one row, its columns in select order.
  const [row] = await runPrepared<[number, number, number, number, unknown]>(
    db,
    statsStatement(accountSuspended, version?.via),
    version ? versionValues(customerId, version) : { customerId },
    true,
  );
  const [instanceCount, poweredOnInstanceCount, shutdownInstanceCount, suspendedInstanceCount, extra] =
    row ?? [0, 0, 0, 0, null];
  return {
    stats: { instanceCount, poweredOnInstanceCount, shutdownInstanceCount, suspendedInstanceCount },
    extra,
  };
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

/** Whether the instance is or was the customer's, deleted ones included (a survey about a deletion). */
export async function wasCustomersInstance(db: DbOrTx, customerId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.customerId, customerId)));
  return Boolean(row);
}

/** Where a customer's instance lives and how far along it is (null: not theirs, or never existed). */
export async function instancePlacement(
  db: DbOrTx,
  customerId: number,
  id: number,
): Promise<{ id: number; regionId: number; lifecycle: string } | null> {
  const [row] = await db
    .select({ id: instances.id, regionId: instances.regionId, lifecycle: instances.lifecycle })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.customerId, customerId)));
  return row ?? null;
}

import type { SnapshotStatus } from '@nimbus/contract';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { snapshots } from './snapshots.tables';

export type SnapshotRow = typeof snapshots.$inferSelect;
export type NewSnapshot = typeof snapshots.$inferInsert;

const live = isNull(snapshots.deletedAt);

export async function insertSnapshot(db: DbOrTx, values: NewSnapshot): Promise<SnapshotRow> {
  const [row] = await db.insert(snapshots).values(values).returning();
  return row!;
}

/** The customer's snapshot (not deleted), locked for update when `lock`. */
export async function findSnapshot(db: DbOrTx, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(snapshots)
    .where(and(eq(snapshots.id, id), eq(snapshots.customerId, customerId), live));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A snapshot by id alone, locked, for its follow job (skips one another run holds). */
export async function lockSnapshotForJob(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(snapshots)
    .where(eq(snapshots.id, id))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function listSnapshotPage(
  db: DbOrTx,
  customerId: number,
  filter: { status?: SnapshotStatus; instanceId?: number; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(snapshots.customerId, customerId), live];
  if (filter.status) conditions.push(eq(snapshots.status, filter.status));
  if (filter.instanceId) conditions.push(eq(snapshots.instanceId, filter.instanceId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(snapshots)
      .where(where)
      .orderBy(desc(snapshots.createdAt), desc(snapshots.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(snapshots).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Whether one of the instance's snapshots is being taken or restored (instances.md §6 blocks). */
export async function instanceHasSnapshotInProgress(db: DbOrTx, instanceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: snapshots.id })
    .from(snapshots)
    .where(and(eq(snapshots.instanceId, instanceId), live, isNotNull(snapshots.operationKind)))
    .limit(1);
  return Boolean(row);
}

export async function updateSnapshot(db: DbOrTx, id: number, values: Partial<NewSnapshot>) {
  await db
    .update(snapshots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(snapshots.id, id));
}

/** Snapshots with an operation in progress, oldest first (the sweeper's safety net). */
export async function snapshotsInOperation(db: DbOrTx, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: snapshots.id })
    .from(snapshots)
    .where(isNotNull(snapshots.operationKind))
    .orderBy(snapshots.updatedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The image a snapshot is stored in, for building an instance from it (deleted or not: an order accepted
 * before a deletion still builds from the copy it was promised).
 */
export async function snapshotImageRef(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ imageRef: snapshots.imageRef }).from(snapshots).where(eq(snapshots.id, id));
  return row?.imageRef ?? null;
}

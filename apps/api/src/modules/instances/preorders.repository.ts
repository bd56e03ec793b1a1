import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preorders } from './instances.tables';

/**
 * The GPU preorders rows (the table lives with the instances it turns into), for the preorders area:
 * submitted by customers, allocated or cancelled by an operator.
 */

export type PreorderRow = typeof preorders.$inferSelect;

export async function insertPreorder(
  tx: DbOrTx,
  values: PgInsertValue<typeof preorders>,
): Promise<PreorderRow> {
  const [row] = await tx.insert(preorders).values(values).returning();
  return row!;
}

/** The preorder locked for the rest of the transaction (allocation, cancellation), or null. */
export async function lockPreorder(tx: DbOrTx, id: number): Promise<PreorderRow | null> {
  const [row] = await tx.select().from(preorders).where(eq(preorders.id, id)).for('update');
  return row ?? null;
}

export async function markPreorderAllocated(tx: DbOrTx, id: number, instanceId: number) {
  await tx
    .update(preorders)
    .set({ status: 'allocated', instanceId, updatedAt: sql`now()` })
    .where(eq(preorders.id, id));
}

export async function markPreorderCancelled(tx: DbOrTx, id: number) {
  await tx.update(preorders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(preorders.id, id));
}

/** The customer's pending preorders, newest first. */
export const pendingPreordersOf = (db: DbOrTx, customerId: number) =>
  db
    .select()
    .from(preorders)
    .where(and(eq(preorders.customerId, customerId), eq(preorders.status, 'pending')))
    .orderBy(desc(preorders.createdAt), desc(preorders.id));

/** Those of `ids` that are the customer's, by id (a retried submission answering what it wrote). */
export const customerPreordersByIds = (db: DbOrTx, customerId: number, ids: number[]) =>
  db
    .select()
    .from(preorders)
    .where(and(eq(preorders.customerId, customerId), inArray(preorders.id, ids)))
    .orderBy(preorders.id);

/** Every pending preorder, oldest due first, for the operator. */
export const pendingPreordersByDueDate = (db: DbOrTx) =>
  db.select().from(preorders).where(eq(preorders.status, 'pending')).orderBy(preorders.dueDate, preorders.id);

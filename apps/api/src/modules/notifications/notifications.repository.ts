import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from './notifications.tables';

/** Reads and writes of notifications, always scoped to one customer. */

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'customerId' | 'kind'> &
  Partial<Pick<typeof notifications.$inferInsert, 'subject' | 'occurrence' | 'data'>>;

/** Adds notifications, skipping any already there for its subject and occurrence (a retried job). */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows).onConflictDoNothing();
}

/** A page of the customer's notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  db: DbOrTx,
  customerId: number,
  page: { offset: number; limit: number },
) {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customerId))
      .orderBy(desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) FILTER (WHERE ${notifications.readAt} IS NULL))::int`,
      })
      .from(notifications)
      .where(eq(notifications.customerId, customerId)),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function countUnread(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the customer's notifications read (kept as first read); null when it is not theirs. */
export async function markRead(db: DbOrTx, customerId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.customerId, customerId)))
    .returning();
  return row ?? null;
}

/** Marks every unread notification of the customer read; how many were. */
export async function markAllRead(db: DbOrTx, customerId: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

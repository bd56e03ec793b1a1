import { RENEWAL_GRACE_DAYS } from '@nimbus/contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { renewAtCycleEnd } from './billable-items';
import { billableItems } from './billing.tables';

export interface CycleRunResult {
  renewed: number;
  suspended: number;
  ended: number;
  terminated: number;
}

/**
 * Handles cycle items whose cycle has ended: renew, suspend or end each in its own transaction (a
 * locked item is another runner's, skipped), then terminate renewal-suspended items whose grace
 * (8 − days since the end date) has run out. A cycle missed while the server was down is caught up.
 */
export async function runCycleBilling(db: Database, now: Date = new Date()): Promise<CycleRunResult> {
  const result: CycleRunResult = { renewed: 0, suspended: 0, ended: 0, terminated: 0 };
  for (;;) {
    const due = await db
      .select({ id: billableItems.id })
      .from(billableItems)
      .where(
        and(
          sql`${billableItems.billingCycle} <> 'hourly'`,
          eq(billableItems.status, 'active'),
          lte(billableItems.cycleEnd, now),
        ),
      )
      .limit(200);
    if (due.length === 0) break;
    let progressed = 0;
    for (const { id } of due) {
      const outcome = await db.transaction(async (tx) => {
        const [item] = await tx
          .select()
          .from(billableItems)
          .where(
            and(
              eq(billableItems.id, id),
              eq(billableItems.status, 'active'),
              lte(billableItems.cycleEnd, now),
            ),
          )
          .for('update', { skipLocked: true });
        return item ? renewAtCycleEnd(tx, item) : null;
      });
      if (outcome) {
        result[outcome]++;
        progressed++;
      }
    }
    if (progressed === 0) break;
  }
  const terminated = await db
    .update(billableItems)
    .set({ status: 'terminated', endedAt: now, reason: 'terminated' })
    .where(
      and(
        eq(billableItems.status, 'suspended'),
        sql`${billableItems.billingCycle} <> 'hourly'`,
        sql`${billableItems.cycleEnd} + make_interval(days => ${RENEWAL_GRACE_DAYS}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: billableItems.id });
  result.terminated = terminated.length;
  return result;
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { billableItemEndedSql, billableItemStatusOf } from '../billing/billable-items';
import { requestConverge } from './converge';
import { instances } from './instances.tables';

const BATCH = 100;

/**
 * Instances whose billing has ended are deleted: the item was terminated after the grace days of an unpaid
 * renewal or of negative credit (8-day rule: the cycle job for subscriptions, `terminateOverdueHourly`
 * for hourly items), or ended at the end of a cycle the customer chose not to renew. (An item the
 * customer's own deletion terminated belongs to an instance already 'deleting'.)
 * Each instance moves to 'deleting' in its own transaction (the lifecycle guard makes a second runner a
 * no-op), then the converge job tears the server down. Safe to run twice or after a crash between the
 * commit and the converge request: the converge job's own sweep picks up 'deleting' instances.
 */
export async function deleteEndedSubscriptions(
  db: Database,
  jobs: JobQueue,
  now: Date = new Date(),
): Promise<number[]> {
  const due = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        inArray(instances.lifecycle, ['provisioning', 'ready']),
        isNull(instances.deletionRequestedAt),
        billableItemEndedSql(instances.billableItemId),
      ),
    )
    .limit(BATCH);
  const deleted: number[] = [];
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(instances)
        .set({ lifecycle: 'deleting', deletionRequestedAt: now, updatedAt: now })
        .where(and(eq(instances.id, id), inArray(instances.lifecycle, ['provisioning', 'ready'])))
        .returning();
      if (!row) return false;
      const itemStatus = await billableItemStatusOf(tx, row.billableItemId ?? 0);
      await logActivity(tx, {
        customerId: row.customerId,
        event: itemStatus === 'ended' ? 'instance_subscription_ended' : 'instance_terminated_by_billing',
        data: { hostname: row.hostname },
        instanceId: row.id,
        mainIp: row.mainIp,
      });
      return true;
    });
    if (moved) {
      await requestConverge(jobs, id);
      deleted.push(id);
    }
  }
  return deleted;
}

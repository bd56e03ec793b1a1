import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

export const AUTO_RECHARGE_CHECK_JOB = 'auto-recharge.check';

/**
 * Customers with an active auto-recharge whose balance is below its threshold (optionally among `ids`).
 * After a failed charge the gateway status is not ACTIVE: charges pause until the card is updated.
 */
export async function customersBelowThreshold(db: DbOrTx, ids?: number[]): Promise<number[]> {
  const scope = ids ? sql`AND s.customer_id = ANY(${`{${ids.join(',')}}`}::int[])` : sql``;
  const result = await db.execute<{ customer_id: number }>(sql`
    SELECT s.customer_id FROM auto_recharge_settings s
    JOIN credit_accounts ca ON ca.customer_id = s.customer_id
    WHERE s.is_active AND s.gateway_status = 'ACTIVE' AND ca.balance < s.threshold ${scope}`);
  return result.rows.map((r) => Number(r.customer_id));
}

/**
 * Asks for an auto-recharge check of each customer. One check per customer is queued at a time
 * (singleton key); the check itself makes sure only one charge is ever in flight.
 */
export async function requestAutoRechargeChecks(jobs: JobQueue, customerIds: number[]): Promise<void> {
  for (const customerId of customerIds) {
    await jobs.send(AUTO_RECHARGE_CHECK_JOB, { customerId }, { singletonKey: `auto-recharge:${customerId}` });
  }
}

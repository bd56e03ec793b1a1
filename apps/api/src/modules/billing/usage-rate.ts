import type { Micros } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The customer's current hourly burn: the hourly prices of their running hourly items. */
export async function usageRateOf(db: DbOrTx, customerId: number): Promise<Micros> {
  const result = await db.execute<{ rate: string }>(sql`
    SELECT coalesce(sum(unit_price), 0) AS rate FROM billable_items
    WHERE customer_id = ${customerId} AND billing_cycle = 'hourly' AND status IN ('active', 'suspended')`);
  return Number(result.rows[0]?.rate ?? 0);
}

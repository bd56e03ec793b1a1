import type { Micros, Renewing } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The customer's current hourly burn: the hourly prices of their running hourly items. */
export async function usageRateOf(db: DbOrTx, customerId: number): Promise<Micros> {
  const result = await db.execute<{ rate: string }>(sql`
    SELECT coalesce(sum(unit_price), 0) AS rate FROM billable_items
    WHERE customer_id = ${customerId} AND billing_cycle = 'hourly' AND status IN ('active', 'suspended')`);
  return Number(result.rows[0]?.rate ?? 0);
}

/** The customer's subscriptions that renew themselves from credit, for the credit forecast. */
export async function renewingOf(db: DbOrTx, customerId: number): Promise<Renewing[]> {
  const result = await db.execute<{ cycle_end: string; unit_price: string; billing_cycle: string }>(sql`
    SELECT to_char(cycle_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cycle_end,
           unit_price, billing_cycle
      FROM billable_items
     WHERE customer_id = ${customerId} AND billing_cycle <> 'hourly' AND status = 'active' AND auto_renew
       AND cycle_end IS NOT NULL`);
  return result.rows.map((r) => ({
    renewsAt: new Date(r.cycle_end),
    cyclePrice: Number(r.unit_price),
    billingCycle: r.billing_cycle as Renewing['billingCycle'],
  }));
}

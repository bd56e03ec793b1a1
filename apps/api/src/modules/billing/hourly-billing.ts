import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { syncBillingSuspensions } from './billing-suspension';

const HOUR_MS = 3_600_000;
export const startOfHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/** Hourly items that owe hour `h`: running during [h, h+1h) and not billed for it yet. */
const due = (h: string) => sql`
  bi.billing_cycle = 'hourly'
  AND bi.status IN ('active', 'suspended', 'ended', 'terminated')
  AND bi.started_at < ${h}::timestamptz + interval '1 hour'
  AND (bi.ended_at IS NULL OR bi.ended_at > ${h}::timestamptz)
  AND (bi.billed_until IS NULL OR bi.billed_until <= ${h}::timestamptz)`;

export interface HourlyRunResult {
  hour: Date;
  itemsBilled: number;
  /** Customers charged in this hour, with their balance after it. */
  balances: { customerId: number; balance: number }[];
}

export interface BillHourOptions {
  /** Test hook: runs inside the transaction after the charges, before commit (a crash point). */
  beforeCommit?: (tx: Tx) => Promise<void>;
}

/**
 * Bills one closed hour for every hourly item, in set-based SQL and one transaction: each item owes
 * `usage:<item>:<hour>` once (the ledger's unique key), capped so a calendar month never costs more
 * than the monthly price. Items are locked while billed, so two runners cannot count an hour twice;
 * a crash before commit leaves nothing behind, and the next run bills the hour again.
 */
export async function billHour(
  db: Database,
  hour: Date,
  opts: BillHourOptions = {},
): Promise<HourlyRunResult> {
  const h = startOfHour(hour).toISOString();
  const month = sql`date_trunc('month', ${h}::timestamptz, 'UTC')`;
  return db.transaction(async (tx) => {
    // Accounts first, in id order: every writer of credit locks the account before items or invoices,
    // so billing an hour never deadlocks with a payment or a cycle renewal.
    await tx.execute(sql`
      SELECT ca.customer_id FROM credit_accounts ca
      WHERE ca.customer_id IN (SELECT bi.customer_id FROM billable_items bi WHERE ${due(h)})
      ORDER BY ca.customer_id FOR UPDATE`);
    await tx.execute(sql`
      INSERT INTO invoices (customer_id, period_start, period_end)
      SELECT DISTINCT bi.customer_id, ${month}, ${month} + interval '1 month'
      FROM billable_items bi WHERE ${due(h)}
      ON CONFLICT (customer_id, period_start) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO invoice_items (invoice_id, customer_id, billable_item_id, instance_id, category, type,
        billing_cycle, reason, description, sub_description, usage, subtotal, start_timestamp)
      SELECT inv.id, bi.customer_id, bi.id, bi.instance_id, bi.resource_type, 'hourly', 'hourly', bi.reason,
        bi.description, bi.sub_description, 0, 0, greatest(bi.started_at, inv.period_start)
      FROM billable_items bi
      JOIN invoices inv ON inv.customer_id = bi.customer_id AND inv.period_start = ${month}
      WHERE ${due(h)}
      ON CONFLICT (invoice_id, billable_item_id) WHERE type = 'hourly' DO NOTHING`);
    const charged = await tx.execute<{ customer_id: number; balance: string; items: string }>(sql`
      WITH due AS (
        SELECT bi.id, bi.customer_id, bi.description, ii.id AS line_id, ii.invoice_id,
          greatest(0, least(bi.unit_price, bi.monthly_price - ii.subtotal)) AS amount
        FROM billable_items bi
        JOIN invoices inv ON inv.customer_id = bi.customer_id AND inv.period_start = ${month}
        JOIN invoice_items ii ON ii.invoice_id = inv.id AND ii.billable_item_id = bi.id AND ii.type = 'hourly'
        WHERE ${due(h)}
        FOR UPDATE OF bi
      ), entries AS (
        INSERT INTO ledger_entries (customer_id, kind, amount, idempotency_key, description, billable_item_id, invoice_id)
        SELECT customer_id, 'usage_charge', -amount,
          'usage:' || id || ':' || to_char(${h}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'),
          description, id, invoice_id
        FROM due WHERE amount > 0
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING billable_item_id, invoice_id, customer_id, -amount AS charged
      ), charged_lines AS (
        UPDATE invoice_items ii
        SET usage = ii.usage + 1, subtotal = ii.subtotal + e.charged,
          end_timestamp = ${h}::timestamptz + interval '1 hour'
        FROM entries e
        WHERE ii.invoice_id = e.invoice_id AND ii.billable_item_id = e.billable_item_id AND ii.type = 'hourly'
      ), free_lines AS (
        UPDATE invoice_items ii
        SET usage = ii.usage + 1, end_timestamp = ${h}::timestamptz + interval '1 hour'
        FROM due WHERE ii.id = due.line_id AND due.amount = 0
      ), items AS (
        UPDATE billable_items bi SET billed_until = ${h}::timestamptz + interval '1 hour'
        FROM due WHERE bi.id = due.id
      ), totals AS (
        SELECT customer_id, sum(charged) AS total, count(*) AS items FROM entries GROUP BY customer_id
      )
      UPDATE credit_accounts ca SET balance = ca.balance - totals.total, updated_at = now()
      FROM totals WHERE ca.customer_id = totals.customer_id
      RETURNING ca.customer_id, ca.balance, totals.items`);
    const balances = charged.rows.map((r) => ({
      customerId: Number(r.customer_id),
      balance: Number(r.balance),
    }));
    const negative = balances.filter((b) => b.balance < 0).map((b) => b.customerId);
    if (negative.length > 0) await syncBillingSuspensions(tx, negative);
    await opts.beforeCommit?.(tx);
    return {
      hour: new Date(h),
      itemsBilled: charged.rows.reduce((n, r) => n + Number(r.items), 0),
      balances,
    };
  });
}

/** The earliest hour some hourly item still owes, or null when all are billed up to `until`. */
async function firstUnbilledHour(db: Database, until: Date): Promise<Date | null> {
  const result = await db.execute<{ first: string | null }>(sql`
    SELECT min(coalesce(billed_until, date_trunc('hour', started_at))) AS first
    FROM billable_items
    WHERE billing_cycle = 'hourly'
      AND coalesce(billed_until, date_trunc('hour', started_at)) < ${until.toISOString()}::timestamptz
      AND (ended_at IS NULL OR coalesce(billed_until, date_trunc('hour', started_at)) < ended_at)`);
  const first = result.rows[0]?.first;
  return first ? new Date(first) : null;
}

/**
 * Bills every closed hour up to now, oldest first: a missed hour (the server was down) is billed
 * when the job next runs. Each hour is its own transaction.
 */
export async function runHourlyBilling(db: Database, now: Date = new Date()): Promise<HourlyRunResult[]> {
  const lastClosed = startOfHour(now);
  const results: HourlyRunResult[] = [];
  for (;;) {
    const first = await firstUnbilledHour(db, lastClosed);
    if (!first || first >= lastClosed) break;
    results.push(await billHour(db, first));
  }
  return results;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { notifyLowBalances } from '../notifications/notify';
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
 * Bills one closed hour for every hourly item, in one transaction of two statements: each item owes
 * `usage:<item>:<hour>` once (the ledger's unique key), capped so a calendar month never costs more
 * than the monthly price. Items are locked while billed, so two runners cannot count an hour twice;
 * a crash before commit leaves nothing behind, and the next run bills the hour again.
 *
 * Cost per item is what the measurement (README, "Hourly billing") showed to matter: one ledger row, one
 * heap-only update of the item (`billed_until`, in no index; the table keeps room for it on its page) and
 * one of its invoice line (found once, then updated by its id), or one new line holding its first hour
 * (not inserted empty and updated, which doubled the writes). Statements are few and large, so
 * statement-level triggers on these tables run once per hour, not per item: the change notifications and
 * the checks of the ledger's customer and of the lines' invoice and item (migration 0012; foreign keys
 * checked each of these rows with a query of its own).
 */
export async function billHour(
  db: Database,
  hour: Date,
  opts: BillHourOptions = {},
): Promise<HourlyRunResult> {
  const h = startOfHour(hour).toISOString();
  const month = sql`date_trunc('month', ${h}::timestamptz, 'UTC')`;
  const end = sql`${h}::timestamptz + interval '1 hour'`;
  // `usage:<item>:2026-11-22T10`: the hour's part is the same for every item, so it is built once here.
  const key = (item: SQL) => sql`'usage:' || ${item} || ${`:${h.slice(0, 13)}`}`;
  return db.transaction(async (tx) => {
    // The run's CTEs and the triggers' transition tables hold a row per item: kept in memory, not spilled.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // Accounts first, in id order: every writer of credit locks the account before items or invoices,
    // so billing an hour never deadlocks with a payment or a cycle renewal. Then the month's invoices.
    await tx.execute(sql`
      WITH locked AS (
        SELECT ca.customer_id FROM credit_accounts ca
        WHERE ca.customer_id IN (SELECT bi.customer_id FROM billable_items bi WHERE ${due(h)})
        ORDER BY ca.customer_id FOR UPDATE
      )
      INSERT INTO invoices (customer_id, period_start, period_end)
      SELECT customer_id, ${month}, ${month} + interval '1 month' FROM locked
      ON CONFLICT (customer_id, period_start) DO NOTHING`);
    // Marking an item billed is what locks it: a concurrent run waits here, then re-checks `due` and
    // skips it. An item whose charge is already in the ledger is marked and left alone, as before.
    const charged = await tx.execute<{
      customer_id: number;
      balance: string;
      items: string;
      total: string;
    }>(sql`
      WITH items AS (
        UPDATE billable_items bi SET billed_until = ${end}
        FROM invoices inv
        WHERE ${due(h)} AND inv.customer_id = bi.customer_id AND inv.period_start = ${month}
        RETURNING bi.id, bi.customer_id, bi.instance_id, bi.resource_type, bi.reason, bi.description,
          bi.sub_description, greatest(bi.started_at, inv.period_start) AS line_start, bi.unit_price,
          bi.monthly_price, inv.id AS invoice_id
      ), due AS (
        SELECT i.*, line.id AS line_id,
          greatest(0, least(i.unit_price, i.monthly_price - coalesce(line.subtotal, 0))) AS amount
        FROM items i
        LEFT JOIN invoice_items line
          ON line.invoice_id = i.invoice_id AND line.billable_item_id = i.id AND line.type = 'hourly'
        -- A charge for this hour can exist only if the line already ends after it (the line moves with
        -- every charge): only then is the ledger asked.
        WHERE line.end_timestamp IS NULL OR line.end_timestamp <= ${h}::timestamptz
          OR NOT EXISTS (SELECT 1 FROM ledger_entries le WHERE le.idempotency_key = ${key(sql`i.id`)})
      ), entries AS (
        INSERT INTO ledger_entries (customer_id, kind, amount, idempotency_key, description, billable_item_id, invoice_id)
        SELECT customer_id, 'usage_charge', -amount, ${key(sql`id`)}, description, id, invoice_id
        FROM due WHERE amount > 0
        RETURNING customer_id, amount
      ), lines AS (
        UPDATE invoice_items ii SET usage = ii.usage + 1, subtotal = ii.subtotal + due.amount, end_timestamp = ${end}
        FROM due WHERE ii.id = due.line_id
      ), new_lines AS (
        INSERT INTO invoice_items (invoice_id, customer_id, billable_item_id, instance_id, category, type,
          billing_cycle, reason, description, sub_description, usage, subtotal, start_timestamp, end_timestamp)
        SELECT invoice_id, customer_id, id, instance_id, resource_type, 'hourly', 'hourly', reason,
          description, sub_description, 1, amount, line_start, ${end}
        FROM due WHERE line_id IS NULL
      ), totals AS (
        SELECT customer_id, sum(amount) AS total, count(*) AS items FROM entries GROUP BY customer_id
      )
      UPDATE credit_accounts ca SET balance = ca.balance + totals.total, updated_at = now()
      FROM totals WHERE ca.customer_id = totals.customer_id
      RETURNING ca.customer_id, ca.balance, totals.items, totals.total`);
    const balances = charged.rows.map((r) => ({
      customerId: Number(r.customer_id),
      balance: Number(r.balance),
    }));
    const negative = balances.filter((b) => b.balance < 0).map((b) => b.customerId);
    if (negative.length > 0) await syncBillingSuspensions(tx, negative);
    await notifyLowBalances(tx, charged.rows, h);
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

import {
  type GatewayName,
  gatewayBrands,
  gatewayNames,
  type OverallPaymentStatus,
  overallStatusOf,
  paymentStatuses,
  type TransactionKind,
  type TransactionStatus,
} from '@nimbus/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TimeRange } from './billing-lists';

/**
 * The customer's transactions: payments, operator adjustments and invoices as one list, built in SQL
 * so that filtering, ordering and paging happen in the database however long the history is.
 */

export interface TransactionRow {
  kind: TransactionKind;
  gateway: GatewayName | null;
  note: string | null;
  period: string | null;
  type: 'payment' | 'invoice';
  referenceId: number;
  description: string;
  /** ISO 8601, UTC. */
  at: string;
  value: number;
  status: TransactionStatus;
}

export interface TransactionFilter {
  status?: TransactionStatus;
  type?: 'payment' | 'invoice';
  range: TimeRange | null;
  limit: number;
  offset: number;
}

/** How a payment reads as a transaction: a partial payment still completed, for what it credited. */
const transactionStatusOf: Record<OverallPaymentStatus, TransactionStatus> = {
  success: 'completed',
  partial: 'completed',
  pending: 'pending',
  failed: 'failed',
  reversed: 'reversed',
};

/** `overallStatusOf` as SQL, generated from the contract so the two can never disagree. */
const paymentStatusSql = sql`CASE p.status ${sql.join(
  paymentStatuses.map((s) => sql`WHEN ${s}::text THEN ${transactionStatusOf[overallStatusOf(s)]}::text`),
  sql` `,
)} END`;

const gatewayBrandSql = sql`CASE p.gateway ${sql.join(
  gatewayNames.map((g) => sql`WHEN ${g}::text THEN ${gatewayBrands[g]}::text`),
  sql` `,
)} ELSE p.gateway END`;

function transactionsOf(customerId: number): SQL {
  return sql`
    SELECT CASE WHEN p.is_auto_recharge THEN 'auto_recharge' ELSE 'top_up' END AS kind,
           'payment' AS type, p.id::bigint AS reference_id,
           p.gateway AS gateway, NULL::text AS note, NULL::text AS period,
           CASE WHEN p.is_auto_recharge THEN 'Auto-recharge via ' ELSE 'Top-up via ' END
             || ${gatewayBrandSql} AS description,
           p.created_at AS at,
           -- What it put on the balance; until it credits anything, what was asked for.
           CASE WHEN p.credited <> 0 THEN p.credited ELSE p.credit END AS value,
           ${paymentStatusSql} AS status
      FROM payments p
     WHERE p.customer_id = ${customerId} AND NOT p.is_card_setup
    UNION ALL
    -- Entries tied to a payment are already in that payment's credited amount.
    SELECT 'adjustment', 'payment', e.id, NULL, e.description, NULL,
           'Credit adjustment: ' || e.description, e.created_at, e.amount,
           'completed'
      FROM ledger_entries e
     WHERE e.customer_id = ${customerId} AND e.kind IN ('adjustment', 'reversal') AND e.payment_id IS NULL
    UNION ALL
    SELECT 'invoice', 'invoice', i.id::bigint, NULL, NULL, to_char(i.period_start AT TIME ZONE 'UTC', 'YYYY-MM'),
           'Invoice for ' || to_char(i.period_start AT TIME ZONE 'UTC', 'FMMonth YYYY'),
           -- A closed invoice is dated by its end; an open one by its latest charge so far.
           CASE WHEN i.status = 'closed' THEN i.period_end
                ELSE coalesce((SELECT max(l.created_at) FROM ledger_entries l WHERE l.invoice_id = i.id),
                              i.period_start) END,
           -coalesce((SELECT sum(it.subtotal) FROM invoice_items it
                       WHERE it.customer_id = i.customer_id AND it.invoice_id = i.id), 0)::bigint,
           CASE WHEN i.status = 'closed' THEN 'completed' ELSE 'open' END
      FROM invoices i
     WHERE i.customer_id = ${customerId}`;
}

function whereOf(filter: TransactionFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  if (filter.type) conditions.push(sql`t.type = ${filter.type}`);
  if (filter.range) {
    const { start, end } = filter.range;
    conditions.push(
      sql`t.at >= ${start.toISOString()}::timestamptz AND t.at < ${end.toISOString()}::timestamptz`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

export async function listTransactions(
  db: DbOrTx,
  customerId: number,
  filter: TransactionFilter,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const all = transactionsOf(customerId);
  const where = whereOf(filter);
  const [page, counted] = await Promise.all([
    db.execute<{
      kind: TransactionRow['kind'];
      type: TransactionRow['type'];
      reference_id: string;
      gateway: GatewayName | null;
      note: string | null;
      period: string | null;
      description: string;
      at: string;
      value: string;
      status: TransactionStatus;
    }>(sql`
      -- Raw queries read timestamps as Postgres text: format them as ISO 8601 here.
      SELECT t.kind, t.type, t.reference_id, t.gateway, t.note, t.period, t.description, t.value, t.status,
             to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM (${all}) t
       WHERE ${where}
       ORDER BY t.at DESC, t.kind, t.reference_id DESC
       LIMIT ${filter.limit} OFFSET ${filter.offset}`),
    db.execute<{ total: string }>(sql`SELECT count(*) AS total FROM (${all}) t WHERE ${where}`),
  ]);
  return {
    rows: page.rows.map((r) => ({
      kind: r.kind,
      gateway: r.gateway,
      note: r.note,
      period: r.period,
      type: r.type,
      referenceId: Number(r.reference_id),
      description: r.description,
      at: r.at,
      value: Number(r.value),
      status: r.status,
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  };
}

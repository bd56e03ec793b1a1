import {
  type GatewayName,
  gatewayBrands,
  gatewayNames,
  type OverallPaymentStatus,
  overallStatusOf,
  paymentStatuses,
  type TransactionKind,
  type TransactionStatus,
  transactionKinds,
} from '@nimbus/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { LedgerEntryKind } from './billing.tables';
import type { TimeRange } from './billing-lists';

/**
 * The customer's transactions, derived from the ledger so that they add up to the balance: each payment
 * with what it credited, each invoice with its charges, and every other entry (refunds, chargebacks,
 * corrections, operator adjustments, kinds added later) on its own. Built in SQL so that filtering,
 * ordering and paging happen in the database however long the history is.
 */

export interface TransactionRow {
  /** Unique in the list: `payment-<id>`, `invoice-<id>`, or `<kind>-<ledger entry id>`. */
  rowId: string;
  kind: TransactionKind;
  gateway: GatewayName | null;
  note: string | null;
  period: string | null;
  hostname: string | null;
  type: 'payment' | 'invoice';
  referenceId: number;
  description: string;
  /** ISO 8601, UTC. */
  at: string;
  value: number;
  balanceChange: number;
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

/** Charges, grouped into one row per invoice. */
const chargeKinds: readonly LedgerEntryKind[] = ['usage_charge', 'subscription_charge'];
const chargeKindsSql = sql.join(
  chargeKinds.map((k) => sql`${k}::text`),
  sql`, `,
);
/** Ledger kinds that read as themselves on their own row; an unknown (newer) kind reads as `other`. */
const ownKinds = transactionKinds.filter((k) => k !== 'invoice' && k !== 'charge' && k !== 'other');
const entryKindSql = sql`CASE WHEN e.kind IN (${sql.join(
  ownKinds.map((k) => sql`${k}::text`),
  sql`, `,
)}) THEN e.kind WHEN e.kind IN (${chargeKindsSql}) THEN 'charge' ELSE 'other' END`;

function transactionsOf(customerId: number): SQL {
  return sql`
    SELECT 'payment-' || p.id AS row_id,
           CASE WHEN p.is_auto_recharge THEN 'auto_recharge' ELSE 'top_up' END AS kind,
           'payment' AS type, p.id::bigint AS reference_id,
           p.gateway AS gateway, NULL::text AS note, NULL::text AS period, NULL::text AS hostname,
           CASE WHEN p.is_auto_recharge THEN 'Auto-recharge via ' ELSE 'Top-up via ' END
             || ${gatewayBrandSql} AS description,
           p.created_at AS at,
           -- What it put on the balance; until it credits anything, what was asked for.
           CASE WHEN c.credited > 0 THEN c.credited ELSE p.credit END AS value,
           coalesce(c.credited, 0) AS balance_change,
           ${paymentStatusSql} AS status
      FROM payments p
      -- Taking credit back (a refund, a lost dispute) is a row of its own, below.
      LEFT JOIN LATERAL (SELECT sum(l.amount) AS credited FROM ledger_entries l
                          WHERE l.payment_id = p.id AND l.customer_id = p.customer_id AND l.amount > 0) c
             ON true
     WHERE p.customer_id = ${customerId} AND NOT p.is_card_setup
    UNION ALL
    SELECT 'invoice-' || i.id, 'invoice', 'invoice', i.id::bigint, NULL, NULL,
           to_char(i.period_start AT TIME ZONE 'UTC', 'YYYY-MM'), NULL,
           'Invoice for ' || to_char(i.period_start AT TIME ZONE 'UTC', 'FMMonth YYYY')
             || CASE WHEN i.status = 'closed' THEN '' ELSE ', so far' END,
           -- A closed invoice is dated by its end; an open one by its start, its total still growing.
           CASE WHEN i.status = 'closed' THEN i.period_end ELSE i.period_start END,
           coalesce(c.charged, 0), coalesce(c.charged, 0),
           CASE WHEN i.status = 'closed' THEN 'completed' ELSE 'open' END
      FROM invoices i
      LEFT JOIN LATERAL (SELECT sum(l.amount) AS charged FROM ledger_entries l
                          WHERE l.invoice_id = i.id AND l.customer_id = i.customer_id
                            AND l.kind IN (${chargeKindsSql})) c ON true
     WHERE i.customer_id = ${customerId}
    UNION ALL
    -- Every entry not in a row above, so that no kind of entry can be left out.
    SELECT ${entryKindSql} || '-' || e.id, ${entryKindSql},
           CASE WHEN e.invoice_id IS NULL THEN 'payment' ELSE 'invoice' END,
           coalesce(e.invoice_id, e.payment_id, e.id)::bigint,
           p.gateway, e.description, NULL, b.description,
           CASE WHEN e.kind = 'adjustment' THEN 'Credit adjustment: ' || e.description ELSE e.description END,
           e.created_at, e.amount, e.amount, 'completed'
      FROM ledger_entries e
      LEFT JOIN payments p ON p.id = e.payment_id AND p.customer_id = e.customer_id
      LEFT JOIN billable_items b ON b.id = e.billable_item_id AND b.customer_id = e.customer_id
     WHERE e.customer_id = ${customerId}
       AND NOT (e.amount > 0 AND p.id IS NOT NULL AND NOT p.is_card_setup)
       AND NOT (e.kind IN (${chargeKindsSql}) AND EXISTS (
             SELECT 1 FROM invoices i WHERE i.id = e.invoice_id AND i.customer_id = e.customer_id))`;
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
      row_id: string;
      kind: TransactionRow['kind'];
      type: TransactionRow['type'];
      reference_id: string;
      gateway: GatewayName | null;
      note: string | null;
      period: string | null;
      hostname: string | null;
      description: string;
      at: string;
      value: string;
      balance_change: string;
      status: TransactionStatus;
    }>(sql`
      -- Raw queries read timestamps as Postgres text: format them as ISO 8601 here.
      SELECT t.row_id, t.kind, t.type, t.reference_id, t.gateway, t.note, t.period, t.hostname,
             t.description, t.value, t.balance_change, t.status,
             to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM (${all}) t
       WHERE ${where}
       -- An open invoice, still growing, stays on top as "so far this month".
       ORDER BY (t.kind = 'invoice' AND t.status = 'open') DESC, t.at DESC, t.kind, t.reference_id DESC,
                t.row_id DESC
       LIMIT ${filter.limit} OFFSET ${filter.offset}`),
    db.execute<{ total: string }>(sql`SELECT count(*) AS total FROM (${all}) t WHERE ${where}`),
  ]);
  return {
    rows: page.rows.map((r) => ({
      rowId: r.row_id,
      kind: r.kind,
      gateway: r.gateway,
      note: r.note,
      period: r.period,
      hostname: r.hostname,
      type: r.type,
      referenceId: Number(r.reference_id),
      description: r.description,
      at: r.at,
      value: Number(r.value),
      balanceChange: Number(r.balance_change),
      status: r.status,
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  };
}

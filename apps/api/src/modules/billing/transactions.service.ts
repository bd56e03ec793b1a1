import {
  fromMicros,
  type Transaction,
  type transactionListQuerySchema,
  type transactionListSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pageOf, rangeOfFilter } from './billing-lists';
import { listTransactions, type TransactionRow } from './transactions.repository';

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.rowId,
    type: row.type,
    kind: row.kind,
    referenceId: row.referenceId,
    description: row.description,
    gateway: row.gateway,
    note: row.note,
    period: row.period,
    hostname: row.hostname,
    timestamp: row.at,
    value: fromMicros(row.value, 2),
    balanceChange: fromMicros(row.balanceChange, 6),
    status: row.status,
  };
}

/** The transactions list (platform.md §3 "Transaction"): credit in and out, newest first. */
export function createTransactionsService(deps: { db: Database }) {
  return {
    async list(
      customerId: number,
      query: z.output<typeof transactionListQuerySchema>,
      now = new Date(),
    ): Promise<z.infer<typeof transactionListSchema>> {
      const { rows, total } = await listTransactions(deps.db, customerId, {
        status: query.status,
        type: query.type,
        range: rangeOfFilter(query, now),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { transactions: rows.map(toTransaction), ...pageOf(total, query.page, query.pageSize) };
    },
  };
}
export type TransactionsService = ReturnType<typeof createTransactionsService>;

import {
  type InvoiceStatus,
  invoiceStatuses,
  type TransactionStatus,
  transactionStatuses,
  transactionTypes,
} from '@nimbus/contract';
import { type IntervalSearch, intervalSearch, pageSearch } from '../../components/filters';
import { optionalOneOf, optionalString } from '../../lib/search-params';

/** Search params of the billing routes: the filters and page live in the URL (platform.md §2). */

export type InvoicesSearch = IntervalSearch & {
  status?: InvoiceStatus;
  page?: number;
};
export const readInvoicesSearch = (search: Record<string, unknown>): InvoicesSearch => ({
  status: optionalOneOf(invoiceStatuses, search.status),
  ...intervalSearch(search),
  page: pageSearch(search.page),
});

export type TransactionsSearch = IntervalSearch & {
  status?: TransactionStatus;
  type?: (typeof transactionTypes)[number];
  page?: number;
};
export const readTransactionsSearch = (search: Record<string, unknown>): TransactionsSearch => ({
  status: optionalOneOf(transactionStatuses, search.status),
  type: optionalOneOf(transactionTypes, search.type),
  ...intervalSearch(search),
  page: pageSearch(search.page),
});

export const readInvoicePrintSearch = (search: Record<string, unknown>): { token?: string } => ({
  token: optionalString(search.token),
});

import {
  type BillingInfo,
  INVOICES_PAGE_SIZE,
  type InvoiceDetails,
  type InvoiceList,
  type InvoiceStatus,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionStatus,
  type transactionListSchema,
} from '@nimbus/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { type ValidInterval, validInterval } from '../../components/filters';
import type { InvoicesSearch, TransactionsSearch } from './search';

/** Query keys of the billing area: credit, invoices, invoice items, transactions. */
export const billingKeys = {
  all: ['billing'] as const,
  info: () => [...billingKeys.all, 'info'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoiceList: (filters: InvoiceFilters, page: number) =>
    [...billingKeys.invoices(), 'list', filters, page] as const,
  invoicePages: (filters: InvoiceFilters) => [...billingKeys.invoices(), 'pages', filters] as const,
  invoice: (id: number) => [...billingKeys.invoices(), 'details', id] as const,
  invoicePrint: (token: string) => [...billingKeys.invoices(), 'print', token] as const,
  transactions: () => [...billingKeys.all, 'transactions'] as const,
  transactionList: (filters: TransactionFilters, page: number) =>
    [...billingKeys.transactions(), 'list', filters, page] as const,
  transactionPages: (filters: TransactionFilters) =>
    [...billingKeys.transactions(), 'pages', filters] as const,
};

/**
 * What a charge or a credit touches (an order, a renewal, a deletion's refund, a top-up): the balance in
 * the top bar and on every credit card, this month's spending, the invoices and the transactions.
 */
export const creditChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: billingKeys.all });

/** Balance, usage rate, spent this month: every screen that shows credit reads this one query. */
export const billingInfoQuery = () =>
  queryOptions({
    queryKey: billingKeys.info(),
    queryFn: () => api<BillingInfo>('/profile/billing-info'),
  });

/** What a list is filtered by, as sent to the API; an incomplete custom range is no filter. */
export type InvoiceFilters = { status?: InvoiceStatus } & Partial<ValidInterval>;
export type TransactionFilters = {
  status?: TransactionStatus;
  type?: 'invoice' | 'payment';
} & Partial<ValidInterval>;

export const invoiceFiltersOf = (search: InvoicesSearch): InvoiceFilters => ({
  status: search.status,
  ...validInterval(search),
});
export const transactionFiltersOf = (search: TransactionsSearch): TransactionFilters => ({
  status: search.status,
  type: search.type,
  ...validInterval(search),
});

/** A page of a list: the next one exists while pages come full and the total says there is more. */
const nextPage = (last: { page: number; pageSize: number; totalPages: number }, received: number) =>
  received < last.pageSize || last.page >= last.totalPages ? undefined : last.page + 1;

async function fetchInvoices(filters: InvoiceFilters, page: number) {
  const query = { ...filters, page, pageSize: INVOICES_PAGE_SIZE };
  return api<InvoiceList>('/invoices', { query });
}

/** One page of invoices for the table; the previous page stays on screen while the next loads. */
export const invoiceListQuery = (filters: InvoiceFilters, page: number) =>
  queryOptions({
    queryKey: billingKeys.invoiceList(filters, page),
    queryFn: () => fetchInvoices(filters, page),
    placeholderData: keepPreviousData,
  });

/** Invoices page after page for the cards on small screens. */
export const invoicePagesQuery = (filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: billingKeys.invoicePages(filters),
    queryFn: ({ pageParam }) => fetchInvoices(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last, last.invoices.length),
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: () => api<InvoiceDetails>(`/v2/invoices/${id}`),
  });

/** The printable invoice, opened without signing in; the signed token is the permission. */
export const invoicePrintQuery = (token: string) =>
  queryOptions({
    queryKey: billingKeys.invoicePrint(token),
    queryFn: () => api<InvoiceDetails>('/v2/invoices/print', { query: { token } }),
    retry: false,
  });

async function fetchTransactions(filters: TransactionFilters, page: number) {
  const query = { ...filters, page, pageSize: TRANSACTIONS_PAGE_SIZE };
  return api<z.output<typeof transactionListSchema>>('/transactions', { query });
}

export const transactionListQuery = (filters: TransactionFilters, page: number) =>
  queryOptions({
    queryKey: billingKeys.transactionList(filters, page),
    queryFn: () => fetchTransactions(filters, page),
    placeholderData: keepPreviousData,
  });

export const transactionPagesQuery = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: billingKeys.transactionPages(filters),
    queryFn: ({ pageParam }) => fetchTransactions(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last, last.transactions.length),
  });

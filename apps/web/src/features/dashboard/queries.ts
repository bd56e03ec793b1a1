import type { InvoiceList } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { billingKeys } from '../billing/queries';

/**
 * How many invoices the customer has, the open month's included, as the invoices page lists them: one
 * row asked for, the total read. Under the invoices' key, so whatever changes credit refreshes it.
 */
export const invoiceCountQuery = () =>
  queryOptions({
    queryKey: [...billingKeys.invoices(), 'count'] as const,
    queryFn: async () =>
      (await api<InvoiceList>('/invoices', { query: { page: 1, pageSize: 1 } })).totalCount,
  });

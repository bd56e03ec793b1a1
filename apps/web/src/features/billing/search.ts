import { invoiceStatuses, transactionStatuses, transactionTypes } from '@nimbus/contract';
import { z } from 'zod';
import { choiceSearch, intervalSearch, pageSearch } from '../../components/filters';

/** Search params of the billing routes: the filters and page live in the URL (platform.md §2). */

export const invoicesSearchSchema = z.object({
  status: choiceSearch(invoiceStatuses),
  ...intervalSearch,
  page: pageSearch,
});
export type InvoicesSearch = z.output<typeof invoicesSearchSchema>;

export const transactionsSearchSchema = z.object({
  status: choiceSearch(transactionStatuses),
  type: choiceSearch(transactionTypes),
  ...intervalSearch,
  page: pageSearch,
});
export type TransactionsSearch = z.output<typeof transactionsSearchSchema>;

export const invoicePrintSearchSchema = z.object({ token: z.string().optional().catch(undefined) });

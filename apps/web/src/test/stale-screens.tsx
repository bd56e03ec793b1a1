import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountKeys } from '../features/account/queries';
import { billingKeys } from '../features/billing/queries';
import { instanceKeys } from '../features/instances/queries';

/**
 * A query cache holding the screens a mutation could make stale (plus `extra`), each fresh until the
 * mutation invalidates it; `stale()` names those it did. Mutations must keep every screen true.
 */
export function cacheWithScreens(extra: Record<string, QueryKey> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys: Record<string, QueryKey> = {
    balance: billingKeys.info(),
    transactions: billingKeys.transactionList({}, 1),
    invoices: billingKeys.invoiceList({}, 1),
    list: instanceKeys.list({}),
    stats: instanceKeys.stats(),
    preorders: instanceKeys.preorders(),
    log: accountKeys.activityLog(),
    ...extra,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { wrapper, stale };
}

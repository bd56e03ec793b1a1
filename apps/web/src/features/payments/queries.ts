import {
  type Checkout,
  type CreatePaymentRequest,
  PAYMENTS_PAGE_SIZE,
  type PaymentReceipt,
  type paymentListSchema,
} from '@nimbus/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { creditChanged } from '../billing/queries';

/** Query keys of the payments area; the paged table and the small-screen cards share the `list` prefix. */
export const paymentKeys = {
  all: ['payments'] as const,
  list: () => [...paymentKeys.all, 'list'] as const,
  page: (page: number) => [...paymentKeys.list(), 'page', page] as const,
  infinite: () => [...paymentKeys.list(), 'infinite'] as const,
  receipt: (token: string) => [...paymentKeys.all, 'receipt', token] as const,
};

const fetchPaymentsPage = (page: number) =>
  api<z.output<typeof paymentListSchema>>('/payments', {
    query: { page, pageSize: PAYMENTS_PAGE_SIZE },
  });

/** One page of the customer's payments, newest first; the previous page stays on screen while paging. */
export const paymentsPageQuery = (page: number) =>
  queryOptions({
    queryKey: paymentKeys.page(page),
    queryFn: () => fetchPaymentsPage(page),
    placeholderData: keepPreviousData,
  });

/** Small screens load more until a page returns fewer than a full page (platform.md §9). */
export const paymentsInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.infinite(),
    queryFn: ({ pageParam }) => fetchPaymentsPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.payments.length < PAYMENTS_PAGE_SIZE ? undefined : last.page + 1),
  });

/** The printable receipt; opened without login, so the token is the only credential. */
export const receiptQuery = (token: string) =>
  queryOptions({
    queryKey: paymentKeys.receipt(token),
    queryFn: () => api<PaymentReceipt>('/payments/print', { query: { token } }),
    retry: false,
  });

export const TOP_UP_INTENT_KEY = 'nimbus.idempotency.topUp';

/**
 * Starts a top-up. The payment exists (NEW) as soon as the server answers, and the gateway may credit
 * it before the customer is back, so the list and the balance are stale from here on.
 */
export function useCheckoutMutation() {
  const queryClient = useQueryClient();
  // One payment per submit, also when the page reloads before the gateway's address came back.
  const intent = useIdempotentIntent(TOP_UP_INTENT_KEY);
  return useMutation({
    mutationFn: (body: CreatePaymentRequest) =>
      intent.run((idempotencyKey) => api<Checkout>('/payments', { method: 'POST', body, idempotencyKey })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.list() }),
        creditChanged(queryClient),
      ]),
  });
}

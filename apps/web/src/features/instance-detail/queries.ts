import {
  type ActivityLogEntry,
  type ActivityLogList,
  INVOICE_ITEMS_PAGE_SIZE,
  type Instance,
  type invoiceItemListSchema,
  type manageAutoRenewResponseSchema,
  type passwordResetResponseSchema,
  type ResizeRequest,
} from '@nimbus/contract';
import { infiniteQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { nextLogCursor } from '../account/activity/activity-paging';
import { LOG_PAGE_SIZE } from '../account/queries';
import { creditChanged } from '../billing/queries';
import {
  deleteInstance,
  instanceDetailQuery,
  instanceKeys,
  instancesChanged,
  resetInstance,
} from '../instances/queries';
import { unlessLive } from '../live-updates/live-status';
import { detailRefetchInterval, detailRetry, detailRetryDelay } from './instance-rules';

/** Data and actions of the instance detail page; keys hang under `instanceKeys.detail(id)`. */

/** The instance, polled every 3 s until stable; a 500 is retried every 3 s five times, then polling stops. */
export const useInstanceDetail = (id: number) =>
  useQuery({
    ...instanceDetailQuery(id),
    refetchInterval: (query) =>
      unlessLive(detailRefetchInterval(query.state.data, query.state.status === 'error')),
    retry: detailRetry,
    retryDelay: detailRetryDelay,
  });

export const invoiceItemsQuery = (instanceId: number) =>
  infiniteQueryOptions({
    queryKey: instanceKeys.invoiceItems(instanceId),
    queryFn: ({ pageParam }) =>
      api<z.output<typeof invoiceItemListSchema>>('/invoice-items', {
        query: { instanceId, page: pageParam, size: INVOICE_ITEMS_PAGE_SIZE },
      }),
    initialPageParam: 1,
    // Infinite scroll ends when a page returns fewer rows than the page size (spec §9).
    getNextPageParam: (last, pages) =>
      last.items.length < INVOICE_ITEMS_PAGE_SIZE ? undefined : pages.length + 1,
  });

export const instanceLogQuery = (instanceId: number, pageSize = LOG_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: instanceKeys.log(instanceId, pageSize),
    queryFn: async ({ pageParam }): Promise<ActivityLogEntry[]> =>
      (
        await api<ActivityLogList>('/logs', {
          query: { instanceId, endTimestamp: pageParam, limit: pageSize },
        })
      ).logs,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextLogCursor(last, pageSize),
  });

/**
 * A call on one instance that changes it: afterwards the detail (and with it the page's polling until
 * stable, its invoice items and log), the lists, the counts and the activity logs are refetched; one
 * that `charges` also the balance, invoices and transactions.
 */
function useInstanceMutation<TVars, TData>(
  id: number,
  call: (vars: TVars) => Promise<TData>,
  { charges = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: instanceKeys.detail(id) }),
        instancesChanged(queryClient),
        charges ? creditChanged(queryClient) : undefined,
      ]),
  });
}

export const usePowerMutation = (id: number) =>
  useInstanceMutation(id, (action: 'poweron' | 'poweroff') =>
    api<unknown>(`/instances/${id}/${action}`, { method: 'POST', body: {} }),
  );

export const useRestartMutation = (id: number) => useInstanceMutation(id, () => resetInstance(id));

export const useHostnameMutation = (id: number) =>
  useInstanceMutation(id, (hostname: string) =>
    api<unknown>(`/instances/${id}/change-hostname`, { method: 'POST', body: { hostname } }),
  );

export const useResetInstancePasswordMutation = (id: number) =>
  useInstanceMutation(id, () =>
    api<z.output<typeof passwordResetResponseSchema>>(`/instances/${id}/change-pass`, { method: 'POST' }),
  );

/** Change OS or reinstall: the new password comes once, in `data.password`. */
export const useChangeOsMutation = (id: number) =>
  useInstanceMutation(id, (osId: number) =>
    api<{ data: { password: string } }>(`/instances/${id}/change-os`, { method: 'POST', body: { osId } }),
  );

/** Resize: the new password comes only after a clean install (a smaller disk), else null. */
export const useResizeMutation = (id: number) =>
  useInstanceMutation(id, (body: ResizeRequest) =>
    api<{ password: string | null }>(`/instances/${id}/resize`, { method: 'POST', body }),
  );

export const useEnableRescueMutation = (id: number) =>
  useInstanceMutation(id, (password: string) =>
    api<Instance>(`/instances/${id}/rescue-mode`, { method: 'POST', body: { password } }),
  );

export const useDisableRescueMutation = (id: number) =>
  useInstanceMutation(id, () => api<Instance>(`/instances/${id}/rescue-mode`, { method: 'DELETE' }));

export const useAutoRenewMutation = (id: number) =>
  useInstanceMutation(id, (autoRenew: boolean) =>
    api<z.output<typeof manageAutoRenewResponseSchema>>(`/instances/${id}/manage-auto-renew`, {
      method: 'PUT',
      body: { autoRenew },
    }),
  );

/** Renew now charges a cycle: one charge per click, however often the click is sent. */
export function useRenewMutation(id: number) {
  const intent = useIdempotentIntent();
  return useInstanceMutation(
    id,
    () =>
      intent.run((idempotencyKey) =>
        api<unknown>(`/instances/${id}/renew`, { method: 'POST', idempotencyKey }),
      ),
    { charges: true },
  );
}

/** Deleting drops the instance from the cache instead of refetching a 404. */
export function useDeleteInstanceMutation(id: number) {
  const queryClient = useQueryClient();
  const intent = useIdempotentIntent();
  return useMutation({
    mutationFn: () => intent.run((idempotencyKey) => deleteInstance(id, idempotencyKey)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: instanceKeys.detail(id) });
      // A subscription's unused days come back as credit, on the month's invoice and in transactions.
      void creditChanged(queryClient);
      void instancesChanged(queryClient);
    },
  });
}

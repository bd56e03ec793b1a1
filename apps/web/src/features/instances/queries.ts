import {
  type bulkSubscriptionRefundSchema,
  type CreationStatus,
  INSTANCE_LIST_PAGE_SIZE,
  INSTANCE_LIST_POLL_MS,
  type Instance,
  type InstanceList,
  type InstanceStats,
  type InstanceStatusFilter,
  listNeedsPolling,
  type preorderListSchema,
  type SubscriptionRefund,
} from '@nimbus/contract';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { ValidInterval } from '../../components/filters';
import { accountKeys } from '../account/queries';
import { unlessLive } from '../live-updates/live-status';

/** What the instance list is filtered by, as sent to the API; an incomplete custom range is no filter. */
export type InstanceFilters = { status?: InstanceStatusFilter; ipv4?: string } & Partial<ValidInterval>;

/**
 * Query keys of the instances area. Everything about one instance sits under `detail(id)`, so
 * invalidating it refreshes the detail pages; `lists()` covers every filtered list and the dashboard's.
 */
export const instanceKeys = {
  all: ['instances'] as const,
  lists: () => [...instanceKeys.all, 'list'] as const,
  list: (filters: InstanceFilters) => [...instanceKeys.lists(), filters] as const,
  details: () => [...instanceKeys.all, 'detail'] as const,
  detail: (id: number) => [...instanceKeys.details(), id] as const,
  stats: () => [...instanceKeys.all, 'stats'] as const,
  preorders: () => [...instanceKeys.all, 'preorders'] as const,
  creationStatus: (ids: readonly number[]) => [...instanceKeys.all, 'creation-status', ids] as const,
  refund: (id: number) => [...instanceKeys.detail(id), 'subscription-refund'] as const,
  invoiceItems: (id: number) => [...instanceKeys.detail(id), 'invoice-items'] as const,
  log: (id: number, pageSize: number) => [...instanceKeys.detail(id), 'logs', pageSize] as const,
  bulkRefund: (ids: readonly number[]) => [...instanceKeys.all, 'bulk-refund', ids] as const,
};

/**
 * What any change to the customer's services touches besides the instance itself: every list (the
 * dashboard's too), the counts, the pending GPU preorders, and the activity logs, which record it.
 */
export const instancesChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: instanceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: instanceKeys.stats() }),
    queryClient.invalidateQueries({ queryKey: instanceKeys.preorders() }),
    queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() }),
  ]);

/** One instance; the detail pages decide how often to poll it. */
export const instanceDetailQuery = (id: number) =>
  queryOptions({
    queryKey: instanceKeys.detail(id),
    queryFn: () => api<Instance>(`/instances/${id}`),
  });

async function fetchInstances(filters: InstanceFilters, bookmark: string | undefined, limit: number) {
  const query = { ...filters, ipv4: filters.ipv4 || undefined, bookmark, limit };
  return await api<InstanceList>('/instances', { query });
}

/**
 * The instance list, a bookmark page after another (GPU preorders first). Polling refetches every
 * page already loaded, which is what an infinite query does on refetch.
 */
export const instanceListQuery = (filters: InstanceFilters, limit = INSTANCE_LIST_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...instanceKeys.list(filters), limit] as const,
    queryFn: ({ pageParam }) => fetchInstances(filters, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.bookmark ?? undefined,
    refetchInterval: (query) => unlessLive(listPollInterval(query.state.data?.pages)),
  });

/** Every 6 s while an instance is changing or has no main IP yet (instances.md §4 "Polling"). */
export const listPollInterval = (pages: readonly InstanceList[] | undefined) =>
  pages && listNeedsPolling(pages.flatMap((page) => page.instances)) ? INSTANCE_LIST_POLL_MS : false;

/** Services count, powered on, shut down and suspended (platform.md §3 "Instance count"). */
export const instanceStatsQuery = () =>
  queryOptions({
    queryKey: instanceKeys.stats(),
    queryFn: () => api<InstanceStats>('/instances/stats'),
  });

/**
 * The pending GPU preorders, whatever the list's filters: the counts beside the list name them, since
 * the instance counts leave them out while the list shows them.
 */
export const preordersQuery = () =>
  queryOptions({
    queryKey: instanceKeys.preorders(),
    queryFn: async () => (await api<z.output<typeof preorderListSchema>>('/preorders')).preorders,
  });

/** Where each instance of a submitted order stands (the creation pending page). */
export const creationStatusQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: instanceKeys.creationStatus(ids),
    queryFn: () => api<CreationStatus>('/instances/creation-status', { query: { ids: ids.join(',') } }),
  });

/** What deleting one subscription instance gives back. */
export const subscriptionRefundQuery = (id: number) =>
  queryOptions({
    queryKey: instanceKeys.refund(id),
    queryFn: () => api<SubscriptionRefund>(`/instances/${id}/subscription-refund`),
  });

/** The refunds of every instance queued for deletion, in one call. */
export const bulkRefundQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: instanceKeys.bulkRefund(ids),
    queryFn: () =>
      api<z.output<typeof bulkSubscriptionRefundSchema>>('/instances/bulk-subscription-refund', {
        method: 'POST',
        body: { ids },
      }),
  });

/** Restarts one instance; the list polls it back to a stable state. */
export const resetInstance = (id: number) => api<unknown>(`/instances/${id}/reset`, { method: 'POST' });
/** Deletes one instance; `idempotencyKey` makes a retry of the same deletion replay its refund answer. */
export const deleteInstance = (id: number, idempotencyKey?: string) =>
  api<unknown>(`/instances/${id}`, { method: 'DELETE', idempotencyKey });

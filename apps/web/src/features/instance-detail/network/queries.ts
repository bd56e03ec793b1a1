import type { Instance, NetworkReport, NetworkStats } from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useIdempotentIntent } from '../../../api/idempotency';
import { creditChanged } from '../../billing/queries';
import { instanceKeys, instancesChanged } from '../../instances/queries';

/** Query keys of the Network tab, under the instance's detail so changing the instance refetches them. */
export const networkKeys = {
  stats: (id: number) => [...instanceKeys.detail(id), 'network-stats'] as const,
  report: (id: number) => [...instanceKeys.detail(id), 'network-report'] as const,
  bulkStats: (ids: readonly number[]) => [...instanceKeys.all, 'bulk-network-stats', ids] as const,
};

export const networkStatsQuery = (id: number) =>
  queryOptions({
    queryKey: networkKeys.stats(id),
    queryFn: () => api<NetworkStats>(`/instances/${id}/network-stats`),
    retry: false,
  });

/** The current cycle's cumulative transfer per day. */
export const networkReportQuery = (id: number) =>
  queryOptions({
    queryKey: networkKeys.report(id),
    queryFn: () => api<NetworkReport>(`/instances/${id}/report`),
    retry: false,
  });

/** The deletion page's transfer figures of several instances. */
export const bulkNetworkStatsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: networkKeys.bulkStats(ids),
    queryFn: () =>
      api<{ items: (NetworkStats & { externalId: number })[] }>('/instances/network-stats', {
        query: { instanceId: ids.join(',') },
      }),
    enabled: ids.length > 0,
    retry: false,
  });

/** A change of the instance's network: the instance (and its tab's figures), lists and, if paid, credit. */
function useNetworkMutation<TVars, TData>(
  id: number,
  call: (vars: TVars) => Promise<TData>,
  charges = false,
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

export const useSetPtrMutation = (id: number) =>
  useNetworkMutation(id, ({ ip, ptr }: { ip: string; ptr: string | null }) =>
    ptr === null
      ? api<Instance>(`/instances/${id}/ptr`, { method: 'DELETE', query: { ip } })
      : api<Instance>(`/instances/${id}/ptr`, { method: 'PUT', body: { ip, ptr } }),
  );

/** Paid calls: one charge per click, however often the click is sent. */
export function useAddBandwidthMutation(id: number) {
  const intent = useIdempotentIntent();
  return useNetworkMutation(
    id,
    (amountInTB: number) =>
      intent.run((idempotencyKey) =>
        api<NetworkStats>(`/instances/${id}/add-bandwidth`, {
          method: 'POST',
          body: { amountInTB },
          idempotencyKey,
        }),
      ),
    true,
  );
}

export function useEnableIpMutation(id: number) {
  const intent = useIdempotentIntent();
  return useNetworkMutation(
    id,
    (type: 'ipv4' | 'ipv6') =>
      intent.run((idempotencyKey) =>
        api<Instance>(`/instances/${id}/enable-ip`, { method: 'POST', body: { type }, idempotencyKey }),
      ),
    true,
  );
}

export function useEnableDdosMutation(id: number) {
  const intent = useIdempotentIntent();
  return useNetworkMutation(
    id,
    () =>
      intent.run((idempotencyKey) =>
        api<Instance>(`/instances/${id}/enable-ddos`, {
          method: 'POST',
          body: { type: 'ipv4' },
          idempotencyKey,
        }),
      ),
    true,
  );
}

import {
  type CreateFloatingIpRequest,
  type FloatingIp,
  type FloatingIpList,
  INSTANCE_LIST_MAX_LIMIT,
  type InstanceList,
} from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { creditChanged } from '../billing/queries';

/** Query keys of the floating IPs area. */
export const floatingIpKeys = {
  all: ['floating-ips'] as const,
  list: () => [...floatingIpKeys.all, 'list'] as const,
  instances: () => [...floatingIpKeys.all, 'instances'] as const,
};

/** Every active address (at most `maxActiveFloatingIp`, so never paged) with the counts of the two limits. */
export const floatingIpsQuery = queryOptions({
  queryKey: floatingIpKeys.list(),
  queryFn: () => api<FloatingIpList>('/floating-ip'),
});

/** The customer's instances an address can be attached to, read when the attach dialog opens. */
export const attachableInstancesQuery = queryOptions({
  queryKey: floatingIpKeys.instances(),
  queryFn: async () =>
    (await api<InstanceList>('/instances', { query: { limit: INSTANCE_LIST_MAX_LIMIT } })).instances,
});

/** Every change refetches the list (platform.md §5 "list refreshes afterwards"), failures too. */
function useFloatingIpMutation<A, R>(send: (args: A) => Promise<R>, charges = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: floatingIpKeys.all }),
        charges ? creditChanged(queryClient) : undefined,
      ]),
  });
}

/** Buying charges the first month: one purchase per click, however often the click is sent. */
export function useCreateFloatingIps() {
  const intent = useIdempotentIntent();
  return useFloatingIpMutation(
    (body: CreateFloatingIpRequest) =>
      intent.run((idempotencyKey) =>
        api<{ items: FloatingIp[] }>('/floating-ip', { method: 'POST', body, idempotencyKey }),
      ),
    true,
  );
}

export const useSetAutoRenew = () =>
  useFloatingIpMutation(({ id, autoRenew }: { id: number; autoRenew: boolean }) =>
    api<FloatingIp>(`/floating-ip/${id}`, { method: 'PATCH', body: { autoRenew } }),
  );

export const useReleaseFloatingIp = () =>
  useFloatingIpMutation((id: number) => api<null>(`/floating-ip/${id}/release`, { method: 'POST' }));

export const useAttachFloatingIp = () =>
  useFloatingIpMutation(({ id, instanceId }: { id: number; instanceId: number }) =>
    api<FloatingIp>(`/floating-ip/${id}/attach`, { method: 'POST', body: { instanceId } }),
  );

export const useDetachFloatingIp = () =>
  useFloatingIpMutation((id: number) => api<FloatingIp>(`/floating-ip/${id}/detach`, { method: 'POST' }));

import { type Instance, ISO_POLL_MS, type Iso, type IsoImport, type IsoInstance } from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { instanceKeys } from '../instances/queries';
import { unlessLive } from '../live-updates/live-status';

/** Query keys of the custom ISO area; the event stream's `isos` topic makes `all` stale. */
export const isoKeys = {
  all: ['isos'] as const,
  list: () => [...isoKeys.all, 'list'] as const,
  instances: (isoId: number) => [...isoKeys.all, 'instances', isoId] as const,
};

export const isoListQuery = queryOptions({
  queryKey: isoKeys.list(),
  queryFn: async () => (await api<{ items: Iso[] }>('/iso')).items,
  retry: false,
  // Progress arrives by server push; without it, a download is asked after as the spec's panel does.
  refetchInterval: (query) =>
    unlessLive(query.state.data?.some((iso) => iso.status === 'DOWNLOADING') ? ISO_POLL_MS : false),
});

export const isoInstancesQuery = (isoId: number) =>
  queryOptions({
    queryKey: isoKeys.instances(isoId),
    queryFn: async () => (await api<{ instances: IsoInstance[] }>(`/iso/${isoId}/instances`)).instances,
    retry: false,
  });

function useIsoMutation<TVars, TData>(call: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: isoKeys.all }),
        queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
      ]),
  });
}

export const useImportIsoMutation = () =>
  useIsoMutation((form: IsoImport) => api<Iso>('/iso', { method: 'POST', body: form }));

export const useDeleteIsoMutation = () =>
  useIsoMutation((id: number) => api<null>(`/iso/${id}`, { method: 'DELETE' }));

/** Ejects the ISO from one instance, which reboots from its disk (instances.md §7 eject-iso). */
export const useDetachIsoMutation = () =>
  useIsoMutation((instanceId: number) =>
    api<Instance>(`/instances/${instanceId}/eject-iso`, { method: 'POST' }),
  );

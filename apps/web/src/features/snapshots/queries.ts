import {
  SNAPSHOT_LIST_MAX_LIMIT,
  SNAPSHOT_PAGE_SIZE,
  type Snapshot,
  type SnapshotList,
} from '@nimbus/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { instanceKeys, instancesChanged } from '../instances/queries';
import { unlessLive } from '../live-updates/live-status';

/** While an operation runs and the event stream is down, the list is asked again this often (spec §9). */
export const SNAPSHOT_POLL_MS = 5000;

export interface SnapshotFilters {
  instanceId?: number;
  page: number;
}

/** Query keys of the snapshots area (the event stream's `snapshots` topic refetches `all`). */
export const snapshotKeys = {
  all: ['snapshots'] as const,
  lists: () => [...snapshotKeys.all, 'list'] as const,
  list: (filters: SnapshotFilters) => [...snapshotKeys.lists(), filters] as const,
};

export const hasOperation = (list: SnapshotList | undefined) =>
  Boolean(list?.items.some((s) => s.status === 'in_progress' || s.status === 'restoring'));

/** One page of snapshots (of one instance), followed by server events, polled only without them. */
export const snapshotListQuery = (filters: SnapshotFilters) =>
  queryOptions({
    queryKey: snapshotKeys.list(filters),
    queryFn: () =>
      api<SnapshotList>('/snapshots', {
        query: { instanceId: filters.instanceId, page: filters.page, limit: SNAPSHOT_PAGE_SIZE },
      }),
    refetchInterval: (query) => unlessLive(hasOperation(query.state.data) ? SNAPSHOT_POLL_MS : false),
  });

/** Every ready snapshot, a hundred at a time as the creation screen's picker scrolls. */
export const readySnapshotsQuery = infiniteQueryOptions({
  queryKey: [...snapshotKeys.lists(), 'ready'] as const,
  queryFn: ({ pageParam }) =>
    api<SnapshotList>('/snapshots', {
      query: { status: 'active', page: pageParam, limit: SNAPSHOT_LIST_MAX_LIMIT },
    }),
  initialPageParam: 1,
  getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
});

/**
 * A call that changes snapshots: afterwards the lists, the instance it concerns (its status shows the
 * operation) and the instance lists are refetched. Take, retake and restore are one intent each.
 */
function useSnapshotMutation<TVars>(
  instanceId: number,
  call: (vars: TVars, idempotencyKey: string) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const intent = useIdempotentIntent();
  return useMutation({
    mutationFn: (vars: TVars) => intent.run((key) => call(vars, key)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: snapshotKeys.all }),
        queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) }),
        instancesChanged(queryClient),
      ]),
  });
}

export const useTakeSnapshot = (instanceId: number) =>
  useSnapshotMutation(instanceId, (_: undefined, idempotencyKey) =>
    api<{ data: Snapshot }>('/snapshots', { method: 'POST', body: { instanceId }, idempotencyKey }),
  );

export const useRestoreSnapshot = (instanceId: number) =>
  useSnapshotMutation(instanceId, (id: number, idempotencyKey) =>
    api<{ data: Snapshot }>(`/snapshots/${id}/restore`, { method: 'POST', idempotencyKey }),
  );

export const useRetakeSnapshot = (instanceId: number) =>
  useSnapshotMutation(instanceId, (id: number, idempotencyKey) =>
    api<{ data: Snapshot }>(`/snapshots/${id}/retake`, { method: 'POST', idempotencyKey }),
  );

export const useDeleteSnapshot = (instanceId: number) =>
  useSnapshotMutation(instanceId, (id: number) => api<null>(`/snapshots/${id}`, { method: 'DELETE' }));

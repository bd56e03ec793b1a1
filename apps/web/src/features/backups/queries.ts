import type { BackupFile, BackupProfile, BackupProfileListItem, BackupSettings } from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { creditChanged } from '../billing/queries';
import { instanceKeys } from '../instances/queries';

/** Query keys of the backups area; the event stream's `backups` topic makes `all` stale. */
export const backupKeys = {
  all: ['backups'] as const,
  instance: (instanceId: number) => [...backupKeys.all, 'instance', instanceId] as const,
  profiles: () => [...backupKeys.all, 'profiles'] as const,
};

export const backupSettingsQuery = (instanceId: number) =>
  queryOptions({
    queryKey: backupKeys.instance(instanceId),
    queryFn: () => api<BackupProfile>('/backups', { query: { instanceId } }),
    retry: false,
  });

export const backupProfilesQuery = queryOptions({
  queryKey: backupKeys.profiles(),
  queryFn: () => api<BackupProfileListItem[]>('/backups/profiles'),
  retry: false,
});

type Schedule = BackupSettings & { instanceId: number };

/** After any change: the backups, the instance (a restore changes its status), and, if paid, credit. */
function useBackupMutation<TVars, TData>(
  instanceId: number,
  call: (vars: TVars) => Promise<TData>,
  charges = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.all }),
        queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) }),
        charges ? creditChanged(queryClient) : undefined,
      ]),
  });
}

/** Enabling starts a fee: one activation per click, however often the click is sent. */
export function useEnableBackupsMutation(instanceId: number) {
  const intent = useIdempotentIntent();
  return useBackupMutation(
    instanceId,
    (schedule: Schedule) =>
      intent.run((idempotencyKey) =>
        api<BackupProfile>('/backups', { method: 'POST', body: schedule, idempotencyKey }),
      ),
    true,
  );
}

export const useUpdateBackupsMutation = (instanceId: number) =>
  useBackupMutation(instanceId, (schedule: Schedule) =>
    api<BackupProfile>('/backups', { method: 'PUT', body: schedule }),
  );

export const useDisableBackupsMutation = (instanceId: number) =>
  useBackupMutation(
    instanceId,
    () => api<BackupProfile>('/backups', { method: 'DELETE', query: { instanceId } }),
    true,
  );

export const useRestoreBackupMutation = (instanceId: number) =>
  useBackupMutation(instanceId, ({ id, confirm }: { id: number; confirm: string }) =>
    api<BackupFile>(`/backups/${id}/restore`, { method: 'POST', body: { confirm } }),
  );

export const useDeleteBackupMutation = (instanceId: number) =>
  useBackupMutation(instanceId, (id: number) => api<null>(`/backups/${id}`, { method: 'DELETE' }));

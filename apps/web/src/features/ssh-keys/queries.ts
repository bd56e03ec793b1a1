import type { CreateSshKeyRequest, SshKey, sshKeyListSchema } from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

/** Query keys of the SSH keys area. */
export const sshKeyKeys = {
  all: ['ssh-keys'] as const,
  list: () => [...sshKeyKeys.all, 'list'] as const,
};

/** Every key of the customer, newest first; few enough to page in the browser (platform.md §9). */
export const sshKeysQuery = queryOptions({
  queryKey: sshKeyKeys.list(),
  queryFn: async () => (await api<z.output<typeof sshKeyListSchema>>('/ssh-keys')).sshKeys,
});

/** Adding or deleting a key changes the list and nothing else. */
function useInvalidateList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.list(), exact: true });
}

export function useAddSshKey() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (body: CreateSshKeyRequest) => api<SshKey>('/ssh-keys', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** The list is refetched after a failure too: a key already deleted elsewhere disappears. */
export function useDeleteSshKey() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/ssh-keys/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

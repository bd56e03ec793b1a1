import { type UserInfo, userInfoSchema } from '@nimbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../api/client';
import { tokenStore } from '../../api/tokens';

/** Query keys of the auth/account area: one factory, so invalidations hit exactly what changed. */
export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
};

export const userInfoQuery = queryOptions({
  queryKey: authKeys.userInfo(),
  queryFn: async (): Promise<UserInfo> => userInfoSchema.parse(await api('/auth/user-info')),
});

export const useUserInfoQuery = (enabled = true) => useQuery({ ...userInfoQuery, enabled });

/** Signs out: revokes the session on the server, forgets the tokens and every cached answer. */
export function useSignOutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = tokenStore.refresh();
      if (refreshToken) {
        await api('/auth/logout', { method: 'POST', headers: { 'x-refresh-token': refreshToken } }).catch(
          () => {},
        );
      }
    },
    onSettled: async () => {
      tokenStore.clear();
      queryClient.clear();
      await navigate({ to: '/signin' });
    },
  });
}

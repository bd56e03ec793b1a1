import type {
  ActivityLogEntry,
  ApiTokenInfo,
  createdApiTokenSchema,
  UpdateProfileRequest,
} from '@nimbus/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { authKeys } from '../auth/queries';
import { nextLogCursor } from './activity/activity-paging';

/** Query keys of the account area; everything about the activity log shares one prefix. */
export const accountKeys = {
  all: ['account'] as const,
  apiToken: () => [...accountKeys.all, 'api-token'] as const,
  activityLog: () => [...accountKeys.all, 'activity-log'] as const,
  activityLogPages: (pageSize: number) => [...accountKeys.activityLog(), 'pages', pageSize] as const,
  recentActivity: (limit: number) => [...accountKeys.activityLog(), 'recent', limit] as const,
};

/** Entries per request of the full log; more than LOG_LOAD_MORE_THRESHOLD so a full page offers more. */
export const LOG_PAGE_SIZE = 20;

async function fetchLogs(limit: number, endTimestamp?: string): Promise<ActivityLogEntry[]> {
  const data = await api<{ logs: ActivityLogEntry[] }>('/logs', { query: { limit, endTimestamp } });
  return data.logs;
}

export const activityLogPagesQuery = (pageSize = LOG_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: accountKeys.activityLogPages(pageSize),
    queryFn: ({ pageParam }) => fetchLogs(pageSize, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextLogCursor(lastPage, pageSize),
  });
export const useActivityLogInfiniteQuery = () => useInfiniteQuery(activityLogPagesQuery());

/**
 * The newest entries for the dashboard. A few more than shown are fetched because hidden
 * email entries are filtered out in the browser.
 */
export const recentActivityQuery = (limit: number) =>
  queryOptions({
    queryKey: accountKeys.recentActivity(limit),
    queryFn: () => fetchLogs(limit),
  });
export const useRecentActivityQuery = (limit: number) => useQuery(recentActivityQuery(limit));

export const apiTokenQuery = queryOptions({
  queryKey: accountKeys.apiToken(),
  queryFn: () => api<ApiTokenInfo>('/account/api-token'),
});
export const useApiTokenQuery = () => useQuery(apiTokenQuery);

export function useApiTokenCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<z.output<typeof createdApiTokenSchema>>('/account/api-token', { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.apiToken() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() }),
      ]),
  });
}

export function useApiTokenRevokeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/account/api-token', { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.apiToken() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() }),
      ]),
  });
}

/** Changes to the profile or email show in user info and add an activity log entry. */
function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.userInfo() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() }),
    ]);
}

export function useProfileUpdateMutation() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<unknown>('/auth/update-profile', { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** The code mailed to the new address is an entry of the activity log too. */
export function useEmailChangeMutation() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (email: string) => api<unknown>('/auth/change-email', { method: 'PUT', body: { email } }),
    onSuccess: invalidate,
  });
}

export function useEmailChangeVerifyMutation() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (code: string) =>
      api<unknown>('/auth/verify-secondary-email-code', { method: 'POST', body: { code } }),
    onSuccess: invalidate,
  });
}

export function useEmailChangeCancelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/auth/unverified-email', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.userInfo() }),
  });
}

/** Success signs out every session on the server; the caller sends the customer to sign in again. */
export function usePasswordChangeMutation() {
  return useMutation({
    mutationFn: (body: { old_password: string; new_password: string }) =>
      api<unknown>('/auth/change-password', { method: 'POST', body }),
  });
}

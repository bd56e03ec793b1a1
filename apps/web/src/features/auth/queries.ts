import {
  type AuthTokens,
  authErrorCodes,
  type SignInRequest,
  type SignUpRequest,
  type UserInfo,
} from '@nimbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../api/client';
import { errorCodeOf } from '../../api/errors';
import { desiredRoute, tokenStore } from '../../api/tokens';
import { forgetSessionData } from '../../app/forget-session';
import { type CaptchaClient, captchaHeaders, obtainCaptchaToken } from './captcha/captcha';

/** Query keys of the auth/account area: one factory, so invalidations hit exactly what changed. */
export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
};

export const userInfoQuery = queryOptions({
  queryKey: authKeys.userInfo(),
  queryFn: () => api<UserInfo>('/auth/user-info'),
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
      forgetSessionData(queryClient);
      await navigate({ to: '/signin' });
    },
  });
}

/**
 * After sign-in or sign-up: keep the tokens, drop anything cached for an earlier session (the brand
 * stays), and continue to the route the visitor wanted, else the dashboard.
 */
function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (tokens: AuthTokens) => {
    tokenStore.set(tokens);
    forgetSessionData(queryClient);
    await navigate({ href: desiredRoute.take() ?? '/dashboard', replace: true });
  };
}

export type SignInValues = Omit<SignInRequest, 'metadata'>;

/** Sign-in with the captcha token in its header; the spent token is reset whatever the answer. */
export function useSignInMutation(captcha: CaptchaClient) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (values: SignInValues) => {
      const token = await obtainCaptchaToken(captcha);
      try {
        return await api<AuthTokens>('/auth/customer-login', {
          method: 'POST',
          body: values,
          headers: captchaHeaders(token),
          // A 401 here means wrong credentials, not an expired session.
          skipRefresh: true,
        });
      } finally {
        if (token) captcha.reset();
      }
    },
    onSuccess: startSession,
  });
}

export type SignUpValues = Omit<SignUpRequest, 'metadata'>;

export function useSignUpMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (values: SignUpValues) =>
      api<AuthTokens>('/auth', { method: 'POST', body: values, skipRefresh: true }),
    onSuccess: startSession,
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (values: { email: string }) =>
      api('/auth/forgot-password', { method: 'POST', body: values, skipRefresh: true }),
  });
}

export function useResetPasswordMutation(token: string) {
  return useMutation({
    mutationFn: (values: { new_password: string }) =>
      api('/auth/confirm-reset-password', {
        method: 'POST',
        query: { token },
        body: values,
        skipRefresh: true,
      }),
  });
}

/**
 * Confirms the account's email with the mailed 6-digit code; the customer's state changes with it.
 * An address verified meanwhile (the mailed link, another tab) counts as done.
 */
export function useVerifyEmailCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { code: string }) => {
      try {
        await api('/auth/verify-email-code', { method: 'POST', body: values });
      } catch (error) {
        if (errorCodeOf(error) !== authErrorCodes.alreadyVerified) throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}

export function useResendVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/resend-email-verification-token', { method: 'POST' }),
    onError: (error) => {
      // The banner and account page must stop asking once the server says it is done.
      if (errorCodeOf(error) === authErrorCodes.alreadyVerified) {
        void queryClient.invalidateQueries({ queryKey: authKeys.all });
      }
    },
  });
}

import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '@nimbus/contract';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type SeenRequest } from '../test/api';
import { ApiError, api, onSignedOut } from './client';
import { tokenStore } from './tokens';

const signedIn = () => tokenStore.set({ accessToken: 'old-access', refreshToken: 'old-refresh' });
const accessOf = (request: SeenRequest | undefined) => request?.headers.get(ACCESS_TOKEN_HEADER);

/** The profile answers 401 to any access token but the fresh one, as the server does to an expired one. */
const profile = (request: SeenRequest) =>
  accessOf(request) === 'new-access' ? ok({ id: 42 }) : fail(401, 'UNAUTHORIZED');

describe('the API client on a 401', () => {
  it('refreshes the tokens once and sends the call again with the new access token', async () => {
    signedIn();
    const server = mockApi({
      'GET /api/profile': profile,
      'POST /api/auth/refresh-token': ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    await expect(api('/profile')).resolves.toEqual({ id: 42 });
    const sent = server.calls('GET', '/api/profile');
    expect(sent.map(accessOf)).toEqual(['old-access', 'new-access']);
    const refresh = server.calls('POST', '/api/auth/refresh-token');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.headers.get(REFRESH_TOKEN_HEADER)).toBe('old-refresh');
    expect(tokenStore.access()).toBe('new-access');
    expect(tokenStore.refresh()).toBe('new-refresh');
  });

  it('shares one refresh among calls that fail at once, so the refresh token is used once', async () => {
    signedIn();
    const server = mockApi({
      'GET /api/profile': profile,
      'POST /api/auth/refresh-token': ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    await Promise.all([api('/profile'), api('/profile'), api('/profile')]);
    expect(server.calls('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(server.calls('GET', '/api/profile').filter((r) => accessOf(r) === 'new-access')).toHaveLength(3);
  });

  it('signs out when the refresh is refused: tokens gone, listeners told, the 401 thrown', async () => {
    signedIn();
    const signedOut = vi.fn();
    const stop = onSignedOut(signedOut);
    const server = mockApi({
      'GET /api/profile': profile,
      'POST /api/auth/refresh-token': fail(401, 'INVALID_REFRESH_TOKEN'),
    });
    const error = await api('/profile').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(server.calls('GET', '/api/profile')).toHaveLength(1);
    expect(signedOut).toHaveBeenCalledOnce();
    expect(tokenStore.access()).toBeNull();
    expect(tokenStore.refresh()).toBeNull();
  });

  it('does not refresh a call that asks not to (sign-in: a 401 is a wrong password)', async () => {
    signedIn();
    const server = mockApi({ 'POST /api/auth/signin': fail(401, 'WRONG_CREDENTIALS') });
    await expect(api('/auth/signin', { method: 'POST', body: {}, skipRefresh: true })).rejects.toMatchObject({
      status: 401,
      code: 'WRONG_CREDENTIALS',
    });
    expect(server.calls('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(tokenStore.refresh()).toBe('old-refresh');
  });

  it('does not refresh without a refresh token (a visitor)', async () => {
    const server = mockApi({ 'GET /api/profile': fail(401, 'UNAUTHORIZED') });
    await expect(api('/profile')).rejects.toMatchObject({ status: 401 });
    expect(server.calls('POST', '/api/auth/refresh-token')).toHaveLength(0);
  });
});

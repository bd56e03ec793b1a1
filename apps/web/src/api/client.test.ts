import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '@nimbus/contract';
import { describe, expect, it, vi } from 'vitest';
import { fail, fileAnswer, mockApi, ok, type SeenRequest } from '../test/api';
import { ApiError, api, downloadBlob, onNotFound, onSignedOut } from './client';
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

describe('the API client with files', () => {
  it('uploads a file as the raw body with its own type, signed in like any call', async () => {
    signedIn();
    const server = mockApi({
      'POST /api/media': { status: 201, body: { code: 'OKAY', detail: '', data: { id: 5 } } },
    });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(
      api('/media', { method: 'POST', query: { group: 'ticket', name: 'notes.txt' }, file }),
    ).resolves.toEqual({ id: 5 });
    const sent = server.calls('POST', '/api/media')[0];
    expect(sent?.body).toBe(file);
    expect(sent?.headers.get('content-type')).toBe('text/plain');
    expect(accessOf(sent)).toBe('old-access');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ group: 'ticket', name: 'notes.txt' });
  });

  it('sends a file of no known type as application/octet-stream', async () => {
    const server = mockApi({ 'POST /api/media': ok({ id: 6 }) });
    await api('/media', { method: 'POST', file: new File(['MZ'], 'tool.bin') });
    expect(server.calls('POST', '/api/media')[0]?.headers.get('content-type')).toBe(
      'application/octet-stream',
    );
  });

  it('sends the same file again after refreshing an expired session', async () => {
    signedIn();
    const server = mockApi({
      'POST /api/media': (request) =>
        accessOf(request) === 'new-access' ? ok({ id: 7 }) : fail(401, 'UNAUTHORIZED'),
      'POST /api/auth/refresh-token': ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    await expect(api('/media', { method: 'POST', file })).resolves.toEqual({ id: 7 });
    expect(server.calls('POST', '/api/media').map((r) => r.body)).toEqual([file, file]);
  });

  it('downloads a file as a Blob, refreshing the session first when it expired', async () => {
    signedIn();
    const server = mockApi({
      'GET /api/media/5': (request) =>
        accessOf(request) === 'new-access' ? fileAnswer('hello', 'text/plain') : fail(401, 'UNAUTHORIZED'),
      'POST /api/auth/refresh-token': ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    const blob = await downloadBlob('/media/5');
    expect(await blob.text()).toBe('hello');
    expect(blob.type).toBe('text/plain');
    expect(server.calls('GET', '/api/media/5')).toHaveLength(2);
  });

  it('turns a refused download into an ApiError from its envelope', async () => {
    mockApi({ 'GET /api/media/9': fail(404, 'NOT_FOUND', {}, 'No such file.') });
    await expect(downloadBlob('/media/9')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      detail: 'No such file.',
    });
  });
});

describe('the API client on a 404', () => {
  it('tells the app to open the not-found page when a GET of something gone answers 404', async () => {
    signedIn();
    mockApi({
      'GET /api/tickets/12': fail(404, 'NOT_FOUND'),
      'GET /api/instances/5': fail(404, 'NOT_FOUND'),
      'DELETE /api/ssh-keys/4': fail(404, 'NOT_FOUND'),
    });
    const notFound = vi.fn();
    const stop = onNotFound(notFound);
    // The instance page explains a deleted instance itself; a DELETE is not a page that is gone.
    await expect(api('/instances/5')).rejects.toMatchObject({ status: 404 });
    await expect(api('/ssh-keys/4', { method: 'DELETE' })).rejects.toMatchObject({ status: 404 });
    expect(notFound).not.toHaveBeenCalled();
    // The caller still gets the error: its query fails as before while the app moves to /404.
    await expect(api('/tickets/12')).rejects.toMatchObject({ status: 404 });
    stop();
    expect(notFound).toHaveBeenCalledOnce();
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { sha256 } from './auth.crypto';
import { refreshTokens } from './auth.tables';
import { refresh, relaxedLimits, signIn, signUp, userInfo } from './auth.test-helpers';

describe('sessions: refresh rotation, reuse detection and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No grace window here: any replay of a rotated token counts as theft.
    t = await createTestApp({ ...relaxedLimits, REFRESH_REUSE_GRACE_SECONDS: 0 });
  });
  afterAll(() => t.close());

  it('rotates the refresh token on every use and the new pair works', async () => {
    const user = await signUp(t.app);
    const first = await refresh(t.app, user.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect((await userInfo(t.app, { 'x-token': pair.accessToken })).statusCode).toBe(200);
    const second = await refresh(t.app, pair.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('ends the whole session when a rotated refresh token is presented again', async () => {
    const user = await signUp(t.app);
    const rotated = (await refresh(t.app, user.refreshToken)).json().data;

    const replay = await refresh(t.app, user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');

    // The legitimate holder's newer tokens die with the family.
    const next = await refresh(t.app, rotated.refreshToken);
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('REFRESH_TOKEN_INVALID');
    expect((await userInfo(t.app, { 'x-token': rotated.accessToken })).statusCode).toBe(401);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same customer alone when one family is revoked', async () => {
    const user = await signUp(t.app);
    const other = (await signIn(t.app, user.email, user.password)).json().data;
    await refresh(t.app, user.refreshToken);
    await refresh(t.app, user.refreshToken);
    expect((await userInfo(t.app, { 'x-token': other.accessToken })).statusCode).toBe(200);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
  });

  it('rejects unknown, missing and expired refresh tokens', async () => {
    const unknown = await refresh(t.app, 'definitely-not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('REFRESH_TOKEN_INVALID');

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('REFRESH_TOKEN_INVALID');

    const user = await signUp(t.app);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    const expired = await refresh(t.app, user.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('signs out with the refresh token: both tokens of that session stop working', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-refresh-token': user.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(t.app, user.refreshToken)).statusCode).toBe(401);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
  });

  it('signs out with the access token alone', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
    expect((await refresh(t.app, user.refreshToken)).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('sessions: two tabs refreshing at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, REFRESH_REUSE_GRACE_SECONDS: 10 });
  });
  afterAll(() => t.close());

  it('gives each concurrent refresh of one token its own working pair within the grace window', async () => {
    const user = await signUp(t.app);
    const results = await Promise.all([1, 2, 3].map(() => refresh(t.app, user.refreshToken)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = results.map((r) => r.json().data as { accessToken: string; refreshToken: string });
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(3);
    for (const pair of pairs) {
      expect((await userInfo(t.app, { 'x-token': pair.accessToken })).statusCode).toBe(200);
      expect((await refresh(t.app, pair.refreshToken)).statusCode).toBe(200);
    }
  });

  it('still ends the session when the rotated token comes back after the grace window', async () => {
    const user = await signUp(t.app);
    const rotated = (await refresh(t.app, user.refreshToken)).json().data;
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    const replay = await refresh(t.app, user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(401);
  });
});

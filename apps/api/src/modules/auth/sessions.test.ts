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

  it('gives every concurrent refresh of one token the same successor pair within the grace window', async () => {
    const user = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(t.app, user.refreshToken)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const pairs = results.map((r) => r.json().data as { accessToken: string; refreshToken: string });
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.accessToken)).size).toBe(1);
    const [pair] = pairs;

    // One successor in the family, and it is the only live token.
    const [owner] = await t.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    const family = await t.db
      .select({ tokenHash: refreshTokens.tokenHash, rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, owner!.sessionId));
    expect(family).toHaveLength(2);
    expect(family.filter((f) => f.rotatedAt === null).map((f) => f.tokenHash)).toEqual([
      sha256(pair!.refreshToken),
    ]);

    expect((await userInfo(t.app, { 'x-token': pair!.accessToken })).statusCode).toBe(200);
    const next = await refresh(t.app, pair!.refreshToken);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.refreshToken).not.toBe(pair!.refreshToken);
  });

  it('answers a later reuse inside the window with that same pair', async () => {
    const user = await signUp(t.app);
    const first = (await refresh(t.app, user.refreshToken)).json().data;
    const again = await refresh(t.app, user.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);

    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '9 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    const late = await refresh(t.app, user.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.refreshToken).toBe(first.refreshToken);
    expect((await userInfo(t.app, { 'x-token': late.json().data.accessToken })).statusCode).toBe(200);
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

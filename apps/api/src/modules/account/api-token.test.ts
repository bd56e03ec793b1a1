import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { apiTokens } from '../auth/auth.tables';
import { activityEvents, relaxedLimits, signUp, userInfo } from '../auth/auth.test-helpers';

describe('API token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', headers: Record<string, string>) =>
    t.app.inject({ method, url: '/api/account/api-token', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('creates one token per account, shown once, that acts as the customer', async () => {
    const user = await signUp(t.app);
    expect((await call('GET', user.headers)).json().data).toEqual({
      exists: false,
      prefix: null,
      createdAt: null,
      lastUsedAt: null,
    });

    const created = await call('POST', user.headers);
    expect(created.statusCode).toBe(201);
    const { token, prefix } = created.json().data;
    expect(token).toMatch(/^nmb_[\w-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);

    const [stored] = await t.db.select().from(apiTokens);
    expect(stored!.tokenHash).not.toContain(token.slice(4));

    const info = await userInfo(t.app, bearer(token));
    expect(info.statusCode).toBe(200);
    expect(info.json().data.email.email).toBe(user.email);

    const after = (await call('GET', user.headers)).json().data;
    expect(after).toMatchObject({ exists: true, prefix });
    expect(after.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain(token);

    const second = await call('POST', user.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('API_TOKEN_EXISTS');
  });

  it('notes its use at most once a minute', async () => {
    const user = await signUp(t.app);
    const { token, prefix } = (await call('POST', user.headers)).json().data;
    const lastUsed = async () =>
      (await t.db.select().from(apiTokens).where(eq(apiTokens.prefix, prefix)))[0]!.lastUsedAt!.getTime();
    const usedAgo = (interval: string) =>
      t.db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now() - ${interval}::interval` })
        .where(eq(apiTokens.prefix, prefix));

    await usedAgo('30 seconds');
    const recent = await lastUsed();
    await userInfo(t.app, bearer(token));
    expect(await lastUsed()).toBe(recent);

    await usedAgo('2 minutes');
    const old = await lastUsed();
    await userInfo(t.app, bearer(token));
    expect(await lastUsed()).toBeGreaterThan(old);
  });

  it('stops working once revoked, and a new one can then be created', async () => {
    const user = await signUp(t.app);
    const { token } = (await call('POST', user.headers)).json().data;
    const revoked = await call('DELETE', bearer(token));
    expect(revoked.statusCode).toBe(200);
    const rejected = await userInfo(t.app, bearer(token));
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().code).toBe('UNAUTHENTICATED');
    const again = await call('DELETE', user.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NO_API_TOKEN');
    expect((await call('POST', user.headers)).statusCode).toBe(201);
    const events = await activityEvents(t.app, user.headers);
    expect(events.slice(0, 3)).toEqual(['api_token_created', 'api_token_revoked', 'api_token_created']);
  });

  it('rejects made-up bearer tokens', async () => {
    for (const token of ['nmb_made-up', 'something-else', '']) {
      const res = await userInfo(t.app, bearer(token));
      expect(res.statusCode).toBe(401);
    }
  });

  it('requires sign-in to manage the token', async () => {
    expect((await call('GET', {})).statusCode).toBe(401);
    expect((await call('POST', {})).statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers } from '../auth/auth.tables';
import { activityEvents, relaxedLimits, signUp, userInfo } from '../auth/auth.test-helpers';

const profile = {
  fullname: 'Grace Hopper',
  phone: '+14155552671',
  region: 'CA',
  city: 'Arlington',
  country: 'US',
};

describe('account information', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const update = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers, payload });
  const setStatus = (email: string, status: (typeof customers.$inferSelect)['status']) =>
    t.db.update(customers).set({ status }).where(eq(customers.email, email));

  it('saves the profile, answers the new user info and logs the changed fields', async () => {
    const user = await signUp(t.app, { fullname: 'Grace' });
    const res = await update(user.headers, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fullname: 'Grace Hopper',
      phone: { phone: '+14155552671' },
      region: 'CA',
      city: 'Arlington',
      country: 'US',
    });
    expect((await userInfo(t.app, user.headers)).json().data.city).toBe('Arlington');
    const logs = (await t.app.inject({ method: 'GET', url: '/api/logs', headers: user.headers })).json().data
      .logs;
    expect(logs[0]).toMatchObject({
      event: 'profile_updated',
      data: { fields: ['fullname', 'phone', 'region', 'city', 'country'] },
    });
  });

  it('says "Nothing changed." when saving the same values, and clears fields given empty', async () => {
    const user = await signUp(t.app, { fullname: profile.fullname });
    await update(user.headers, profile);
    const same = await update(user.headers, { ...profile, city: ' Arlington ' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'NOTHING_CHANGED', detail: 'Nothing changed.' });

    const cleared = await update(user.headers, { ...profile, phone: '', city: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ phone: null, city: null });
    const events = await activityEvents(t.app, user.headers);
    expect(events.filter((e) => e === 'profile_updated')).toHaveLength(2);
  });

  it('rejects an invalid phone and an empty name on their fields', async () => {
    const user = await signUp(t.app);
    const res = await update(user.headers, { ...profile, fullname: '', phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'fullname', message: 'validation.fullname.required' },
        { path: 'phone', message: 'validation.phone.invalid' },
      ]),
    );
  });

  it('saves a supported language and refuses others', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: user.headers,
      payload: { language: 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(t.app, user.headers)).json().data.language).toBe('ja');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: user.headers,
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reports the account state and suspension flags', async () => {
    const user = await signUp(t.app);
    const states = [
      ['under_review', { accountState: 'under_review', isSuspended: false, isAdminSuspended: false }],
      [
        'suspended_by_admin',
        { accountState: 'suspended_by_admin', isSuspended: true, isAdminSuspended: true },
      ],
      [
        'suspended_by_billing',
        { accountState: 'suspended_by_billing', isSuspended: true, isAdminSuspended: false },
      ],
      [
        'suspended_unusual_activity',
        { accountState: 'suspended_unusual_activity', isSuspended: true, isAdminSuspended: false },
      ],
      ['active', { accountState: 'unverified', isSuspended: false, isAdminSuspended: false }],
    ] as const;
    for (const [status, expected] of states) {
      await setStatus(user.email, status);
      expect((await userInfo(t.app, user.headers)).json().data).toMatchObject(expected);
    }
  });

  it('never shows or changes another customer through one customer’s token', async () => {
    const alice = await signUp(t.app, { fullname: 'Alice' });
    const bob = await signUp(t.app, { fullname: 'Bob' });
    await update(alice.headers, { ...profile, fullname: 'Alice Changed' });
    const bobInfo = (await userInfo(t.app, bob.headers)).json().data;
    expect(bobInfo).toMatchObject({ fullname: 'Bob', city: null });
    expect(bobInfo.email.email).toBe(bob.email);
  });

  it('stores analytics ids from customer stats and sign-in metadata on the caller only', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer-stats',
      headers: user.headers,
      payload: { googleId: 'GA1.2.345', hash: 'abc' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer-login',
      payload: { email: user.email, password: user.password, metadata: { googleCid: 'cid-9', hash: 'def' } },
    });
    const stored = async (email: string) =>
      (
        await t.db.select({ ids: customers.analyticsIds }).from(customers).where(eq(customers.email, email))
      )[0]?.ids;
    expect(await stored(user.email)).toEqual({ googleId: 'GA1.2.345', googleCid: 'cid-9', hash: 'def' });
    expect(await stored(other.email)).toEqual({});
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/customer-stats',
      payload: { hash: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/customer-stats',
      headers: user.headers,
      payload: { hash: 'x'.repeat(201) },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

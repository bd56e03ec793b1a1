import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers, emailTokens } from './auth.tables';
import {
  activityEvents,
  lastMail,
  linkAndCode,
  mailCount,
  relaxedLimits,
  signUp,
  userInfo,
} from './auth.test-helpers';

describe('verification of the sign-up email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const mailOf = async (email: string) => linkAndCode(await lastMail(t.db, email, 'verify-email'));
  const open = (path: string) => t.app.inject({ method: 'GET', url: path });
  const submitCode = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email-code', headers, payload: { code } });
  const suspend = (email: string) =>
    t.db.update(customers).set({ status: 'suspended_by_billing' }).where(eq(customers.email, email));

  it('verifies by the mailed link and redirects the browser to the success page', async () => {
    const user = await signUp(t.app);
    const { path } = await mailOf(user.email);
    const res = await open(path!);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verificationsuccess');
    const info = (await userInfo(t.app, user.headers)).json().data;
    expect(info.email.isVerified).toBe(true);
    expect(info.accountState).toBe('verified');
    expect(await activityEvents(t.app, user.headers)).toEqual(['account_verified', 'registered']);
    // Clicking the same link again still shows success, and logs nothing twice.
    expect((await open(path!)).headers.location).toBe('/verificationsuccess');
    expect(await activityEvents(t.app, user.headers)).toHaveLength(2);
  });

  it('sends unknown and expired links to the failure page with the reason', async () => {
    expect((await open('/api/auth/verify-main-email?token=nope')).headers.location).toBe(
      '/verificationfailure?reason=invalid',
    );
    expect((await open('/api/auth/verify-main-email')).headers.location).toBe(
      '/verificationfailure?reason=invalid',
    );
    const user = await signUp(t.app);
    const { path } = await mailOf(user.email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.email, user.email));
    expect((await open(path!)).headers.location).toBe('/verificationfailure?reason=expired');
    expect((await userInfo(t.app, user.headers)).json().data.email.isVerified).toBe(false);
  });

  it('verifies by the typed code', async () => {
    const user = await signUp(t.app);
    const { code } = await mailOf(user.email);
    const res = await submitCode(user.headers, code!);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('OKAY');
    expect((await userInfo(t.app, user.headers)).json().data.email.isVerified).toBe(true);
    const again = await submitCode(user.headers, code!);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('allows five wrong codes, then not even the right one', async () => {
    const user = await signUp(t.app);
    const { code } = await mailOf(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await submitCode(user.headers, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    expect((await submitCode(user.headers, code!)).json().code).toBe('INVALID_OR_EXPIRED_CODE');
    expect((await userInfo(t.app, user.headers)).json().data.email.isVerified).toBe(false);
  });

  it('checks the code format and requires sign-in', async () => {
    const user = await signUp(t.app);
    const bad = await submitCode(user.headers, '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'code', message: 'validation.code.invalid' });
    const anonymous = await submitCode({}, '123456');
    expect(anonymous.statusCode).toBe(401);
  });

  it('resends a new link and code; the earlier ones stop working', async () => {
    const user = await signUp(t.app);
    const first = await mailOf(user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-email-verification-token',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await mailCount(t.db, user.email, 'verify-email')).toBe(2);
    const second = await mailOf(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await open(first.path!)).headers.location).toBe('/verificationfailure?reason=invalid');
    if (first.code !== second.code) {
      expect((await submitCode(user.headers, first.code!)).json().code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    expect((await open(second.path!)).headers.location).toBe('/verificationsuccess');
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-email-verification-token',
      headers: user.headers,
    });
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('does not let a suspended account verify itself: it must open a ticket', async () => {
    const user = await signUp(t.app);
    const { path, code } = await mailOf(user.email);
    await suspend(user.email);
    const byCode = await submitCode(user.headers, code!);
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(byCode.json().detail).toMatch(/support ticket/);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-email-verification-token',
      headers: user.headers,
    });
    expect(resend.statusCode).toBe(403);
    expect((await open(path!)).headers.location).toBe('/verificationfailure?reason=suspended');
    const info = (await userInfo(t.app, user.headers)).json().data;
    expect(info).toMatchObject({ isSuspended: true, isAdminSuspended: false, email: { isVerified: false } });
  });
});

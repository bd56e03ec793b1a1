import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  lastMail,
  linkAndCode,
  mailCount,
  relaxedLimits,
  signIn,
  signUp,
  uniqueEmail,
  userInfo,
} from './auth.test-helpers';

describe('change of email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, BANNED_EMAIL_DOMAINS: ['yopmail.com'] });
  });
  afterAll(() => t.close());

  const requestChange = (headers: Record<string, string>, email: string) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/change-email', headers, payload: { email } });
  const submitCode = (headers: Record<string, string>, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-secondary-email-code',
      headers,
      payload: { code },
    });
  const logs = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/logs', headers })).json().data.logs;

  it('keeps the current address until the new one is confirmed by code', async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail('new');
    const res = await requestChange(user.headers, newEmail);
    expect(res.statusCode).toBe(200);

    const pending = (await userInfo(t.app, user.headers)).json().data;
    expect(pending.email.email).toBe(user.email);
    expect(pending.unverifiedEmail).toEqual({ email: newEmail });
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(t.app, newEmail, user.password)).statusCode).toBe(401);

    const notice = await lastMail(t.db, user.email, 'email-change-notice');
    expect(notice.text).toContain(newEmail);
    const { code, path } = linkAndCode(await lastMail(t.db, newEmail, 'verify-new-email'));
    expect(path).toMatch(/^\/api\/auth\/verify-secondary-email\?token=/);

    const confirmed = await submitCode(user.headers, code!);
    expect(confirmed.statusCode).toBe(200);
    const info = (await userInfo(t.app, user.headers)).json().data;
    expect(info.email).toEqual({ email: newEmail, isVerified: true });
    expect(info.unverifiedEmail).toBeNull();
    expect((await signIn(t.app, newEmail, user.password)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    expect(await mailCount(t.db, user.email, 'email-changed')).toBe(1);
    const entries = await logs(user.headers);
    expect(entries.find((e: { event: string }) => e.event === 'email_changed')).toMatchObject({
      event: 'email_changed',
      data: { email: user.email, newEmail },
    });
  });

  it('confirms by the mailed link and redirects to the success page for emails', async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail('linked');
    await requestChange(user.headers, newEmail);
    const { path } = linkAndCode(await lastMail(t.db, newEmail, 'verify-new-email'));
    const res = await t.app.inject({ method: 'GET', url: path! });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verificationsuccess?type=email');
    expect((await userInfo(t.app, user.headers)).json().data.email.email).toBe(newEmail);
  });

  it('refuses the same address, banned domains, used addresses and bad input', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const same = await requestChange(user.headers, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('SAME_EMAIL');
    const banned = await requestChange(user.headers, 'me@yopmail.com');
    expect(banned.statusCode).toBe(400);
    expect(banned.json().code).toBe('BANNED_EMAIL_DOMAIN');
    const used = await requestChange(user.headers, other.email);
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('EMAIL_ALREADY_USED');
    const invalid = await requestChange(user.headers, 'nope');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_ERROR');
    expect((await userInfo(t.app, user.headers)).json().data.unverifiedEmail).toBeNull();
  });

  it('refuses to confirm an address someone else took in the meantime', async () => {
    const user = await signUp(t.app);
    const contested = uniqueEmail('contested');
    await requestChange(user.headers, contested);
    const { code, path } = linkAndCode(await lastMail(t.db, contested, 'verify-new-email'));
    await signUp(t.app, { email: contested });

    const byCode = await submitCode(user.headers, code!);
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().code).toBe('EMAIL_ALREADY_USED');
    const byLink = await t.app.inject({ method: 'GET', url: path! });
    expect(byLink.headers.location).toBe('/verificationfailure?reason=email_in_use&type=email');
    expect((await userInfo(t.app, user.headers)).json().data.email.email).toBe(user.email);
  });

  it('cancels a pending change; its link and code stop working', async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail('cancelled');
    await requestChange(user.headers, newEmail);
    const { code, path } = linkAndCode(await lastMail(t.db, newEmail, 'verify-new-email'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/unverified-email',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(t.app, user.headers)).json().data.unverifiedEmail).toBeNull();
    const byLink = await t.app.inject({ method: 'GET', url: path! });
    expect(byLink.headers.location).toBe('/verificationfailure?reason=invalid&type=email');
    const byCode = await submitCode(user.headers, code!);
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().code).toBe('NO_PENDING_EMAIL');
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/unverified-email',
      headers: user.headers,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('NO_PENDING_EMAIL');
  });

  it('only honours the latest requested address', async () => {
    const user = await signUp(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(user.headers, first);
    const firstMail = linkAndCode(await lastMail(t.db, first, 'verify-new-email'));
    await requestChange(user.headers, second);
    const byOldLink = await t.app.inject({ method: 'GET', url: firstMail.path! });
    expect(byOldLink.headers.location).toBe('/verificationfailure?reason=invalid&type=email');
    expect((await userInfo(t.app, user.headers)).json().data.unverifiedEmail).toEqual({ email: second });
  });
});

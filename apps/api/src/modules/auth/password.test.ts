import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { mailOutbox } from '../mail/mail.tables';
import { emailTokens } from './auth.tables';
import {
  activityEvents,
  lastMail,
  linkAndCode,
  mailCount,
  refresh,
  relaxedLimits,
  signIn,
  signUp,
  uniqueEmail,
  userInfo,
} from './auth.test-helpers';

const NEW_PASSWORD = 'brand-new-secret#7';

describe('forgotten password and change of password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const confirmReset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/confirm-reset-password?token=${encodeURIComponent(token)}`,
      payload: { new_password: password },
    });
  const change = (headers: Record<string, string>, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { old_password: oldPassword, new_password: newPassword },
    });

  it('answers forgot-password the same for known and unknown addresses, mailing only the known', async () => {
    const user = await signUp(t.app);
    const unknownEmail = uniqueEmail('ghost');
    const known = await forgot(user.email);
    const unknown = await forgot(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(t.db, user.email, 'reset-password')).toBe(1);
    const outbox = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknownEmail));
    expect(outbox).toHaveLength(0);
    const mail = await lastMail(t.db, user.email, 'reset-password');
    expect(linkAndCode(mail).path).toMatch(/^\/resetpassword\?token=[\w-]{40,}$/);
  });

  it('resets the password with the mailed token, signing out every session', async () => {
    const user = await signUp(t.app);
    const other = (await signIn(t.app, user.email, user.password)).json().data;
    await forgot(user.email);
    const { token } = linkAndCode(await lastMail(t.db, user.email, 'reset-password'));

    const res = await confirmReset(token!, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    const fresh = await signIn(t.app, user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(await mailCount(t.db, user.email, 'password-changed')).toBe(1);
    const events = await activityEvents(t.app, { 'x-token': fresh.json().data.accessToken });
    expect(events.slice(0, 2)).toEqual(['login', 'password_reset']);

    const reused = await confirmReset(token!, 'yet-another-one#9');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('rejects unknown and expired reset tokens, and weak new passwords', async () => {
    const unknown = await confirmReset('not-a-token', NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');

    const user = await signUp(t.app);
    await forgot(user.email);
    const { token } = linkAndCode(await lastMail(t.db, user.email, 'reset-password'));
    const weak = await confirmReset(token!, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_ERROR');

    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.email, user.email));
    const expired = await confirmReset(token!, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field', async () => {
    const user = await signUp(t.app);
    const res = await change(user.headers, 'wrong-password!1', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
      issues: [{ path: 'old_password', message: 'validation.password.wrongCurrent' }],
    });
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await signUp(t.app);
    const res = await change(user.headers, user.password, user.password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SAME_PASSWORD', issues: [{ path: 'new_password' }] });
    const weak = await change(user.headers, user.password, 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0]).toEqual({ path: 'new_password', message: 'validation.password.special' });
  });

  it('changes the password and makes the customer sign in again everywhere', async () => {
    const user = await signUp(t.app);
    const res = await change(user.headers, user.password, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
    expect((await refresh(t.app, user.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    const fresh = await signIn(t.app, user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(await mailCount(t.db, user.email, 'password-changed')).toBe(1);
    const events = await activityEvents(t.app, { 'x-token': fresh.json().data.accessToken });
    expect(events).toContain('password_changed');
  });
});

import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { mailOutbox } from '../mail/mail.tables';
import { customers, sessions } from './auth.tables';
import {
  activityEvents,
  lastMail,
  linkAndCode,
  relaxedLimits,
  STRONG_PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
  userInfo,
} from './auth.test-helpers';

const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256!';

describe('sign-up, sign-in and the auth guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, JWT_SECRET, BANNED_EMAIL_DOMAINS: ['mailinator.com'] });
  });
  afterAll(() => t.close());

  it('signs a new customer up and in at once, unverified, in the language of the panel', async () => {
    const email = uniqueEmail('new');
    const user = await signUp(t.app, { email, headers: { 'x-language': 'de', 'accept-language': 'fr' } });
    const info = await userInfo(t.app, user.headers);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      fullname: 'Ada Lovelace',
      email: { email, isVerified: false },
      unverifiedEmail: null,
      language: 'de',
      accountState: 'unverified',
      isSuspended: false,
      isAdminSuspended: false,
    });
    const [row] = await t.db.select().from(customers).where(eq(customers.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await activityEvents(t.app, user.headers)).toEqual(['registered']);
    // The verification mail goes out in the panel's language, not the browser's.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails.map((m) => [m.template, m.locale])).toEqual([['verify-email', 'de']]);
    expect(mails[0]!.text).toMatch(/E-Mail/);
  });

  it('mails a verification link and a 6-digit code on sign-up', async () => {
    const user = await signUp(t.app);
    const mail = await lastMail(t.db, user.email, 'verify-email');
    const { path, code } = linkAndCode(mail);
    expect(path).toMatch(/^\/api\/auth\/verify-main-email\?token=[\w-]{40,}$/);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('falls back to Accept-Language when the panel sends no language', async () => {
    const user = await signUp(t.app, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect((await userInfo(t.app, user.headers)).json().data.language).toBe('fr');
  });

  it('rejects weak passwords and bad input with field issues, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { fullname: 'Ada', email: uniqueEmail(), password: 'password1', acceptTerms: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'password', message: 'validation.password.special' }],
    });
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { fullname: ' ', email: 'not-an-email', password: STRONG_PASSWORD, acceptTerms: true },
    });
    expect(noName.statusCode).toBe(400);
    expect(
      noName
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'fullname']);
  });

  it('refuses a sign-up that does not accept the terms, and records when they were accepted', async () => {
    for (const acceptTerms of [false, undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { fullname: 'Ada', email: uniqueEmail(), password: STRONG_PASSWORD, acceptTerms },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'acceptTerms', message: 'validation.terms.required' }]);
    }
    const user = await signUp(t.app);
    const [row] = await t.db.select().from(customers).where(eq(customers.email, user.email));
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('refuses banned email domains and subdomains of them', async () => {
    for (const email of ['x@mailinator.com', 'x@eu.Mailinator.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { fullname: 'Ada', email, password: STRONG_PASSWORD, acceptTerms: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BANNED_EMAIL_DOMAIN');
    }
  });

  it('refuses an email already used, whatever its case', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        fullname: 'Other',
        email: user.email.toUpperCase(),
        password: STRONG_PASSWORD,
        acceptTerms: true,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_ALREADY_USED', issues: [{ path: 'email' }] });
  });

  it('signs in with the right password (unverified accounts too) and logs the login with its IP', async () => {
    const user = await signUp(t.app);
    const res = await signIn(t.app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json().data;
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    const headers = { 'x-token': accessToken };
    expect((await userInfo(t.app, headers)).statusCode).toBe(200);
    const logs = await t.app.inject({ method: 'GET', url: '/api/logs', headers });
    expect(logs.json().data.logs[0]).toMatchObject({ event: 'login', data: { ip: '127.0.0.1' } });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await signUp(t.app);
    const wrong = await signIn(t.app, user.email, 'not-the-password!1');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), user.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'WRONG_CREDENTIALS',
        detail: 'Wrong email or password.',
        data: null,
      });
    }
  });

  it('keeps accounts closed by an administrator out, tokens included', async () => {
    const user = await signUp(t.app);
    await t.db.update(customers).set({ status: 'closed_by_admin' }).where(eq(customers.email, user.email));
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_CLOSED');
    const info = await userInfo(t.app, user.headers);
    expect(info.statusCode).toBe(401);
    expect(info.json().code).toBe('ACCOUNT_CLOSED');
  });

  it('requires a valid access token on customer endpoints', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/user-info' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    const garbage = await userInfo(t.app, { 'x-token': 'not-a-jwt' });
    expect(garbage.json().code).toBe('UNAUTHENTICATED');
  });

  it('tells an expired access token apart, and rejects tokens signed with another key', async () => {
    const user = await signUp(t.app);
    const [row] = await t.db
      .select({ id: sessions.id, customerId: sessions.customerId })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(eq(customers.email, user.email));
    const sign = (secret: string, expiresAt: number) =>
      new SignJWT({ sid: row!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(row!.customerId))
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = await userInfo(t.app, { 'x-token': await sign(JWT_SECRET, now - 10) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const forged = await userInfo(t.app, { 'x-token': await sign(`${JWT_SECRET}-other`, now + 600) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('UNAUTHENTICATED');
    const valid = await userInfo(t.app, { 'x-token': await sign(JWT_SECRET, now + 600) });
    expect(valid.statusCode).toBe(200);
  });

  it('scopes every token to its own customer', async () => {
    const alice = await signUp(t.app, { fullname: 'Alice' });
    const bob = await signUp(t.app, { fullname: 'Bob' });
    expect((await userInfo(t.app, alice.headers)).json().data.email.email).toBe(alice.email);
    expect((await userInfo(t.app, bob.headers)).json().data.email.email).toBe(bob.email);
  });

  it('documents the auth calls in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/auth', '/api/auth/customer-login', '/api/auth/refresh-token', '/api/logs']) {
      expect(paths).toContain(path);
    }
  });
});

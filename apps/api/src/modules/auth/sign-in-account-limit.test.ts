import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { rateLimitCounters } from '../../db/core.tables';
import { lastMail, mailCount, signUp, uniqueEmail } from './auth.test-helpers';

const WRONG = 'not-the-password!1';

/** Each call from its own client address (TRUST_PROXY is on), so only the per-account limit can bite. */
let address = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${(++address % 250) + 1}` });
const signInFrom = (app: FastifyInstance, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer-login',
    headers: fromNewAddress(),
    payload: { email, password },
  });

/** Moves every per-account counter's window end, as if time had passed. */
const endWindows = (t: TestApp, at: ReturnType<typeof sql>) =>
  t.db
    .update(rateLimitCounters)
    .set({ expiresAt: at })
    .where(sql`${rateLimitCounters.key} like 'signin-account:%'`);

describe('sign-in limit per account, whatever the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Three sign-ins per address: the per-address limit alone would never stop eleven addresses.
    t = await createTestApp({ TRUST_PROXY: true, RATE_LIMIT_AUTH_MAX: 3, RATE_LIMIT_GLOBAL_MAX: 100_000 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after 10 wrong passwords from 10 addresses, the right one included', async () => {
    const user = await signUp(t.app, { headers: fromNewAddress() });
    for (let i = 0; i < 10; i++) {
      expect((await signInFrom(t.app, user.email, WRONG)).statusCode).toBe(401);
    }
    const eleventh = await signInFrom(t.app, user.email, WRONG);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'SIGN_IN_LOCKED', data: null });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await signInFrom(t.app, user.email.toUpperCase(), user.password);
    expect(right.statusCode).toBe(429);

    // The owner hears of it once per lock, with the way out.
    expect(await mailCount(t.db, user.email, 'sign-in-locked')).toBe(1);
    const mail = await lastMail(t.db, user.email, 'sign-in-locked');
    expect(mail.text).toContain('/forgotpassword');
    expect(mail.text).toContain('15 minutes');

    await endWindows(t, sql`now() - interval '1 second'`);
    const after = await signInFrom(t.app, user.email, user.password);
    expect(after.statusCode).toBe(200);
    expect(await mailCount(t.db, user.email, 'sign-in-locked')).toBe(1);
  });

  it('counts and locks an unknown email exactly like a known one, with the same answers and no mail', async () => {
    const user = await signUp(t.app, { headers: fromNewAddress() });
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) {
      const known = await signInFrom(t.app, user.email, WRONG);
      const unknown = await signInFrom(t.app, nobody, WRONG);
      expect(known.statusCode).toBe(401);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    }
    // Both windows end at the same instant, so Retry-After is the same too.
    await endWindows(t, sql`now() + interval '600 seconds'`);
    const known = await signInFrom(t.app, user.email, WRONG);
    const unknown = await signInFrom(t.app, nobody, WRONG);
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(await mailCount(t.db, nobody, 'sign-in-locked')).toBe(0);
    expect(await mailCount(t.db, user.email, 'sign-in-locked')).toBe(1);
  });

  it('does not count a right password as a failure, and does not clear earlier failures', async () => {
    const user = await signUp(t.app, { headers: fromNewAddress() });
    for (let i = 0; i < 9; i++) await signInFrom(t.app, user.email, WRONG);
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(t.app, user.email, user.password)).statusCode).toBe(200);
    expect((await signInFrom(t.app, user.email, WRONG)).statusCode).toBe(401);
    expect((await signInFrom(t.app, user.email, user.password)).statusCode).toBe(429);
  });

  it('cannot be outrun by guessing in parallel', async () => {
    const user = await signUp(t.app, { headers: fromNewAddress() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => signInFrom(t.app, user.email, WRONG)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await mailCount(t.db, user.email, 'sign-in-locked')).toBe(1);
  });

  it('keeps the per-address limit', async () => {
    const headers = fromNewAddress();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/customer-login',
        headers,
        payload: { email: uniqueEmail(), password: WRONG },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { JobDefinition } from '../../jobs/queue';
import { jobSender } from '../../jobs/sender';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { insertInstance } from '../instances/instances.test-helpers';
import { customers } from './auth.tables';
import {
  activityEvents,
  lastMail,
  linkAndCode,
  mailCount,
  relaxedLimits,
  userInfo,
} from './auth.test-helpers';
import { VERIFICATION_REVIEW_JOB, verificationReviewJobs } from './verification-review.jobs';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const REMINDER = 'verify-email-reminder';

describe('accounts not verified within 24 hours of sign-up (platform.md §4)', () => {
  let t: TestApp;
  let job: JobDefinition<never>;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    job = verificationReviewJobs({ config: t.config, db: t.db, jobs: jobSender(t.db) }).find(
      (j) => j.name === VERIFICATION_REVIEW_JOB,
    )!;
  });
  afterAll(() => t.close());

  /** The scheduled job, as pg-boss runs it (real clock: sign-ups are moved back in time instead). */
  const runJob = () => job.handler({} as never, { id: 'test', retryCount: 0 });
  const signedUpHoursAgo = async (hours: number, credit = 100_000_000) => {
    const user = await customerWithCredit(t.app, t.db, credit);
    await t.db
      .update(customers)
      .set({ createdAt: sql`now() - make_interval(secs => ${hours * 3600})` })
      .where(eq(customers.id, user.id));
    return user;
  };
  const statusOf = async (id: number) =>
    (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, id)))[0]!.status;
  const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const submitCode = (headers: Record<string, string>, code: string) =>
    call(headers, 'POST', '/api/auth/verify-email-code', { code });

  it('reminds once at 20 hours with a fresh link and code that verify the account', async () => {
    const young = await signedUpHoursAgo(19.9);
    const due = await signedUpHoursAgo(20.1);
    await runJob();
    await runJob();
    expect(await mailCount(t.db, due.email, REMINDER)).toBe(1);
    expect(await mailCount(t.db, young.email, REMINDER)).toBe(0);
    expect(await statusOf(due.id)).toBe('active');

    const { path, code } = linkAndCode(await lastMail(t.db, due.email, REMINDER));
    expect(path).toMatch(/^\/api\/auth\/verify-main-email\?token=/);
    // Like "resend": the sign-up mail's code gave way to the reminder's.
    const first = linkAndCode(await lastMail(t.db, due.email, 'verify-email'));
    expect((await submitCode(due.headers, first.code!)).statusCode).toBe(400);
    expect((await submitCode(due.headers, code!)).statusCode).toBe(200);
    expect((await userInfo(t.app, due.headers)).json().data.accountState).toBe('verified');
  });

  it('puts the account under review at 24 hours with its services suspended, and verifying lifts both', async () => {
    const user = await signedUpHoursAgo(24.1);
    const verified = await signedUpHoursAgo(30);
    await t.db.update(customers).set({ emailVerifiedAt: sql`now()` }).where(eq(customers.id, verified.id));
    // Services of an unverified account are rare (ordering needs a verified email) but not impossible:
    // an operator's preorder allocation, or an account from before this rule.
    const server = await insertInstance(t.db, user.id);
    const detail = async () => (await call(user.headers, 'GET', `/api/instances/${server.id}`)).json().data;
    const rename = (hostname: string) =>
      call(user.headers, 'POST', `/api/instances/${server.id}/change-hostname`, { hostname });
    expect((await rename('before-review')).statusCode).toBe(200);

    await runJob();
    await runJob();
    expect(await statusOf(user.id)).toBe('under_review');
    expect(await statusOf(verified.id)).toBe('active');
    expect(await mailCount(t.db, user.email, REMINDER)).toBe(0);
    expect(
      (await activityEvents(t.app, user.headers)).filter((e) => e === 'account_under_review'),
    ).toHaveLength(1);
    expect((await userInfo(t.app, user.headers)).json().data).toMatchObject({
      accountState: 'under_review',
      isSuspended: false,
    });
    expect(await detail()).toMatchObject({
      status: 'suspended',
      networkStatus: 'suspended',
      isSuspended: true,
    });
    const refused = await call(user.headers, 'POST', `/api/instances/${server.id}/poweroff`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCESS_SUSPENDED');
    expect((await call(user.headers, 'POST', `/api/instances/${server.id}/reset`)).statusCode).toBe(403);
    expect((await rename('under-review')).statusCode).toBe(403);

    // The sign-up link expired with the day; "resend" still works under review, and its code verifies.
    const resent = await call(user.headers, 'POST', '/api/auth/resend-email-verification-token');
    expect(resent.statusCode, resent.body).toBe(200);
    const { code } = linkAndCode(await lastMail(t.db, user.email, 'verify-email'));
    expect((await submitCode(user.headers, code!)).statusCode).toBe(200);
    expect(await statusOf(user.id)).toBe('active');
    expect((await userInfo(t.app, user.headers)).json().data.accountState).toBe('verified');
    expect(await detail()).toMatchObject({ status: 'active', isSuspended: false });
    expect((await rename('verified')).statusCode).toBe(200);
    expect(await activityEvents(t.app, user.headers)).toContain('account_review_lifted');
    await runJob();
    expect(await statusOf(user.id)).toBe('active');
  });

  it('leaves an account that went negative under review suspended by billing once it verifies', async () => {
    const user = await signedUpHoursAgo(25, 0);
    await runJob();
    expect(await statusOf(user.id)).toBe('under_review');
    await post(t.db, user.id, -1_000_000);
    expect(await statusOf(user.id)).toBe('under_review');
    const { path } = linkAndCode(await lastMail(t.db, user.email, 'verify-email'));
    expect((await t.app.inject({ method: 'GET', url: path! })).headers.location).toBe('/verificationsuccess');
    expect(await statusOf(user.id)).toBe('suspended_by_billing');
    await post(t.db, user.id, 2_000_000);
    expect(await statusOf(user.id)).toBe('active');
  });

  it('lifts the review when the account confirms a new address instead', async () => {
    const user = await signedUpHoursAgo(26);
    await runJob();
    expect(await statusOf(user.id)).toBe('under_review');
    const newEmail = `new.${user.email}`;
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-email',
      headers: user.headers,
      payload: { email: newEmail },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { code } = linkAndCode(await lastMail(t.db, newEmail, 'verify-new-email'));
    const confirmed = await call(user.headers, 'POST', '/api/auth/verify-secondary-email-code', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(user.id)).toBe('active');
    expect((await userInfo(t.app, user.headers)).json().data.accountState).toBe('verified');
  });

  it('does not review accounts suspended by an administrator, nor remind them', async () => {
    const user = await signedUpHoursAgo(21);
    await t.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, user.id));
    await runJob();
    expect(await statusOf(user.id)).toBe('suspended_by_admin');
    expect(await mailCount(t.db, user.email, REMINDER)).toBe(0);
  });
});

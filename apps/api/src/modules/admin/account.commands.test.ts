import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { customers, sessions } from '../auth/auth.tables';
import { relaxedLimits, userInfo } from '../auth/auth.test-helpers';
import { creditAccounts } from '../billing/billing.tables';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { suspendAccount, unsuspendAccount } from './account.commands';
import { UsageError } from './admin.errors';
import { lastActivity, recordingJobs, sessionsOf } from './admin.test-helpers';
import { adjustCredit } from './credit.commands';
import { decideKyc } from './kyc.commands';

describe('account suspend / unsuspend and kyc', () => {
  let t: TestApp;
  let deps: { db: TestApp['db']; sessions: ReturnType<typeof sessionsOf> };
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    deps = { db: t.db, sessions: sessionsOf(t.db) };
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) =>
    (await t.db.select({ status: customers.status }).from(customers).where(eq(customers.id, id)))[0]!.status;
  const credit = (customer: string, direction: 'add' | 'remove', amount: number) =>
    adjustCredit({ db: t.db, jobs: recordingJobs() }, { customer, direction, amount, reason: 'test' });

  it('suspends as an administrator, ending every sign-in, and unsuspends', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(200);

    const suspended = await suspendAccount(deps, { customer: user.email, reason: 'Abuse report #12' });
    expect(suspended).toMatchObject({ previous: 'active', status: 'suspended_by_admin', changed: true });
    expect((await userInfo(t.app, user.headers)).statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.customerId, user.id));
    expect(live.every((s) => s.revokedAt !== null && s.revokedReason === 'suspended_by_admin')).toBe(true);
    expect(await lastActivity(t.db, user.id)).toMatchObject({
      event: 'suspended_by_admin',
      data: { reason: 'Abuse report #12' },
    });
    expect(await suspendAccount(deps, { customer: String(user.id) })).toMatchObject({ changed: false });

    const lifted = await unsuspendAccount(deps, { customer: String(user.id) });
    expect(lifted).toMatchObject({ previous: 'suspended_by_admin', status: 'active', changed: true });
    expect(await lastActivity(t.db, user.id)).toMatchObject({ event: 'unsuspended_by_admin' });
    await expect(unsuspendAccount(deps, { customer: user.email })).rejects.toThrow(
      /is not suspended by an administrator \(status: active\)/,
    );
  });

  it('keeps an admin suspension through a top-up, and leaves billing suspension when credit is negative', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    await suspendAccount(deps, { customer: user.email });
    await credit(user.email, 'remove', 3_000_000);
    expect(await statusOf(user.id)).toBe('suspended_by_admin');

    const lifted = await unsuspendAccount(deps, { customer: user.email });
    expect(lifted.status).toBe('suspended_by_billing');
    await credit(user.email, 'add', 2_000_000);
    expect(await statusOf(user.id)).toBe('active');
  });

  it('suspends a billing-suspended account and returns it to billing when lifted', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    await credit(user.email, 'remove', 1_000_000);
    expect(await statusOf(user.id)).toBe('suspended_by_billing');
    await suspendAccount(deps, { customer: user.email });
    // A top-up lifts billing's mark but not the administrator's suspension.
    await credit(user.email, 'add', 1_000_000);
    expect(await statusOf(user.id)).toBe('suspended_by_admin');
    expect((await unsuspendAccount(deps, { customer: user.email })).status).toBe('active');
  });

  it('refuses to suspend a closed account', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    await t.db.update(customers).set({ status: 'closed_by_admin' }).where(eq(customers.id, user.id));
    await expect(suspendAccount(deps, { customer: user.email })).rejects.toThrow(UsageError);
  });

  it('records KYC decisions, creating the credit account when needed', async () => {
    const user = await customerWithCredit(t.app, t.db, 0);
    expect(await t.db.select().from(creditAccounts).where(eq(creditAccounts.customerId, user.id))).toEqual(
      [],
    );

    const approved = await decideKyc({ db: t.db }, { customer: user.email, decision: 'approved' });
    expect(approved).toMatchObject({ previous: 'none', status: 'approved', changed: true });
    expect(await lastActivity(t.db, user.id)).toMatchObject({ event: 'kyc_approved' });
    expect((await decideKyc({ db: t.db }, { customer: user.email, decision: 'approved' })).changed).toBe(
      false,
    );

    const rejected = await decideKyc({ db: t.db }, { customer: String(user.id), decision: 'rejected' });
    expect(rejected).toMatchObject({ previous: 'approved', status: 'rejected', changed: true });
    expect(await lastActivity(t.db, user.id)).toMatchObject({ event: 'kyc_rejected' });
    const [account] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.customerId, user.id));
    expect(account!.kycStatus).toBe('rejected');
  });
});

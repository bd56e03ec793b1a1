import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { AUTO_RECHARGE_CHECK_JOB } from '../auto-recharge/auto-recharge.trigger';
import { creditAccounts, reconciliationFindings } from '../billing/billing.tables';
import { customerWithCredit, startItem } from '../billing/billing.test-helpers';
import { startOfHour } from '../billing/hourly-billing';
import { parseAdminArgs } from './admin.args';
import { UsageError } from './admin.errors';
import { runAdminCommand } from './admin.run';
import { activateAutoRecharge, adminDeps, balanceOf, recordingJobs } from './admin.test-helpers';

const HOUR = 3_600_000;

describe('operator commands, end to end from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const run = (line: string, jobs = recordingJobs()) =>
    runAdminCommand(parseAdminArgs(line.split(' ')), adminDeps(t.db, jobs));

  it('prints help', async () => {
    const outcome = await run('help');
    expect(outcome.exitCode).toBe(0);
    expect(outcome.lines.join('\n')).toContain('credit add <customer> <amount>');
  });

  it('adds credit and prints the new balance', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    const line = ['credit', 'add', user.email, '10', '--reason', 'Outage credit', '--key', 'k1'];
    const outcome = await runAdminCommand(parseAdminArgs(line), adminDeps(t.db));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.lines[0]).toMatch(
      new RegExp(
        `^Added 10\\.00 USD to ${user.email} \\(customer ${user.id}\\): ledger entry #\\d+, key admin:k1\\.$`,
      ),
    );
    expect(outcome.lines[1]).toBe(
      `Balance of ${user.email} (customer ${user.id}): 11.00 USD (account active).`,
    );
    const again = await runAdminCommand(parseAdminArgs(line), adminDeps(t.db));
    expect(again.lines[0]).toBe('The adjustment with key admin:k1 was already applied; nothing changed.');
    expect(await balanceOf(t.db, user.id)).toBe(11_000_000);
  });

  it('lets a mistake in the database surface as a UsageError', async () => {
    await expect(run('kyc approve nobody@example.com')).rejects.toThrow(UsageError);
  });

  it('bills the closed hours now and queues auto-recharge checks', async () => {
    const user = await customerWithCredit(t.app, t.db, 1_000_000);
    await activateAutoRecharge(t.db, user.id, 1_000_000);
    await startItem(t.db, user.id, { startedAt: new Date(startOfHour(new Date()).getTime() - 2 * HOUR) });
    const jobs = recordingJobs();
    const outcome = await run('billing run-hourly', jobs);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.lines.at(-2)).toBe('Billed 2 hour(s), 2 item-hours in all.');
    expect(outcome.lines.at(-1)).toBe('Auto-recharge checks queued: 1.');
    expect(jobs.sent.map((j) => j.name)).toEqual([AUTO_RECHARGE_CHECK_JOB]);
    expect(await balanceOf(t.db, user.id)).toBe(1_000_000 - 2 * 10_000);
    expect((await run('billing run-hourly')).lines).toEqual([
      'Every closed hour is already billed; nothing to do.',
    ]);
  });

  it('reconciles: exit 0 when balances match, 1 with the differences listed', async () => {
    expect(await run('billing reconcile')).toEqual({
      lines: ['Every balance matches its ledger.'],
      warnings: [],
      exitCode: 0,
    });
    const user = await customerWithCredit(t.app, t.db, 2_000_000);
    await t.db
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} + 500000` })
      .where(eq(creditAccounts.customerId, user.id));
    const outcome = await run('billing reconcile');
    expect(outcome.exitCode).toBe(1);
    expect(outcome.lines).toEqual([
      '1 balance(s) differ from their ledger (recorded in reconciliation_findings):',
      `  customer ${user.id}: balance 2.50 USD, ledger 2.00 USD, difference 0.50 USD`,
    ]);
    const findings = await t.db
      .select()
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.customerId, user.id));
    expect(findings).toHaveLength(1);
  });
});

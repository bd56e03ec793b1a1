import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { customerWithCredit, startItem } from '../billing/billing.test-helpers';
import { billHour, runHourlyBilling } from '../billing/hourly-billing';
import { notifications } from './notifications.tables';

describe('billing notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const ofKind = (customerId: number, kind: 'low_balance' | 'account_suspended') =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.kind, kind)));

  it('tells of low credit once, in the hour it stops covering three days of the burn', async () => {
    // $0.01 an hour: three days are $0.72; $0.73 lasts one more hour above them.
    const user = await customerWithCredit(t.app, t.db, 730_000);
    await startItem(t.db, user.id, { startedAt: new Date('2026-05-01T00:00:00Z') });
    await runHourlyBilling(t.db, new Date('2026-05-01T04:10:00Z'));
    // The same hour billed again (a retried job) adds nothing.
    await billHour(t.db, new Date('2026-05-01T01:00:00Z'));
    const low = await ofKind(user.id, 'low_balance');
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ occurrence: '2026-05-01T01:00:00.000Z', data: { balance: '0.71' } });
    expect(await ofKind(user.id, 'account_suspended')).toEqual([]);
  });

  it('tells of the suspension when negative credit suspends the account', async () => {
    const user = await customerWithCredit(t.app, t.db, 15_000);
    await startItem(t.db, user.id, { startedAt: new Date('2026-06-01T00:00:00Z') });
    await runHourlyBilling(t.db, new Date('2026-06-01T03:10:00Z'));
    expect(await ofKind(user.id, 'account_suspended')).toHaveLength(1);
    // Below three days from the start: there was no crossing to tell of.
    expect(await ofKind(user.id, 'low_balance')).toEqual([]);
  });
});

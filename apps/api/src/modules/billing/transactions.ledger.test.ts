import { type PaymentStatus, type Transaction, toMicros } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs } from '../activity-log/activity-log.tables';
import { adjustCredit } from '../admin/credit.commands';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { insertInstance, useInstancesApp } from '../instances/instances.test-helpers';
import { applyGatewayEvent } from '../payments/payment-events';
import { payments } from '../payments/payments.tables';
import type { LedgerEntryKind } from './billing.tables';
import { runHourlyBilling } from './hourly-billing';
import { ledgerBalance, postLedgerEntry, reverseLedgerEntry } from './ledger';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Issue 11: the history a customer reads must add up to the balance, whatever moved it. */
describe('transactions add up to the balance', () => {
  const env = useInstancesApp();

  it('shows every kind of ledger entry, and their sum is the balance', async () => {
    const user = await customerWithCredit(env.app, env.db, 0);
    const pay = async (credit: number, moves: PaymentStatus[], isAutoRecharge = false) => {
      const [row] = await env.db
        .insert(payments)
        .values({
          customerId: user.id,
          gateway: 'sandbox',
          description: 'Top-up',
          credit,
          price: credit,
          fee: 0,
          isAutoRecharge,
        })
        .returning();
      for (const status of moves)
        await env.db.transaction((tx) =>
          applyGatewayEvent(
            tx,
            'sandbox',
            { paymentId: row!.id, externalId: null, status, received: null },
            null,
          ),
        );
      return row!;
    };
    await pay(60_000_000, ['PAID']);
    await pay(20_000_000, ['PAID'], true);
    await pay(15_000_000, ['PAID', 'REFUNDED']);
    await pay(5_000_000, ['PAID', 'DISPUTE_SUBMITTED', 'DISPUTE_LOST']);
    await pay(9_000_000, ['REJECTED']);
    await pay(8_000_000, []);
    const operator = { db: env.db, jobs: env.jobs };
    await adjustCredit(operator, {
      customer: String(user.id),
      direction: 'add',
      amount: 4_000_000,
      reason: 'Goodwill',
    });
    await adjustCredit(operator, {
      customer: String(user.id),
      direction: 'remove',
      amount: 1_500_000,
      reason: 'Fix',
    });

    // Hourly usage over a few hours, a monthly cycle, and the refund of its unused days on deletion.
    await insertInstance(env.db, user.id, { billingStartedAt: new Date(Date.now() - 3 * HOUR) });
    await runHourlyBilling(env.db, new Date());
    const monthly = await insertInstance(env.db, user.id, {
      billingCycle: 'monthly',
      monthlyPrice: 10_000_000,
      billingStartedAt: new Date(Date.now() - 5 * DAY - HOUR),
    });
    const deleted = await env.call(user, 'DELETE', `/api/instances/${monthly.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refunded = toMicros(deleted.json().data.refundAmount);
    expect(refunded).toBeGreaterThan(0);

    // A correction of a charge, and a kind of entry this release does not know yet.
    const charged = await env.db.transaction((tx) =>
      postLedgerEntry(tx, {
        customerId: user.id,
        kind: 'usage_charge',
        amount: -250_000,
        idempotencyKey: `test-stray-charge:${user.id}`,
        description: 'Stray charge',
      }),
    );
    await env.db.transaction((tx) => reverseLedgerEntry(tx, charged.entryId!, 'charged twice'));
    await env.db.transaction((tx) =>
      postLedgerEntry(tx, {
        customerId: user.id,
        kind: 'loyalty_bonus' as LedgerEntryKind,
        amount: 1_234_567,
        idempotencyKey: `test-future-kind:${user.id}`,
        description: 'Loyalty bonus',
      }),
    );

    const res = await env.call(user, 'GET', '/api/transactions?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows: Transaction[] = res.json().data.transactions;
    const shown = rows.reduce((sum, row) => sum + toMicros(row.balanceChange), 0);
    const balance = await ledgerBalance(env.db, user.id);
    expect(shown).toBe(balance);
    const info = await env.call(user, 'GET', '/api/profile/billing-info');
    expect(toMicros(info.json().data.balance)).toBe(Math.round(balance / 10_000) * 10_000);

    const kinds = rows.map((r) => r.kind).sort();
    for (const kind of [
      'top_up',
      'auto_recharge',
      'adjustment',
      'invoice',
      'refund',
      'dispute',
      'reversal',
      'charge',
      'other',
    ] as const)
      expect(kinds, kind).toContain(kind);
    // Payments still pending or failed show what was asked for but moved nothing.
    expect(rows.filter((r) => r.status === 'pending' || r.status === 'failed')).toHaveLength(2);
    expect(rows.find((r) => r.kind === 'other')).toMatchObject({
      value: '1.23',
      description: 'Loyalty bonus',
    });

    // The deletion refund: its own row, on the month's invoice as a credit line, and in the activity log.
    const refund = rows.find((r) => r.kind === 'refund' && r.type === 'invoice');
    expect(refund).toMatchObject({ hostname: `VPS ${monthly.hostname}`, status: 'completed' });
    expect(toMicros(refund!.value)).toBe(refunded);
    const invoice = (await env.call(user, 'GET', `/api/v2/invoices/${refund!.referenceId}`)).json().data;
    const credit = invoice.items.find((i: { type: string }) => i.type === 'credit');
    expect(credit).toMatchObject({ instanceId: monthly.id, reason: 'terminated' });
    expect(toMicros(credit.subtotal)).toBe(-refunded);
    const open = rows.find((r) => r.kind === 'invoice' && r.referenceId === refund!.referenceId)!;
    expect(open.status).toBe('open');
    const lines = invoice.items.reduce(
      (sum: number, i: { subtotal: string }) => sum + toMicros(i.subtotal),
      0,
    );
    // The invoice's lines net the credit; its Transactions row shows the charges, the refund its own row.
    expect(lines).toBe(-toMicros(open.balanceChange) - refunded);
    const logged = await env.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.instanceId, monthly.id), eq(activityLogs.event, 'instance_refunded')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.data).toMatchObject({
      hostname: monthly.hostname,
      amount: deleted.json().data.refundAmount,
    });
  });
});

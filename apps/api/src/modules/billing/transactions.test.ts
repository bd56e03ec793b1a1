import { fromMicros, type Transaction } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import {
  hoursAgo,
  insertInvoice,
  insertInvoiceItem,
  insertLedgerEntry,
  insertPayment,
  monthStart,
  signedUpCustomer,
} from './billing-read.test-helpers';

const DAY_H = 24;
const day = (d: Date) => d.toISOString().slice(0, 10);
const monthName = (d: Date) => d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('transactions', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedUpCustomer>>;
  let stranger: Awaited<ReturnType<typeof signedUpCustomer>>;
  /** What the owner's list must hold, in no particular order. */
  const expected: Transaction[] = [];
  /** Newest first, an open invoice (its running total) on top. */
  const newestFirst = (rows: Transaction[]) =>
    [...rows]
      .sort(
        (a, b) =>
          Number(b.status === 'open') - Number(a.status === 'open') || b.timestamp.localeCompare(a.timestamp),
      )
      .map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    owner = await signedUpCustomer(t.app, t.db);
    stranger = await signedUpCustomer(t.app, t.db);
    const o = owner.id;

    /** A payment with the ledger entries its gateway events posted (credit given, then taken back). */
    const payment = async (
      values: Parameters<typeof insertPayment>[2] & { createdAt: Date },
      seen: Pick<Transaction, 'description' | 'value' | 'status' | 'balanceChange'>,
      entries: number[] = values.credited ? [values.credited] : [],
    ) => {
      const p = await insertPayment(t.db, o, values);
      for (const amount of entries) {
        const kind = amount < 0 ? 'refund' : values.isAutoRecharge ? 'auto_recharge' : 'top_up';
        const entry = await insertLedgerEntry(t.db, o, {
          kind,
          amount,
          paymentId: p.id,
          description: 'Top-up refunded',
          createdAt: values.createdAt,
        });
        if (amount < 0)
          expected.push({
            id: `refund-${entry.id}`,
            type: 'payment',
            kind: 'refund',
            gateway: values.gateway ?? 'stripe',
            note: 'Top-up refunded',
            period: null,
            hostname: null,
            referenceId: p.id,
            description: 'Top-up refunded',
            timestamp: values.createdAt.toISOString(),
            value: fromMicros(amount, 2),
            balanceChange: fromMicros(amount, 6),
            status: 'completed',
          });
      }
      expected.push({
        id: `payment-${p.id}`,
        type: 'payment',
        kind: values.isAutoRecharge ? 'auto_recharge' : 'top_up',
        gateway: values.gateway ?? 'stripe',
        note: null,
        period: null,
        hostname: null,
        referenceId: p.id,
        timestamp: values.createdAt.toISOString(),
        ...seen,
      });
      return p;
    };
    const paid = await payment(
      { status: 'PAID', credit: 50_000_000, credited: 50_000_000, createdAt: hoursAgo(3 * DAY_H) },
      { description: 'Top-up via Stripe', value: '50.00', status: 'completed', balanceChange: '50.000000' },
      [],
    );
    await payment(
      {
        status: 'UNDERPAID',
        credit: 20_000_000,
        credited: 15_000_000,
        isAutoRecharge: true,
        createdAt: hoursAgo(2 * DAY_H),
      },
      {
        description: 'Auto-recharge via Stripe',
        value: '15.00',
        status: 'completed',
        balanceChange: '15.000000',
      },
    );
    await payment(
      { gateway: 'paypal', status: 'NEW', credit: 10_000_000, createdAt: hoursAgo(1) },
      { description: 'Top-up via PayPal', value: '10.00', status: 'pending', balanceChange: '0.000000' },
    );
    await payment(
      { gateway: 'cryptomus', status: 'REJECTED', credit: 25_000_000, createdAt: hoursAgo(4 * DAY_H) },
      { description: 'Top-up via Cryptomus', value: '25.00', status: 'failed', balanceChange: '0.000000' },
    );
    await payment(
      {
        gateway: 'btcpay',
        status: 'REFUNDED',
        credit: 30_000_000,
        credited: 0,
        createdAt: hoursAgo(40 * DAY_H),
      },
      { description: 'Top-up via BTCPay', value: '30.00', status: 'reversed', balanceChange: '30.000000' },
      [30_000_000, -30_000_000],
    );
    await payment(
      { status: 'DISPUTE_SUBMITTED', credit: 7_000_000, credited: 7_000_000, createdAt: hoursAgo(9 * DAY_H) },
      { description: 'Top-up via Stripe', value: '7.00', status: 'pending', balanceChange: '7.000000' },
    );
    // Saving a card is not a movement of credit.
    await insertPayment(t.db, o, { status: 'PAID', credit: 0, isCardSetup: true, createdAt: hoursAgo(2) });

    // Credit a payment gave is in its row; taking some back is a row of its own.
    await insertLedgerEntry(t.db, o, { kind: 'top_up', amount: 50_000_000, paymentId: paid.id });
    const corrected = hoursAgo(3 * DAY_H - 1);
    const reversal = await insertLedgerEntry(t.db, o, {
      kind: 'reversal',
      amount: -1_000_000,
      paymentId: paid.id,
      description: 'Reversal of #1: double event',
      createdAt: corrected,
    });
    expected.push({
      id: `reversal-${reversal.id}`,
      type: 'payment',
      kind: 'reversal',
      gateway: 'stripe',
      note: 'Reversal of #1: double event',
      period: null,
      hostname: null,
      referenceId: paid.id,
      description: 'Reversal of #1: double event',
      timestamp: corrected.toISOString(),
      value: '-1.00',
      balanceChange: '-1.000000',
      status: 'completed',
    });
    // Operator adjustments.
    for (const [amount, reason, at] of [
      [5_000_000, 'Goodwill for the outage', hoursAgo(5 * DAY_H)],
      [-2_500_000, 'Duplicate credit', hoursAgo(6 * DAY_H)],
    ] as const) {
      const entry = await insertLedgerEntry(t.db, o, {
        kind: 'adjustment',
        amount,
        description: reason,
        createdAt: at,
      });
      expected.push({
        id: `adjustment-${entry.id}`,
        type: 'payment',
        kind: 'adjustment',
        gateway: null,
        note: reason,
        period: null,
        hostname: null,
        referenceId: entry.id,
        description: `Credit adjustment: ${reason}`,
        timestamp: at.toISOString(),
        value: fromMicros(amount, 2),
        balanceChange: fromMicros(amount, 6),
        status: 'completed',
      });
    }

    // Invoices: their charges in the ledger; the open one dated by its start, closed ones by their end.
    const open = await insertInvoice(t.db, o, 0);
    await insertInvoiceItem(t.db, open, { usage: 3, subtotal: 20_700 });
    await insertLedgerEntry(t.db, o, {
      kind: 'usage_charge',
      amount: -6_900,
      invoiceId: open.id,
      createdAt: hoursAgo(2),
    });
    const lastCharge = new Date(Date.now() - 30 * 60_000);
    await insertLedgerEntry(t.db, o, {
      kind: 'usage_charge',
      amount: -6_900,
      invoiceId: open.id,
      createdAt: lastCharge,
    });
    const lastMonth = await insertInvoice(t.db, o, -1);
    await insertInvoiceItem(t.db, lastMonth, { usage: 400, subtotal: 2_760_000 });
    await insertInvoiceItem(t.db, lastMonth, { type: 'subscription', usage: 1, subtotal: 9_774_500 });
    for (const [kind, amount] of [
      ['usage_charge', -2_760_000],
      ['subscription_charge', -9_774_500],
    ] as const) {
      await insertLedgerEntry(t.db, o, { kind, amount, invoiceId: lastMonth.id, createdAt: monthStart(-1) });
    }
    const yearAgo = await insertInvoice(t.db, o, -13);
    for (const [invoice, timestamp, value, balanceChange, status] of [
      [open, monthStart(0), '-0.01', '-0.013800', 'open'],
      [lastMonth, monthStart(0), '-12.53', '-12.534500', 'completed'],
      [yearAgo, monthStart(-12), '0.00', '0.000000', 'completed'],
    ] as const) {
      expected.push({
        id: `invoice-${invoice.id}`,
        type: 'invoice',
        kind: 'invoice',
        gateway: null,
        note: null,
        period: invoice.periodStart.toISOString().slice(0, 7),
        hostname: null,
        referenceId: invoice.id,
        description: `Invoice for ${monthName(invoice.periodStart)}${status === 'open' ? ', so far' : ''}`,
        timestamp: timestamp.toISOString(),
        value,
        balanceChange,
        status,
      });
    }

    await insertPayment(t.db, stranger.id, { status: 'PAID', credited: 10_000_000, createdAt: hoursAgo(1) });
    await insertInvoice(t.db, stranger.id, 0);
  });
  afterAll(() => t.close());

  const get = (query: string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'GET', url: `/api/transactions${query}`, headers });
  const list = async (query: string, headers?: Record<string, string>) => {
    const res = await get(query, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      transactions: Transaction[];
      totalCount: number;
      totalPages: number;
      page: number;
    };
  };
  const idsOf = (data: { transactions: Transaction[] }) => data.transactions.map((r) => r.id);

  it('lists payments, invoices and every other ledger entry as one list, newest first', async () => {
    const data = await list('?pageSize=100');
    expect(data).toMatchObject({ totalCount: expected.length, totalPages: 1, pageSize: 100, page: 1 });
    expect(idsOf(data)).toEqual(newestFirst(expected));
    expect([...data.transactions].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...expected].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('pages, 10 by default', async () => {
    const all = newestFirst(expected);
    const first = await list('');
    expect(first).toMatchObject({ totalCount: 13, totalPages: 2, pageSize: 10, page: 1 });
    expect(idsOf(first)).toEqual(all.slice(0, 10));
    const page = await list('?pageSize=4&page=2');
    expect(page).toMatchObject({ totalCount: 13, totalPages: 4, pageSize: 4, page: 2 });
    expect(idsOf(page)).toEqual(all.slice(4, 8));
    expect(idsOf(await list('?pageSize=4&page=5'))).toEqual([]);
  });

  it('filters by status and type', async () => {
    const only = (keep: (r: Transaction) => boolean) => newestFirst(expected.filter(keep));
    for (const status of ['completed', 'pending', 'failed', 'reversed', 'open'] as const) {
      expect(idsOf(await list(`?status=${status}&pageSize=100`)), status).toEqual(
        only((r) => r.status === status),
      );
    }
    expect(idsOf(await list('?type=invoice'))).toEqual(only((r) => r.type === 'invoice'));
    expect(idsOf(await list('?type=payment&status=completed'))).toEqual(
      only((r) => r.type === 'payment' && r.status === 'completed'),
    );
    const pending = await list('?status=pending');
    expect(pending.totalCount).toBe(2);
  });

  it('filters by period', async () => {
    const within = (start: Date, end: Date) =>
      newestFirst(expected.filter((r) => new Date(r.timestamp) >= start && new Date(r.timestamp) < end));
    const now = new Date();
    const sixMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, now.getUTCDate()));
    const recent = await list('?interval=last6Months&pageSize=100');
    expect(idsOf(recent)).toEqual(within(sixMonthsAgo, new Date(now.getTime() + 60_000)));
    expect(idsOf(recent)).not.toContain(expected.find((r) => r.value === '0.00')!.id);
    const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, now.getUTCDate()));
    const lastYear = await list('?interval=last12Months&pageSize=100');
    expect(idsOf(lastYear)).toEqual(within(yearAgo, new Date(now.getTime() + 60_000)));

    const from = hoursAgo(4 * DAY_H);
    const to = hoursAgo(3 * DAY_H);
    const custom = await list(`?interval=custom&from=${day(from)}&to=${day(to)}&pageSize=100`);
    const end = new Date(`${day(to)}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    expect(idsOf(custom)).toEqual(within(new Date(`${day(from)}T00:00:00.000Z`), end));
    expect(custom.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses invalid filters with 400', async () => {
    for (const query of [
      '?status=paid',
      '?type=refund',
      '?interval=custom',
      '?interval=custom&from=2026-05-02&to=2026-05-01',
      '?interval=custom&from=2026-04-31&to=2026-05-01',
      '?pageSize=0',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION_ERROR');
    }
  });

  it("shows only the customer's own transactions", async () => {
    const own = await list('', stranger.headers);
    expect(own.totalCount).toBe(2);
    expect(own.transactions.map((r) => r.type).sort()).toEqual(['invoice', 'payment']);
    expect(idsOf(await list('?pageSize=100'))).not.toContain(own.transactions[0]!.id);
    expect((await get('', {})).statusCode).toBe(401);
  });

  it('dates an open invoice without charges by its period start', async () => {
    const user = await signedUpCustomer(t.app, t.db);
    const notYetClosed = await insertInvoice(t.db, user.id, -1, { status: 'open' });
    const [only] = (await list('', user.headers)).transactions;
    expect(only).toEqual({
      id: `invoice-${notYetClosed.id}`,
      type: 'invoice',
      kind: 'invoice',
      gateway: null,
      note: null,
      period: monthStart(-1).toISOString().slice(0, 7),
      hostname: null,
      referenceId: notYetClosed.id,
      description: `Invoice for ${monthName(monthStart(-1))}, so far`,
      timestamp: monthStart(-1).toISOString(),
      value: '0.00',
      balanceChange: '0.000000',
      status: 'open',
    });
  });
});

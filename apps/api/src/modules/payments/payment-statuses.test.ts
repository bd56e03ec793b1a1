import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { ledgerEntries } from '../billing/billing.tables';
import {
  balanceText,
  newCustomer,
  openSandboxCheckout,
  paymentView,
  processInbox,
  sandboxPay,
  submitCheckout,
} from './payments.test-helpers';

/** Every status the sandbox checkout page can produce, end to end through the webhook. */
describe('sandbox payment statuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const ledgerOf = (paymentId: number) =>
    t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paymentId));

  it('pay: PAID, the whole credit, a top-up entry and a receipt', async () => {
    const user = await newCustomer(t);
    const { paymentId, path } = await openSandboxCheckout(t, user, '60');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$60.00');
    const res = await submitCheckout(t, path, { outcome: 'pay' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/paymentssuccess?paymentId=${paymentId}`);
    // Nothing moves before the webhook job runs.
    expect(await balanceText(t, user)).toBe('0.00');
    expect(await processInbox(t)).toBe(1);
    expect(await balanceText(t, user)).toBe('60.00');
    const view = await paymentView(t, user, paymentId);
    expect(view).toMatchObject({
      status: 'PAID',
      overallStatus: 'success',
      price: '60.00',
      totalCaptureAmount: '60.00',
      creditedAmount: '60.00',
      isAutoRecharge: false,
      paymentGateway: 'sandbox',
    });
    expect(view.printToken).toEqual(expect.any(String));
    expect((view.additionalData as { trackingId: string }).trackingId).toMatch(/^sbx_txn_/);
    expect(await ledgerOf(paymentId)).toEqual([{ kind: 'top_up', amount: 60_000_000 }]);
  });

  it('underpay: UNDERPAID, half the price paid, half credited', async () => {
    const user = await newCustomer(t);
    const { paymentId, path } = await openSandboxCheckout(t, user, '25.55');
    const res = await submitCheckout(t, path, { outcome: 'underpay' });
    expect(res.headers.location).toBe(`/paymentsunderpaid?paymentId=${paymentId}`);
    await processInbox(t);
    // Half of 25.55 is 12.775; the payer pays 12.77.
    expect(await balanceText(t, user)).toBe('12.77');
    expect(await paymentView(t, user, paymentId)).toMatchObject({
      status: 'UNDERPAID',
      overallStatus: 'partial',
      price: '25.55',
      totalCaptureAmount: '12.77',
      creditedAmount: '12.77',
      printToken: expect.any(String),
    });
  });

  it('overpay: OVERPAID, 10 % more paid and credited', async () => {
    const user = await newCustomer(t);
    const { paymentId } = await sandboxPay(t, user, '60', 'overpay');
    expect(await balanceText(t, user)).toBe('66.00');
    expect(await paymentView(t, user, paymentId)).toMatchObject({
      status: 'OVERPAID',
      overallStatus: 'success',
      totalCaptureAmount: '66.00',
      creditedAmount: '66.00',
    });
    // 10 % of 25.55 is 2.555: the payer pays 2.56 more, all of it credited.
    const second = await sandboxPay(t, user, '25.55', 'overpay');
    expect(await paymentView(t, user, second.paymentId)).toMatchObject({
      totalCaptureAmount: '28.11',
      creditedAmount: '28.11',
    });
    expect(await balanceText(t, user)).toBe('94.11');
    expect(await ledgerOf(second.paymentId)).toEqual([{ kind: 'top_up', amount: 28_110_000 }]);
  });

  it('pending, then paid later: the checkout stays usable while pending', async () => {
    const user = await newCustomer(t);
    const { paymentId, path } = await openSandboxCheckout(t, user, '20');
    const pending = await submitCheckout(t, path, { outcome: 'pending' });
    expect(pending.statusCode, pending.body).toBe(303);
    expect(pending.headers.location).toBe(`/paymentspending?paymentId=${paymentId}`);
    await processInbox(t);
    expect(await paymentView(t, user, paymentId)).toMatchObject({
      status: 'PENDING',
      overallStatus: 'pending',
      creditedAmount: '0.00',
      totalCaptureAmount: null,
      printToken: null,
    });
    expect(await balanceText(t, user)).toBe('0.00');

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    const paid = await submitCheckout(t, path, { outcome: 'pay' });
    expect(paid.headers.location).toBe(`/paymentssuccess?paymentId=${paymentId}`);
    await processInbox(t);
    expect(await paymentView(t, user, paymentId)).toMatchObject({
      status: 'PAID',
      creditedAmount: '20.00',
    });
    expect(await balanceText(t, user)).toBe('20.00');
    const closed = await t.app.inject({ method: 'GET', url: path });
    expect(closed.body).toContain('This checkout is already paid.');
    expect(closed.body).not.toContain('<form');
  });

  it('fail: REJECTED, nothing credited, the checkout is closed', async () => {
    const user = await newCustomer(t);
    const { paymentId, path } = await openSandboxCheckout(t, user, '20');
    const failed = await submitCheckout(t, path, { outcome: 'fail' });
    expect(failed.headers.location).toBe(`/paymentsfail?paymentId=${paymentId}`);
    await processInbox(t);
    expect(await paymentView(t, user, paymentId)).toMatchObject({
      status: 'REJECTED',
      overallStatus: 'failed',
      creditedAmount: '0.00',
      printToken: null,
    });
    expect(await balanceText(t, user)).toBe('0.00');
    expect(await ledgerOf(paymentId)).toEqual([]);
    const again = await submitCheckout(t, path, { outcome: 'pay' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('This checkout is already rejected.');
    expect(await processInbox(t)).toBe(0);
    expect(await balanceText(t, user)).toBe('0.00');
  });

  it('pending, then failed', async () => {
    const user = await newCustomer(t);
    const { paymentId, path } = await openSandboxCheckout(t, user, '20');
    await submitCheckout(t, path, { outcome: 'pending' });
    await processInbox(t);
    await submitCheckout(t, path, { outcome: 'fail' });
    await processInbox(t);
    expect(await paymentView(t, user, paymentId)).toMatchObject({ status: 'REJECTED' });
    expect(await balanceText(t, user)).toBe('0.00');
  });

  it('refuses an unknown checkout or outcome', async () => {
    const user = await newCustomer(t);
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/sbx_0_nothing' });
    expect(missing.statusCode).toBe(404);
    const { path } = await openSandboxCheckout(t, user, '20');
    const bad = await submitCheckout(t, path, { outcome: 'steal' });
    expect(bad.statusCode).toBe(400);
    expect(await processInbox(t)).toBe(0);
  });

  it('adds several top-ups up exactly', async () => {
    const user = await newCustomer(t);
    for (const amount of ['10.01', '20.02', '30.03', '2']) await sandboxPay(t, user, amount, 'pay');
    expect(await balanceText(t, user)).toBe('62.06');
  });
});

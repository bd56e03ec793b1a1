import type { PaymentStatus } from '@nimbus/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { getOrCreateSecret } from '../../lib/secrets';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { createPrintTokens, type PrintTokens } from '../billing/print-token';
import { payments } from './payments.tables';
import {
  applyEvent,
  type Customer,
  cardSetup,
  insertPayment,
  listPayments,
  newCustomer,
  openSandboxCheckout,
  paymentView,
  sandboxPay,
} from './payments.test-helpers';

/** Receipts by print token, and what one customer can see of another's payments. */
describe('payment receipts', () => {
  let t: TestApp;
  let tokens: PrintTokens;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    tokens = createPrintTokens({ db: t.db, config: t.config });
  });
  afterAll(() => t.close());

  const receipt = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/payments/print?token=${encodeURIComponent(token)}` });
  const receiptPdf = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/payments/print/pdf?token=${encodeURIComponent(token)}` });

  /** A receipt token with chosen claims, signed with the real key. */
  async function craft(claims: { sub: number; cid: number; exp?: number; aud?: string }) {
    const secret = await getOrCreateSecret(t.db, 'print-token-key');
    return new SignJWT({ cid: claims.cid })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(claims.aud ?? 'nimbus:print:payment')
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(new TextEncoder().encode(secret));
  }

  async function expectInvalid(token: string) {
    for (const res of [await receipt(token), await receiptPdf(token)]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PRINT_TOKEN', data: null });
    }
  }

  /** A fresh checkout moved through `statuses` by gateway events. */
  async function paymentIn(user: Customer, statuses: PaymentStatus[]) {
    const { paymentId } = await openSandboxCheckout(t, user, '20');
    for (const status of statuses) expect(await applyEvent(t, paymentId, status)).toBe('applied');
    return paymentId;
  }

  it('has a print token only in the downloadable statuses', async () => {
    const user = await newCustomer(t);
    const cases: [PaymentStatus[], boolean][] = [
      [[], false],
      [['PENDING'], false],
      [['REJECTED'], false],
      [['PAID'], true],
      [['OVERPAID'], true],
      [['UNDERPAID'], true],
      [['PAID', 'REFUNDED'], true],
      [['PAID', 'DISPUTE_SUBMITTED'], false],
      [['PAID', 'DISPUTE_SUBMITTED', 'DISPUTE_WON'], false],
      [['PAID', 'DISPUTE_SUBMITTED', 'DISPUTE_LOST'], false],
    ];
    for (const [statuses, downloadable] of cases) {
      const id = await paymentIn(user, statuses);
      const view = await paymentView(t, user, id);
      expect(view.printToken === null, `${statuses.join('→') || 'NEW'}`).toBe(!downloadable);
      if (downloadable) expect((await receipt(view.printToken as string)).statusCode).toBe(200);
    }
  });

  it('opens the receipt and its PDF by token, without signing in', async () => {
    const user = await newCustomer(t);
    const { paymentId } = await sandboxPay(t, user, '42.50', 'pay');
    const { printToken } = await paymentView(t, user, paymentId);
    const res = await receipt(printToken as string);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.payment).toMatchObject({
      id: paymentId,
      status: 'PAID',
      price: '42.50',
      creditedAmount: '42.50',
    });
    expect(data.customer).toEqual({ id: user.id, fullname: 'Ada Lovelace', email: user.email });
    expect(data.pdfUrl).toBe(`/api/payments/print/pdf?token=${encodeURIComponent(printToken as string)}`);

    const pdf = await t.app.inject({ method: 'GET', url: data.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt-${paymentId}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(500);
  });

  it('refuses tampered, expired, invoice and foreign-kind tokens with 400 INVALID_PRINT_TOKEN', async () => {
    const user = await newCustomer(t);
    const { paymentId } = await sandboxPay(t, user, '20', 'pay');
    const token = (await paymentView(t, user, paymentId)).printToken as string;
    const [header, payload, signature] = token.split('.');

    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectInvalid(flipped);
    await expectInvalid(`${header}.${payload}x.${signature}`);
    await expectInvalid(
      await craft({ sub: paymentId, cid: user.id, exp: Math.floor(Date.now() / 1000) - 1 }),
    );
    await expectInvalid(await tokens.sign('invoice', paymentId, user.id));
    await expectInvalid(await craft({ sub: paymentId, cid: user.id, aud: 'nimbus:print:invoice' }));
    await expectInvalid('not-a-token-at-all');
    // The untouched token still opens it.
    expect((await receipt(token)).statusCode).toBe(200);
  });

  it('closes a receipt whose payment left the downloadable statuses', async () => {
    const user = await newCustomer(t);
    const { paymentId } = await sandboxPay(t, user, '20', 'pay');
    const token = (await paymentView(t, user, paymentId)).printToken as string;
    await applyEvent(t, paymentId, 'DISPUTE_SUBMITTED');
    await expectInvalid(token);
  });

  it('has no receipt for a card-saving checkout', async () => {
    const user = await newCustomer(t);
    const setup = await insertPayment(t, user.id, { ...cardSetup, status: 'PAID' });
    await expectInvalid(await tokens.sign('payment', setup.id, user.id));
    expect((await listPayments(t, user)).totalCount).toBe(0);
  });

  describe('another customer', () => {
    it('never sees the payments of someone else', async () => {
      const alice = await newCustomer(t);
      const bob = await newCustomer(t);
      const a = await sandboxPay(t, alice, '20', 'pay');
      const b = await sandboxPay(t, bob, '30', 'pay');
      await openSandboxCheckout(t, bob, '40');
      const ofAlice = await listPayments(t, alice);
      const ofBob = await listPayments(t, bob);
      expect(ofAlice.payments.map((p) => p.id)).toEqual([a.paymentId]);
      expect(ofAlice.totalCount).toBe(1);
      expect(ofBob.totalCount).toBe(2);
      expect(ofBob.payments.map((p) => p.id)).toContain(b.paymentId);
      expect(ofBob.payments.map((p) => p.id)).not.toContain(a.paymentId);
    });

    it("cannot turn their receipt token into someone else's", async () => {
      const alice = await newCustomer(t);
      const bob = await newCustomer(t);
      const a = await sandboxPay(t, alice, '20', 'pay');
      const b = await sandboxPay(t, bob, '30', 'pay');
      const bobsToken = (await paymentView(t, bob, b.paymentId)).printToken as string;
      const [header, payload, signature] = bobsToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const swapped = Buffer.from(JSON.stringify({ ...claims, sub: String(a.paymentId) })).toString(
        'base64url',
      );
      await expectInvalid(`${header}.${swapped}.${signature}`);
      const alsoCid = Buffer.from(
        JSON.stringify({ ...claims, sub: String(a.paymentId), cid: alice.id }),
      ).toString('base64url');
      await expectInvalid(`${header}.${alsoCid}.${signature}`);
      // Even a validly signed token must name the payment's owner.
      await expectInvalid(await craft({ sub: a.paymentId, cid: bob.id }));
      expect((await receipt(await craft({ sub: a.paymentId, cid: alice.id }))).statusCode).toBe(200);
    });
  });

  it('pages the payments newest first', async () => {
    const user = await newCustomer(t);
    const rows = await t.db
      .insert(payments)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          customerId: user.id,
          gateway: 'sandbox' as const,
          credit: (i + 2) * 1_000_000,
          fee: 0,
          price: (i + 2) * 1_000_000,
          description: `Top-up ${i}`,
          createdAt: new Date(Date.now() - (12 - i) * 60_000),
        })),
      )
      .returning({ id: payments.id });
    const first = await listPayments(t, user);
    expect(first).toMatchObject({ totalCount: 12, totalPages: 2, pageSize: 10, page: 1 });
    expect(first.payments.map((p) => p.id)).toEqual(
      rows
        .map((r) => r.id)
        .reverse()
        .slice(0, 10),
    );
    const second = await listPayments(t, user, '?page=2');
    expect(second.payments.map((p) => p.id)).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(second.payments[1]).toMatchObject({ price: '2.00', status: 'NEW' });
  });
});

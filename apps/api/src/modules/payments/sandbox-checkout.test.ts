import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits, signUp } from '../auth/auth.test-helpers';
import { createGatewayRegistry } from './gateways/registry';
import { payments, savedCards, webhookInbox } from './payments.tables';
import { processWebhook } from './webhooks';

describe('sandbox checkout page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const processAll = async () => {
    const gateways = createGatewayRegistry({ config: t.config, db: t.db });
    for (const row of await t.db.select().from(webhookInbox).where(eq(webhookInbox.gateway, 'sandbox')))
      await processWebhook({ db: t.db, gateways }, row.id);
  };

  /** A sandbox top-up of $20, with auto-recharge (a card to save) or without; answers the page's path. */
  async function startCheckout(user: Awaited<ReturnType<typeof signUp>>, withAutoRecharge: boolean) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: user.headers,
      payload: {
        credit: 20,
        gateway: 'sandbox',
        ...(withAutoRecharge && {
          enableAutoRecharge: true,
          autoRecharge: { amount: '10.00', minimumCreditThreshold: '5.00' },
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().data.url).pathname;
  }
  /** The test cards saved for the customer of the checkout at `path`. */
  async function savedLast4(path: string) {
    const externalId = path.split('/').pop() ?? '';
    const [payment] = await t.db.select().from(payments).where(eq(payments.externalId, externalId));
    if (!payment) throw new Error(`no payment ${externalId}`);
    const cards = await t.db.select().from(savedCards).where(eq(savedCards.customerId, payment.customerId));
    return cards.map((c) => c.last4);
  }
  const post = (path: string, form: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });

  it('leads back to the payments page with a cancel link', async () => {
    const path = await startCheckout(await signUp(t.app), false);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain(
      `<a href="${t.config.publicUrl}/payments">Cancel and return to the panel</a>`,
    );
    // Without a card to save, no card is offered.
    expect(page.body).not.toContain('name="card"');
  });

  it('offers the card for a full payment by card only, and saves none for other methods', async () => {
    const path = await startCheckout(await signUp(t.app), true);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Pay by test card, saved for auto-recharge');
    expect(page.body).toContain('Or without a card (nothing is saved)');
    const underpaid = await post(path, 'outcome=underpay&card=4242');
    expect(underpaid.statusCode, underpaid.body).toBe(303);
    await processAll();
    expect(await savedLast4(path)).toEqual([]);
  });

  it('saves the chosen test card with a full payment', async () => {
    const path = await startCheckout(await signUp(t.app), true);
    expect((await post(path, 'outcome=pay')).statusCode).toBe(400);
    const paid = await post(path, 'outcome=pay&card=4444');
    expect(paid.statusCode, paid.body).toBe(303);
    await processAll();
    expect(await savedLast4(path)).toEqual(['4444']);
  });
});

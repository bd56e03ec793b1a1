import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { activityEvents, relaxedLimits } from '../auth/auth.test-helpers';
import type { SandboxEvent } from '../payments/gateways/sandbox';
import { payments, webhookInbox } from '../payments/payments.tables';
import {
  balanceText,
  type Customer,
  deliverWebhook,
  newCustomer,
  processInbox,
  sandboxPay,
} from '../payments/payments.test-helpers';
import { autoRechargeSettings } from './auto-recharge.tables';
import {
  activate,
  activateWithNewCard,
  autoRechargeInfo,
  cardsOf,
  choice,
  deactivate,
  sandboxGatewayId,
} from './auto-recharge.test-helpers';

/** Turning auto-recharge off (DELETE /auto-recharge/{id}), keeping it off, and other customers' settings. */
describe('auto-recharge deactivation and ownership', () => {
  let t: TestApp;
  let gatewayId: number;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
    gatewayId = await sandboxGatewayId(t);
  });
  afterAll(() => t.close());

  const settingsOf = async (customerId: number) => {
    const [row] = await t.db
      .select()
      .from(autoRechargeSettings)
      .where(eq(autoRechargeSettings.customerId, customerId));
    return row;
  };

  describe('deactivation', () => {
    it('asks for a reason, keeps it and logs it', async () => {
      const user = await newCustomer(t);
      await activateWithNewCard(t, user);
      for (const payload of [undefined, {}, { reason: '' }, { reason: '   ' }]) {
        const res = await deactivate(t, user.headers, user.id, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await autoRechargeInfo(t, user)).isActive).toBe(true);

      const res = await deactivate(t, user.headers, user.id, { reason: ' Too expensive ' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);
      expect(await settingsOf(user.id)).toMatchObject({
        isActive: false,
        deactivationReason: 'Too expensive',
        deactivatedBy: 'customer',
      });
      const logs = await t.app.inject({ method: 'GET', url: '/api/logs?limit=100', headers: user.headers });
      const entry = (logs.json().data.logs as { event: string; data: Record<string, unknown> }[]).find(
        (l) => l.event === 'auto_recharge_deactivated',
      );
      expect(entry?.data).toMatchObject({ reason: 'Too expensive' });

      const again = await deactivate(t, user.headers, user.id, { reason: 'Again' });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('AUTO_RECHARGE_NOT_ACTIVE');
      // The card stays: activating again needs no new checkout.
      const back = await activate(t, user, { ...choice, gatewayId });
      expect(back.json().data).toEqual({ isGatewayVerified: true, isProfileActive: true, redirectURI: null });
      expect(await settingsOf(user.id)).toMatchObject({ isActive: true, deactivationReason: null });
    });
  });

  describe('a card-saving event delivered again (new event id, same content)', () => {
    /** Re-sends the webhook that carried the customer's card, under a new event id, and processes it. */
    async function replayCardEvent(user: Customer) {
      const own = await t.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.customerId, user.id));
      const rows = await t.db.select().from(webhookInbox);
      const original = rows
        .map((r) => JSON.parse(r.rawBody) as SandboxEvent)
        .find((e) => e.card && own.some((p) => p.id === e.paymentId));
      expect(original, 'the card-saving webhook').toBeTruthy();
      const res = await deliverWebhook(t, { ...original!, id: `${original!.id}_again` });
      expect(res.statusCode, res.body).toBe(200);
      await processInbox(t);
    }
    const activations = async (user: Customer) =>
      (await activityEvents(t.app, user.headers)).filter((e) => e === 'auto_recharge_activated').length;

    it('does not turn a deactivated auto-recharge back on (setup checkout)', async () => {
      const user = await newCustomer(t);
      await activateWithNewCard(t, user);
      expect((await deactivate(t, user.headers, user.id, { reason: 'Not now' })).statusCode).toBe(200);
      await replayCardEvent(user);
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);
      expect(await activations(user)).toBe(1);
    });

    it('does not turn a deactivated auto-recharge back on (top-up with auto-recharge)', async () => {
      const user = await newCustomer(t);
      await sandboxPay(t, user, '20', 'pay', '4242', { enableAutoRecharge: true, autoRecharge: choice });
      expect((await autoRechargeInfo(t, user)).isActive).toBe(true);
      expect((await deactivate(t, user.headers, user.id, { reason: 'Not now' })).statusCode).toBe(200);
      await replayCardEvent(user);
      expect((await autoRechargeInfo(t, user)).isActive).toBe(false);
      expect(await activations(user)).toBe(1);
      expect(await balanceText(t, user)).toBe('20.00');
    });
  });

  describe('another customer', () => {
    it('cannot read or deactivate someone else’s auto-recharge (404)', async () => {
      const alice = await newCustomer(t);
      const bob = await newCustomer(t);
      await activateWithNewCard(t, alice);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/auto-recharge/${alice.id}`,
        headers: bob.headers,
      });
      expect(read.statusCode, read.body).toBe(404);
      const off = await deactivate(t, bob.headers, alice.id, { reason: 'Because' });
      expect(off.statusCode, off.body).toBe(404);
      expect((await autoRechargeInfo(t, alice)).isActive).toBe(true);
      // Bob's own cards do not include Alice's.
      expect(await cardsOf(t, bob, gatewayId)).toEqual([]);
    });

    it('needs a signed-in customer', async () => {
      const user = await newCustomer(t);
      const res = await t.app.inject({ method: 'GET', url: `/api/auto-recharge/${user.id}` });
      expect(res.statusCode).toBe(401);
    });
  });
});

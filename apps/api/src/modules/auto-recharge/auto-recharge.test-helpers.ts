import type { AutoRechargeInfo } from '@nimbus/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { type Customer, processInbox, submitCheckout } from '../payments/payments.test-helpers';

/** Test-only helpers of the auto-recharge test files. */

/** The catalogue id of the sandbox gateway (GET /payments/gateways). */
export async function sandboxGatewayId(t: TestApp): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/payments/gateways' });
  const sandbox = (res.json().data as { id: number; name: string }[]).find((g) => g.name === 'sandbox');
  expect(sandbox, 'the sandbox gateway is enabled').toBeTruthy();
  return sandbox!.id;
}

export async function autoRechargeInfo(t: TestApp, user: Customer, id = user.id): Promise<AutoRechargeInfo> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auto-recharge/${id}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The smallest offered amount and threshold of a customer without usage. */
export const choice = { amount: '10.00', minimumCreditThreshold: '5.00' };

/** POST /auto-recharge. */
export const activate = (
  t: TestApp,
  user: Customer,
  body: { amount: string; minimumCreditThreshold: string; gatewayId: number },
) => t.app.inject({ method: 'POST', url: '/api/auto-recharge', headers: user.headers, payload: body });

/** DELETE /auto-recharge/{id}, as the customer whose headers these are. */
export const deactivate = (t: TestApp, headers: Record<string, string>, id: number, payload?: unknown) =>
  t.app.inject({ method: 'DELETE', url: `/api/auto-recharge/${id}`, headers, payload: payload as object });

export async function cardsOf(t: TestApp, user: Customer, gatewayId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auto-recharge/gateways/${gatewayId}/cards`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.cards as { id: number; brand: string; last4: string; isDefault: boolean }[];
}

/**
 * Activates auto-recharge the way a customer without a card does: POST /auto-recharge, then save a
 * sandbox test card on the checkout it redirects to, then the webhook job.
 */
export async function activateWithNewCard(t: TestApp, user: Customer, card = '4242', chosen = choice) {
  const gatewayId = await sandboxGatewayId(t);
  const res = await activate(t, user, { ...chosen, gatewayId });
  expect(res.statusCode, res.body).toBe(200);
  const { redirectURI } = res.json().data as { redirectURI: string };
  const saved = await submitCheckout(t, new URL(redirectURI).pathname, { card, cardholder: 'Ada Lovelace' });
  expect(saved.statusCode, saved.body).toBe(303);
  await processInbox(t);
  return { gatewayId, redirectURI };
}

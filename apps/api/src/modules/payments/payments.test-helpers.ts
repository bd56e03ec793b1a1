import { randomBytes } from 'node:crypto';
import { fromMicros, type GatewayName, type PaymentStatus } from '@nimbus/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { getOrCreateSecret } from '../../lib/secrets';
import { creditAccounts } from '../billing/billing.tables';
import { customerWithCredit } from '../billing/billing.test-helpers';
import type { GatewayEvent } from './gateways/gateway';
import { createGatewayRegistry, type GatewayRegistry } from './gateways/registry';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, sandboxSignature } from './gateways/sandbox';
import { applyGatewayEvent } from './payment-events';
import { paymentEvents, payments, webhookInbox } from './payments.tables';
import { processWebhook } from './webhooks';

/** Test-only helpers of the payments and auto-recharge test files. */

export type Customer = Awaited<ReturnType<typeof customerWithCredit>>;
export type SandboxOutcome = 'pay' | 'underpay' | 'overpay' | 'pending' | 'fail';

/** A signed-up customer with an empty balance and their id. */
export const newCustomer = (t: TestApp) => customerWithCredit(t.app, t.db, 0);

const registries = new WeakMap<TestApp, GatewayRegistry>();
/** The gateways as a worker builds them (its own registry, like the job process). */
export function registryOf(t: TestApp): GatewayRegistry {
  let registry = registries.get(t);
  if (!registry) {
    registry = createGatewayRegistry({ config: t.config, db: t.db });
    registries.set(t, registry);
  }
  return registry;
}

/** Processes every unprocessed inbox row, oldest first, as the webhook job would; returns how many. */
export async function processInbox(t: TestApp): Promise<number> {
  const rows = await t.db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(isNull(webhookInbox.processedAt))
    .orderBy(asc(webhookInbox.id));
  for (const row of rows) await processWebhook({ db: t.db, gateways: registryOf(t) }, row.id);
  return rows.length;
}

/** POST /payments as the customer. */
export const postPayment = (t: TestApp, user: Customer, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payments', headers: user.headers, payload });

/** Starts a sandbox checkout; returns the payment id and the checkout page's path. */
export async function openSandboxCheckout(
  t: TestApp,
  user: Customer,
  credit: number | string,
  extra: Record<string, unknown> = {},
) {
  const res = await postPayment(t, user, { credit, gateway: 'sandbox', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { url, postData, paymentId } = res.json().data as { url: string; postData: null; paymentId: number };
  expect(postData).toBeNull();
  return { paymentId, path: new URL(url).pathname };
}

/** Submits the sandbox checkout page as the payer would (a urlencoded form). */
export const submitCheckout = (t: TestApp, path: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/**
 * A whole sandbox top-up: checkout, the payer's choice on the page (and a test card to save when the
 * checkout asks for one), then the webhook job. Returns the payment id.
 */
export async function sandboxPay(
  t: TestApp,
  user: Customer,
  amount: number | string,
  outcome: SandboxOutcome,
  card?: string,
  extra: Record<string, unknown> = {},
) {
  const { paymentId, path } = await openSandboxCheckout(t, user, amount, extra);
  const res = await submitCheckout(t, path, card ? { outcome, card } : { outcome });
  expect(res.statusCode, res.body).toBe(303);
  await processInbox(t);
  return { paymentId, path };
}

/**
 * Writes a payment row as a checkout would have (a sandbox top-up of `credit`, price = credit + fee),
 * for the states no checkout page produces or a crash left behind.
 */
export async function insertPayment(
  t: TestApp,
  customerId: number,
  values: Partial<typeof payments.$inferInsert> & { credit: number },
) {
  const fee = values.fee ?? 0;
  const [row] = await t.db
    .insert(payments)
    .values({
      customerId,
      gateway: 'sandbox',
      description: 'Top-up',
      price: values.credit + fee,
      fee,
      ...values,
    })
    .returning();
  return row!;
}

/** The values of a card-saving checkout (POST /auto-recharge without a card): it never credits. */
export const cardSetup = {
  credit: 0,
  isCardSetup: true,
  saveCard: true,
  description: 'Card for auto-recharge',
} as const;

export async function paymentRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  expect(row, `payment ${id}`).toBeTruthy();
  return row!;
}

export const eventsOf = (t: TestApp, paymentId: number) =>
  t.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));

/** The balance as the customer sees it (GET /profile/billing-info). */
export async function balanceText(t: TestApp, user: Customer): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/profile/billing-info', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.balance;
}

/** GET /payments as the customer. */
export async function listPayments(t: TestApp, user: Customer, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/payments${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    payments: Record<string, unknown>[];
    totalCount: number;
    totalPages: number;
    pageSize: number;
    page: number;
  };
}

export async function paymentView(t: TestApp, user: Customer, paymentId: number) {
  const { payments: list } = await listPayments(t, user, '?pageSize=100');
  const found = list.find((p) => p.id === paymentId);
  expect(found, `payment ${paymentId} in GET /payments`).toBeTruthy();
  return found!;
}

/** Sets the customer's KYC status (the support team's one-time check). */
export async function setKyc(t: TestApp, customerId: number, kycStatus: 'none' | 'approved' | 'rejected') {
  await t.db
    .insert(creditAccounts)
    .values({ customerId, kycStatus })
    .onConflictDoUpdate({ target: creditAccounts.customerId, set: { kycStatus } });
}

/** A sandbox event for a payment, with a fresh event id unless one is given. */
export function sandboxEvent(
  payment: { id: number; externalId: string | null },
  status: PaymentStatus | null,
  received: number | null,
  overrides: Partial<SandboxEvent> = {},
): SandboxEvent {
  return {
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    type: `test.${status ?? 'card'}`,
    paymentId: payment.id,
    externalId: payment.externalId ?? '',
    status,
    received: received === null ? null : fromMicros(received, 6),
    card: null,
    ...overrides,
  };
}

/**
 * Posts a webhook to /api/payments/webhooks/{gateway}, signed like the sandbox signs it unless a
 * header is given; `at` moves the signature's time (seconds since the epoch).
 */
export async function deliverWebhook(
  t: TestApp,
  body: string | SandboxEvent,
  opts: { gateway?: string; signature?: string | null; at?: number; secret?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = opts.secret ?? (await getOrCreateSecret(t.db, 'sandbox-gateway-key'));
  const signature =
    opts.signature === undefined
      ? sandboxSignature(secret, opts.at ?? Math.floor(Date.now() / 1000), raw)
      : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${opts.gateway ?? 'sandbox'}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
    },
    payload: raw,
  });
}

/** Applies one gateway event in its own transaction, as the webhook job does. */
export const applyEvent = (
  t: TestApp,
  paymentId: number,
  status: PaymentStatus | null,
  received: number | null = null,
  gateway: GatewayName = 'sandbox',
  extra: Partial<GatewayEvent> = {},
) =>
  t.db.transaction((tx) =>
    applyGatewayEvent(tx, gateway, { paymentId, externalId: null, status, received, ...extra }, null),
  );

import { type GatewayName, paymentFee } from '@nimbus/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockCreditAccount } from '../billing/ledger';
import { toPaymentGateway } from '../catalogue/catalogue.mappers';
import { listPaymentGateways } from '../catalogue/catalogue.repository';
import type { GatewayRegistry } from '../payments/gateways/registry';
import { applyGatewayEvent } from '../payments/payment-events';
import { payments } from '../payments/payments.tables';
import { cardRowToGatewayCard, defaultCardOf } from '../payments/saved-cards';
import { autoRechargeSettings } from './auto-recharge.tables';

export type AutoRechargeCheckResult = 'not-needed' | 'in-flight' | 'succeeded' | 'pending' | 'declined';

/**
 * One automatic top-up when the balance is below the threshold. The payment row is written first
 * (at most one in flight per customer: a unique index), then the saved card is charged with the
 * payment's idempotency key, then the result is applied like a webhook. A crash anywhere leaves
 * the NEW payment, which the next check charges again with the same key: one charge, never two.
 */
export async function runAutoRechargeCheck(
  deps: { db: Database; gateways: GatewayRegistry },
  customerId: number,
): Promise<AutoRechargeCheckResult> {
  const { db } = deps;
  const prepared = await db.transaction(async (tx) => {
    const balance = await lockCreditAccount(tx, customerId);
    const [inFlight] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.customerId, customerId),
          eq(payments.isAutoRecharge, true),
          inArray(payments.status, ['NEW', 'PENDING']),
        ),
      );
    if (inFlight?.status === 'PENDING') return null;
    if (inFlight) return inFlight;
    const [settings] = await tx
      .select()
      .from(autoRechargeSettings)
      .where(eq(autoRechargeSettings.customerId, customerId));
    if (!settings?.isActive || settings.gatewayStatus !== 'ACTIVE' || balance >= settings.threshold)
      return null;
    const gatewayRow = (await listPaymentGateways(tx)).find((g) => g.name === settings.gateway);
    const fee = gatewayRow ? paymentFee(settings.amount, toPaymentGateway(gatewayRow).feePercent) : 0;
    const [created] = await tx
      .insert(payments)
      .values({
        customerId,
        gateway: settings.gateway,
        credit: settings.amount,
        fee,
        price: settings.amount + fee,
        isAutoRecharge: true,
        description: 'Automatic top-up (auto-recharge)',
      })
      .returning();
    return created ?? null;
  });
  if (!prepared) return 'not-needed';
  const gateway = prepared.gateway as GatewayName;
  const adapter = deps.gateways.get(gateway);
  const card = await defaultCardOf(db, customerId, gateway);
  const result =
    adapter?.chargeSavedCard && card
      ? await adapter.chargeSavedCard({
          paymentId: prepared.id,
          amount: prepared.price,
          currency: 'USD',
          description: prepared.description,
          card: cardRowToGatewayCard(card),
          idempotencyKey: `auto-recharge-${prepared.id}`,
        })
      : ({
          outcome: 'declined',
          externalId: null,
          reason: card ? 'This payment method is not available.' : 'No saved card.',
        } as const);
  await db.transaction((tx) =>
    applyGatewayEvent(
      tx,
      gateway,
      result.outcome === 'succeeded'
        ? {
            paymentId: prepared.id,
            externalId: result.externalId,
            status: 'PAID',
            received: result.received,
            trackingId: result.trackingId,
          }
        : result.outcome === 'pending'
          ? { paymentId: prepared.id, externalId: result.externalId, status: 'PENDING', received: null }
          : {
              paymentId: prepared.id,
              externalId: result.externalId,
              status: 'REJECTED',
              received: null,
              failureReason: result.reason,
            },
      null,
    ),
  );
  return result.outcome;
}

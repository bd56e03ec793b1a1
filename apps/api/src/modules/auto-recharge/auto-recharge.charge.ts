import { type GatewayName, paymentFee } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockCreditAccount } from '../billing/ledger';
import { toPaymentGateway } from '../catalogue/catalogue.mappers';
import { listPaymentGateways } from '../catalogue/catalogue.repository';
import type { GatewayRegistry } from '../payments/gateways/registry';
import { applyGatewayEvent } from '../payments/payment-events';
import {
  autoRechargeInFlight,
  autoRechargePaidWithinHour,
  createPayment,
} from '../payments/payments.repository';
import { cardRowToGatewayCard, defaultCardOf } from '../payments/saved-cards';
import { autoRechargeSettings } from './auto-recharge.tables';

export type AutoRechargeCheckResult = 'not-needed' | 'in-flight' | 'succeeded' | 'pending' | 'declined';

/**
 * One automatic top-up when the balance is below the threshold. The payment row is written first
 * (at most one in flight per customer: a unique index), then the saved card is charged with the
 * payment's idempotency key, then the result is applied like a webhook. A crash anywhere leaves
 * the NEW payment, which the next check charges again with the same key: one charge, never two.
 * At most one automatic charge starts per hour.
 */
export async function runAutoRechargeCheck(
  deps: { db: Database; gateways: GatewayRegistry },
  customerId: number,
): Promise<AutoRechargeCheckResult> {
  const { db } = deps;
  const step = await db.transaction(async (tx) => {
    const balance = await lockCreditAccount(tx, customerId);
    const [settings] = await tx
      .select()
      .from(autoRechargeSettings)
      .where(eq(autoRechargeSettings.customerId, customerId));
    const inFlight = await autoRechargeInFlight(tx, customerId);
    if (inFlight?.status === 'PENDING') return { kind: 'in-flight' as const };
    if (inFlight && !settings?.isActive) {
      // Turned off after a crash left this charge unsent: it is never sent.
      await applyGatewayEvent(
        tx,
        inFlight.gateway as GatewayName,
        {
          paymentId: inFlight.id,
          externalId: null,
          status: 'REJECTED',
          received: null,
          failureReason: 'Auto-recharge was turned off.',
        },
        null,
      );
      return { kind: 'not-needed' as const };
    }
    if (inFlight) return { kind: 'charge' as const, payment: inFlight };
    if (!settings?.isActive || settings.gatewayStatus !== 'ACTIVE' || balance >= settings.threshold) {
      return { kind: 'not-needed' as const };
    }
    // At most one successful automatic charge an hour: a balance far below the threshold is not
    // charged every minute. (A declined charge pauses auto-recharge until the card changes.)
    if (await autoRechargePaidWithinHour(tx, customerId)) return { kind: 'not-needed' as const };
    const gatewayRow = (await listPaymentGateways(tx)).find((g) => g.name === settings.gateway);
    const fee = gatewayRow ? paymentFee(settings.amount, toPaymentGateway(gatewayRow).feePercent) : 0;
    const created = await createPayment(tx, {
      customerId,
      gateway: settings.gateway,
      credit: settings.amount,
      fee,
      price: settings.amount + fee,
      isAutoRecharge: true,
      description: 'Automatic top-up (auto-recharge)',
    });
    return created ? { kind: 'charge' as const, payment: created } : { kind: 'not-needed' as const };
  });
  if (step.kind !== 'charge') return step.kind;
  const prepared = step.payment;
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

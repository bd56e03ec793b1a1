import {
  canMovePayment,
  creditForReceived,
  type GatewayName,
  isCreditedStatus,
  type Micros,
  type PaymentStatus,
} from '@nimbus/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activateRequestedAutoRecharge } from '../auto-recharge/auto-recharge.activation';
import { recordAutoRechargeOutcome } from '../auto-recharge/auto-recharge.outcome';
import { type LedgerEntryKind, postLedgerEntry } from '../billing/ledger';
import type { GatewayEvent } from './gateways/gateway';
import type { Payment } from './payments.repository';
import { paymentEvents, payments } from './payments.tables';
import { keepSavedCard } from './saved-cards';

export type EventOutcome = 'applied' | 'ignored' | 'unknown-payment';

async function lockPayment(tx: DbOrTx, gateway: GatewayName, event: GatewayEvent): Promise<Payment | null> {
  const where =
    event.paymentId !== null
      ? and(eq(payments.id, event.paymentId), eq(payments.gateway, gateway))
      : event.externalId
        ? and(eq(payments.gateway, gateway), eq(payments.externalId, event.externalId))
        : null;
  if (!where) return null;
  const [row] = await tx.select().from(payments).where(where).for('update');
  return row ?? null;
}

/** Credit a payment should have given in `status` having received `received`. */
function creditTarget(payment: Payment, status: PaymentStatus, received: Micros | null): Micros {
  if (payment.isCardSetup) return 0;
  // An open dispute keeps the credit until it is lost.
  if (status === 'DISPUTE_SUBMITTED') return payment.credited;
  if (!isCreditedStatus(status)) return 0;
  return creditForReceived(received ?? payment.price, payment.credit, payment.price);
}

function ledgerKind(payment: Payment, delta: Micros, status: PaymentStatus): LedgerEntryKind {
  if (delta > 0) return payment.isAutoRecharge ? 'auto_recharge' : 'top_up';
  return status === 'DISPUTE_LOST' ? 'dispute' : 'refund';
}

/**
 * Applies what a gateway said about one payment, under the payment's row lock and in the caller's
 * transaction. Moves not in the contract's transition table are recorded and ignored, so duplicated,
 * replayed and out-of-order events never credit twice; the balance moves by the difference between
 * the credit the new state deserves and what the payment has already credited.
 */
export async function applyGatewayEvent(
  tx: DbOrTx,
  gateway: GatewayName,
  event: GatewayEvent,
  inboxId: number | null,
): Promise<EventOutcome> {
  const payment = await lockPayment(tx, gateway, event);
  if (!payment) return 'unknown-payment';
  if (event.savedCard) {
    await keepSavedCard(tx, payment.customerId, gateway, event.savedCard);
    await activateRequestedAutoRecharge(tx, payment);
  }
  const to = event.status;
  if (to === null) return 'applied';
  const from = payment.status;
  const received =
    event.received ?? (isCreditedStatus(to) ? (payment.received ?? payment.price) : payment.received);
  const sameState = to === from && received === payment.received;
  const allowed = to === from ? !sameState && canMovePayment(from, to) : canMovePayment(from, to);
  if (!allowed) {
    await tx
      .insert(paymentEvents)
      .values({ paymentId: payment.id, fromStatus: from, toStatus: to, received, applied: false, inboxId });
    return 'ignored';
  }
  const target = creditTarget(payment, to, received);
  const delta = target - payment.credited;
  if (delta !== 0) {
    const [seen] = await tx
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id));
    await postLedgerEntry(tx, {
      customerId: payment.customerId,
      kind: ledgerKind(payment, delta, to),
      amount: delta,
      idempotencyKey: `payment:${payment.id}:${seen?.n ?? 0}`,
      description: payment.description,
      paymentId: payment.id,
    });
  }
  await tx
    .update(payments)
    .set({
      status: to,
      received,
      credited: target,
      externalId: payment.externalId ?? event.externalId,
      trackingId: event.trackingId ?? payment.trackingId,
      failureReason: event.failureReason ?? payment.failureReason,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  await tx
    .insert(paymentEvents)
    .values({ paymentId: payment.id, fromStatus: from, toStatus: to, received, applied: true, inboxId });
  if (payment.isAutoRecharge)
    await recordAutoRechargeOutcome(tx, {
      ...payment,
      status: to,
      credited: target,
      failureReason: event.failureReason ?? payment.failureReason,
    });
  return 'applied';
}

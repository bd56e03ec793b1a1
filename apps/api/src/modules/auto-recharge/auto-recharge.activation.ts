import { fromMicros, type GatewayName } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { accountStatusOf } from '../auth/customers';
import { clearAutoRechargeRequest, type Payment } from '../payments/payments.repository';
import { autoRechargeSettings } from './auto-recharge.tables';

export interface AutoRechargeChoice {
  customerId: number;
  gateway: GatewayName;
  amount: number;
  threshold: number;
}

/** A closed or administratively suspended account cannot turn on automatic charges. */
export async function mayTurnOnAutoRecharge(tx: DbOrTx, customerId: number): Promise<boolean> {
  const status = await accountStatusOf(tx, customerId);
  return status !== 'closed_by_admin' && status !== 'suspended_by_admin';
}

/** Turns auto-recharge on with a choice (a verified card exists), logging the activation. */
export async function activateAutoRecharge(tx: DbOrTx, choice: AutoRechargeChoice, ip?: string | null) {
  await tx
    .insert(autoRechargeSettings)
    .values({
      customerId: choice.customerId,
      isActive: true,
      amount: choice.amount,
      threshold: choice.threshold,
      gateway: choice.gateway,
      gatewayStatus: 'ACTIVE',
    })
    .onConflictDoUpdate({
      target: autoRechargeSettings.customerId,
      set: {
        isActive: true,
        amount: choice.amount,
        threshold: choice.threshold,
        gateway: choice.gateway,
        gatewayStatus: 'ACTIVE',
        lastFailureAt: null,
        lastFailureReason: null,
        deactivatedAt: null,
        deactivationReason: null,
        deactivatedBy: null,
        updatedAt: sql`now()`,
      },
    });
  await logActivity(tx, {
    customerId: choice.customerId,
    event: 'auto_recharge_activated',
    data: {
      gatewayId: choice.gateway,
      amount: fromMicros(choice.amount),
      threshold: fromMicros(choice.threshold),
    },
    ip: ip ?? null,
  });
}

/**
 * A checkout that saved a card with an auto-recharge choice attached activates that choice, once: the
 * request is cleared (under the payment's row lock, held by the caller), so the same card arriving again
 * in a replayed event does not turn auto-recharge back on after the customer turned it off. An account
 * an administrator suspended meanwhile keeps the card but not the choice, as POST /auto-recharge answers.
 */
export async function activateRequestedAutoRecharge(tx: DbOrTx, payment: Payment) {
  const request = payment.autoRechargeRequest;
  if (!request) return;
  if (await mayTurnOnAutoRecharge(tx, payment.customerId)) {
    await activateAutoRecharge(tx, {
      customerId: payment.customerId,
      gateway: payment.gateway,
      amount: request.amount,
      threshold: request.threshold,
    });
  }
  await clearAutoRechargeRequest(tx, payment.id);
}

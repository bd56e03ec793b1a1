import { fromMicros } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { notify } from '../notifications/notify';
import type { Payment } from '../payments/payments.repository';
import { autoRechargeSettings } from './auto-recharge.tables';

/**
 * Records how an automatic charge ended: processed (gateway status back to ACTIVE) or failed (the
 * status shows in red, and automatic charges pause until the customer updates the card or re-activates).
 */
export async function recordAutoRechargeOutcome(tx: DbOrTx, payment: Payment) {
  if (payment.status === 'PAID' || payment.status === 'OVERPAID' || payment.status === 'UNDERPAID') {
    await tx
      .update(autoRechargeSettings)
      .set({ gatewayStatus: 'ACTIVE', updatedAt: sql`now()` })
      .where(eq(autoRechargeSettings.customerId, payment.customerId));
    await logActivity(tx, {
      customerId: payment.customerId,
      event: 'auto_recharge_processed',
      data: { gatewayId: payment.gateway, amount: fromMicros(payment.credited) },
    });
  } else if (payment.status === 'REJECTED') {
    const declined = /declin|insufficient/i.test(payment.failureReason ?? '');
    await tx
      .update(autoRechargeSettings)
      .set({
        gatewayStatus: declined ? 'CARD_DECLINED' : 'PAYMENT_FAILED',
        lastFailureAt: sql`now()`,
        lastFailureReason: payment.failureReason ?? 'The payment failed.',
        updatedAt: sql`now()`,
      })
      .where(eq(autoRechargeSettings.customerId, payment.customerId));
    await logActivity(tx, {
      customerId: payment.customerId,
      event: 'auto_recharge_failed',
      data: { gatewayId: payment.gateway, amount: fromMicros(payment.credit), reason: payment.failureReason },
    });
    await notify(tx, payment.customerId, 'auto_recharge_failed', {
      subject: payment.id,
      data: { amount: fromMicros(payment.credit) },
    });
  }
}

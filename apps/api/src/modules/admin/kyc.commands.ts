import type { KycStatus } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { recordKycDecision } from '../billing/kyc';
import { resolveCustomer } from './admin.customer';

export interface KycDecisionResult {
  customerId: number;
  email: string;
  previous: KycStatus;
  status: KycStatus;
  /** False when the customer already had this decision: nothing changed, nothing logged. */
  changed: boolean;
}

/** Records an operator's KYC decision on the customer's credit account. */
export async function decideKyc(
  deps: { db: Database },
  input: { customer: string; decision: 'approved' | 'rejected' },
): Promise<KycDecisionResult> {
  return deps.db.transaction(async (tx) => {
    const customer = await resolveCustomer(tx, input.customer);
    const previous = await recordKycDecision(tx, customer.id, input.decision);
    const changed = previous !== input.decision;
    if (changed) {
      await logActivity(tx, {
        customerId: customer.id,
        event: input.decision === 'approved' ? 'kyc_approved' : 'kyc_rejected',
        data: {},
      });
    }
    return { customerId: customer.id, email: customer.email, previous, status: input.decision, changed };
  });
}

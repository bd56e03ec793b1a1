import type { AccountStatus } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { liftAccountStatus, setAccountStatus } from '../auth/customers';
import type { RevokeReason, SessionService } from '../auth/session.service';
import { syncBillingSuspensions } from '../billing/billing-suspension';
import { resolveCustomer } from './admin.customer';
import { UsageError } from './admin.errors';

export interface AccountStatusResult {
  customerId: number;
  email: string;
  previous: AccountStatus;
  status: AccountStatus;
  /** False when the account already was in the asked state: nothing changed, nothing logged. */
  changed: boolean;
}

// Session revocations record why; RevokeReason does not list an administrator's suspension yet.
const REVOKED_BY_SUSPENSION: RevokeReason = 'suspended_by_admin';

/** Suspends the account as an administrator and ends every sign-in of it at once. */
export async function suspendAccount(
  deps: { db: Database; sessions: Pick<SessionService, 'revokeAll'> },
  input: { customer: string; reason?: string },
): Promise<AccountStatusResult> {
  return deps.db.transaction(async (tx) => {
    const customer = await resolveCustomer(tx, input.customer, { lock: true });
    const result = { customerId: customer.id, email: customer.email, previous: customer.status };
    if (customer.status === 'closed_by_admin') throw new UsageError(`${customer.email} is closed.`);
    if (customer.status === 'suspended_by_admin')
      return { ...result, status: customer.status, changed: false };
    await setAccountStatus(tx, customer.id, 'suspended_by_admin');
    await deps.sessions.revokeAll(tx, customer.id, REVOKED_BY_SUSPENSION);
    await logActivity(tx, {
      customerId: customer.id,
      event: 'suspended_by_admin',
      data: input.reason ? { reason: input.reason } : {},
    });
    return { ...result, status: 'suspended_by_admin' as const, changed: true };
  });
}

/**
 * Lifts an administrator's suspension. Credit that went negative meanwhile keeps the account
 * suspended by billing, exactly as if it had been active all along.
 */
export async function unsuspendAccount(
  deps: { db: Database },
  input: { customer: string },
): Promise<AccountStatusResult> {
  return deps.db.transaction(async (tx) => {
    const customer = await resolveCustomer(tx, input.customer, { lock: true });
    if (customer.status !== 'suspended_by_admin') {
      throw new UsageError(
        `${customer.email} is not suspended by an administrator (status: ${customer.status}).`,
      );
    }
    // An account marked while admin-suspended returns to billing's suspension; the sync below then
    // settles any account whose mark and balance disagree (and logs what billing does).
    await liftAccountStatus(tx, customer.id, 'suspended_by_admin');
    await logActivity(tx, { customerId: customer.id, event: 'unsuspended_by_admin', data: {} });
    await syncBillingSuspensions(tx, [customer.id]);
    const after = await resolveCustomer(tx, String(customer.id));
    return {
      customerId: customer.id,
      email: customer.email,
      previous: customer.status,
      status: after.status,
      changed: true,
    };
  });
}

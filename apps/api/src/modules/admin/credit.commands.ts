import { randomUUID } from 'node:crypto';
import type { AccountStatus, Micros } from '@nimbus/contract';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { customersBelowThreshold, requestAutoRechargeChecks } from '../auto-recharge/auto-recharge.trigger';
import { findLedgerEntryByKey, postLedgerEntry } from '../billing/ledger';
import { moneyString } from '../catalogue/catalogue.mappers';
import { resolveCustomer } from './admin.customer';
import { UsageError } from './admin.errors';

export interface CreditAdjustment {
  direction: 'add' | 'remove';
  /** Customer id or email. */
  customer: string;
  /** Positive micros; the direction gives the sign. */
  amount: Micros;
  /** Shown to the customer as the transaction's description. */
  reason: string;
  /** Makes a re-run a no-op; a fresh one is generated when absent. */
  key?: string;
}

export interface CreditAdjustmentResult {
  /** False when the key was used before: nothing changed. */
  applied: boolean;
  customerId: number;
  email: string;
  idempotencyKey: string;
  entryId: number | null;
  balance: Micros;
  status: AccountStatus;
  autoRechargeCheckQueued: boolean;
  /** Set when the adjustment stands but the auto-recharge check could not be queued. */
  warning?: string;
}

const KEY_PREFIX = 'admin:';

/**
 * One `adjustment` ledger entry for an operator, with its activity-log entry, in one transaction.
 * Operator keys live under `admin:` so they can never collide with (and block) a payment's or a usage
 * charge's key.
 */
export async function adjustCredit(
  deps: { db: Database; jobs: JobQueue },
  input: CreditAdjustment,
): Promise<CreditAdjustmentResult> {
  const { db } = deps;
  const key = input.key?.startsWith(KEY_PREFIX) ? input.key : `${KEY_PREFIX}${input.key ?? randomUUID()}`;
  const amount = input.direction === 'add' ? input.amount : -input.amount;
  const result = await db.transaction(async (tx) => {
    const customer = await resolveCustomer(tx, input.customer);
    const posted = await postLedgerEntry(tx, {
      customerId: customer.id,
      kind: 'adjustment',
      amount,
      idempotencyKey: key,
      description: input.reason,
    });
    if (posted.applied) {
      await logActivity(tx, {
        customerId: customer.id,
        event: 'credit_adjusted',
        data: { amount: moneyString(amount), reason: input.reason },
      });
    } else {
      const earlier = await findLedgerEntryByKey(tx, key);
      if (earlier && (earlier.customerId !== customer.id || earlier.amount !== amount)) {
        throw new UsageError(
          `The key ${key} was already used by ledger entry #${earlier.id} (customer ${earlier.customerId}, ` +
            `${moneyString(earlier.amount)}); nothing changed.`,
        );
      }
    }
    // Crossing zero may have moved the billing suspension with the entry.
    const status = (await resolveCustomer(tx, String(customer.id))).status;
    return {
      applied: posted.applied,
      customerId: customer.id,
      email: customer.email,
      idempotencyKey: key,
      entryId: posted.entryId,
      balance: posted.balanceAfter,
      status,
      autoRechargeCheckQueued: false,
    };
  });
  if (!result.applied || input.direction !== 'remove') return result;
  try {
    const below = await customersBelowThreshold(db, [result.customerId]);
    await requestAutoRechargeChecks(deps.jobs, below);
    return { ...result, autoRechargeCheckQueued: below.length > 0 };
  } catch (error) {
    // The adjustment is committed. Failing now would invite a re-run, which without --key would
    // adjust the credit twice: only warn.
    return { ...result, warning: `The auto-recharge check could not be queued: ${(error as Error).message}` };
  }
}

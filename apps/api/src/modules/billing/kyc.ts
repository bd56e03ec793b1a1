import type { KycStatus } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditAccounts } from './billing.tables';
import { ensureCreditAccount } from './ledger';

/** The customer's KYC status, kept on the credit account ('none' before any decision or account). */
export async function kycStatusOf(db: DbOrTx, customerId: number): Promise<KycStatus> {
  const [row] = await db
    .select({ kycStatus: creditAccounts.kycStatus })
    .from(creditAccounts)
    .where(eq(creditAccounts.customerId, customerId));
  return row?.kycStatus ?? 'none';
}

/**
 * Records an operator's KYC decision under the credit account's row lock; returns the status before it.
 * Writes nothing when the decision is the one already recorded.
 */
export async function recordKycDecision(
  tx: DbOrTx,
  customerId: number,
  decision: KycStatus,
): Promise<KycStatus> {
  await ensureCreditAccount(tx, customerId);
  const [account] = await tx
    .select({ kycStatus: creditAccounts.kycStatus })
    .from(creditAccounts)
    .where(eq(creditAccounts.customerId, customerId))
    .for('update');
  const previous = account?.kycStatus ?? 'none';
  if (previous !== decision) {
    await tx
      .update(creditAccounts)
      .set({ kycStatus: decision, updatedAt: sql`now()` })
      .where(eq(creditAccounts.customerId, customerId));
  }
  return previous;
}

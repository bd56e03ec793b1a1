import type { Micros } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditAccounts, type LedgerEntryKind, ledgerEntries } from './billing.tables';
import { syncBillingSuspensions } from './billing-suspension';

export type { LedgerEntryKind };
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface LedgerEntryInput {
  customerId: number;
  kind: LedgerEntryKind;
  /** Signed: credits positive, charges negative. */
  amount: Micros;
  /** Derived from the source, e.g. `payment:12:evt_1`, `usage:5:2026-11-22T10`, `admin:<uuid>`. */
  idempotencyKey: string;
  description: string;
  paymentId?: number | null;
  billableItemId?: number | null;
  invoiceId?: number | null;
  reversesEntryId?: number | null;
}

export interface LedgerPostResult {
  /** False when an entry with this idempotency key already exists: nothing changed. */
  applied: boolean;
  entryId: number | null;
  balanceBefore: Micros;
  balanceAfter: Micros;
}

/** Every customer has a credit account; created on first need, race-free. */
export async function ensureCreditAccount(tx: DbOrTx, customerId: number): Promise<void> {
  await tx.insert(creditAccounts).values({ customerId }).onConflictDoNothing();
}

/** Locks the account row for the rest of the transaction and returns its balance. */
export async function lockCreditAccount(tx: DbOrTx, customerId: number): Promise<Micros> {
  await ensureCreditAccount(tx, customerId);
  const [row] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.customerId, customerId))
    .for('update');
  return row?.balance ?? 0;
}

/**
 * Appends one ledger entry and moves the cached balance with it, under the account's row lock, in the
 * caller's transaction. A second post with the same idempotency key changes nothing. Crossing zero
 * suspends or lifts the billing suspension in the same transaction.
 */
export async function postLedgerEntry(tx: DbOrTx, input: LedgerEntryInput): Promise<LedgerPostResult> {
  if (!Number.isSafeInteger(input.amount))
    throw new Error(`Ledger amount must be integer micros: ${input.amount}`);
  const before = await lockCreditAccount(tx, input.customerId);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      customerId: input.customerId,
      kind: input.kind,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      paymentId: input.paymentId ?? null,
      billableItemId: input.billableItemId ?? null,
      invoiceId: input.invoiceId ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!entry) return { applied: false, entryId: null, balanceBefore: before, balanceAfter: before };
  const [updated] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${input.amount}`, updatedAt: sql`now()` })
    .where(eq(creditAccounts.customerId, input.customerId))
    .returning({ balance: creditAccounts.balance });
  const after = updated?.balance ?? before + input.amount;
  if (before < 0 !== after < 0) await syncBillingSuspensions(tx, [input.customerId]);
  return { applied: true, entryId: entry.id, balanceBefore: before, balanceAfter: after };
}

/** Corrects an entry with its opposite; the original stays. Reversing twice is a no-op. */
export async function reverseLedgerEntry(
  tx: DbOrTx,
  entryId: number,
  reason: string,
): Promise<LedgerPostResult> {
  const [original] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
  if (!original) throw new Error(`No ledger entry ${entryId}`);
  return postLedgerEntry(tx, {
    customerId: original.customerId,
    kind: 'reversal',
    amount: -original.amount,
    idempotencyKey: `reversal:${entryId}`,
    description: `Reversal of #${entryId}: ${reason}`,
    paymentId: original.paymentId,
    billableItemId: original.billableItemId,
    invoiceId: original.invoiceId,
    reversesEntryId: entryId,
  });
}

/** The balance as the sum of the ledger, for reconciliation and tests. */
export async function ledgerBalance(db: DbOrTx, customerId: number): Promise<Micros> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.customerId, customerId));
  return Number(row?.sum ?? 0);
}

/** The entry posted under an idempotency key (e.g. a deletion's refund), or null. */
export async function findLedgerEntryByKey(db: DbOrTx, idempotencyKey: string): Promise<LedgerEntry | null> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** What a billable item has moved the customer's balance by, all its entries summed (charges negative). */
export async function ledgerSumOfItem(
  db: DbOrTx,
  customerId: number,
  billableItemId: number,
): Promise<Micros> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.billableItemId, billableItemId), eq(ledgerEntries.customerId, customerId)));
  return Number(row?.sum ?? 0);
}

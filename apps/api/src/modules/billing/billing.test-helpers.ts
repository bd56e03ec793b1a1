import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { customers } from '../auth/auth.tables';
import { signUp } from '../auth/auth.test-helpers';
import { type BillableItem, type NewBillableItem, startBillableItem } from './billable-items';
import { billableItems, creditAccounts } from './billing.tables';
import { type LedgerEntryInput, postLedgerEntry } from './ledger';

let keys = 0;

/** A signed-up customer with `credit` micros on the balance (as an operator adjustment). */
export async function customerWithCredit(app: FastifyInstance, db: Database, credit: number) {
  const signedUp = await signUp(app);
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, signedUp.email));
  const user = { ...signedUp, id: row!.id };
  if (credit !== 0) {
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        customerId: user.id,
        kind: 'adjustment',
        amount: credit,
        idempotencyKey: `test-credit:${user.id}:${++keys}`,
        description: 'Test credit',
      }),
    );
  }
  return user;
}

/** Starts a billable item of a customer with sensible defaults. */
export function startItem(
  db: Database,
  customerId: number,
  overrides: Partial<NewBillableItem> = {},
): Promise<BillableItem> {
  return db.transaction((tx) =>
    startBillableItem(tx, {
      customerId,
      resourceType: 'instance',
      resourceId: `test-${++keys}`,
      description: 'Test VPS',
      billingCycle: 'hourly',
      monthlyPrice: 7_300_000,
      oneMonthInHours: 730,
      ...overrides,
    }),
  );
}

/** Posts one ledger entry in its own transaction; the key defaults to a fresh one. */
export function post(
  db: Database,
  customerId: number,
  amount: number,
  entry: Partial<Omit<LedgerEntryInput, 'customerId' | 'amount'>> = {},
) {
  return db.transaction((tx) =>
    postLedgerEntry(tx, {
      customerId,
      amount,
      kind: amount >= 0 ? 'adjustment' : 'usage_charge',
      idempotencyKey: `test-entry:${customerId}:${++keys}`,
      description: 'Test entry',
      ...entry,
    }),
  );
}

/** The cached balance of a customer's credit account. */
export async function balanceOf(db: Database, customerId: number): Promise<number> {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.customerId, customerId));
  return row!.balance;
}

/** A billable item as stored now. */
export async function itemNow(db: Database, itemId: number): Promise<BillableItem> {
  const [row] = await db.select().from(billableItems).where(eq(billableItems.id, itemId));
  return row!;
}

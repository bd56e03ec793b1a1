import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { customers } from '../auth/auth.tables';
import { signUp } from '../auth/auth.test-helpers';
import { payments } from '../payments/payments.tables';
import { billableItems, creditAccounts, invoiceItems, invoices, ledgerEntries } from './billing.tables';

/** Test-only fixtures of the billing read side: rows as the billing engine and payments write them. */

export async function signedUpCustomer(app: FastifyInstance, db: Database, fullname = 'Ada Lovelace') {
  const user = await signUp(app, { fullname });
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, user.email));
  expect(row).toBeTruthy();
  return { ...user, id: row!.id };
}

/** The first moment of the UTC month `offset` months from now's. */
export const monthStart = (offset: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

export async function setCreditAccount(db: Database, values: typeof creditAccounts.$inferInsert) {
  await db
    .insert(creditAccounts)
    .values(values)
    .onConflictDoUpdate({ target: creditAccounts.customerId, set: values });
}

export async function insertBillableItem(
  db: Database,
  customerId: number,
  values: Partial<typeof billableItems.$inferInsert> = {},
) {
  const [row] = await db
    .insert(billableItems)
    .values({
      customerId,
      resourceType: 'instance',
      resourceId: randomUUID(),
      description: 'VPS',
      billingCycle: 'hourly',
      monthlyPrice: 5_000_000,
      unitPrice: 6_900,
      startedAt: hoursAgo(24),
      ...values,
    })
    .returning();
  return row!;
}

/** A month's invoice, open for the current month and closed for earlier ones unless told. */
export async function insertInvoice(
  db: Database,
  customerId: number,
  monthOffset: number,
  values: Partial<typeof invoices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      periodStart: monthStart(monthOffset),
      periodEnd: monthStart(monthOffset + 1),
      status: monthOffset < 0 ? 'closed' : 'open',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertInvoiceItem(
  db: Database,
  invoice: { id: number; customerId: number; periodStart: Date },
  values: Partial<typeof invoiceItems.$inferInsert> = {},
) {
  const billableItemId = values.billableItemId ?? (await insertBillableItem(db, invoice.customerId)).id;
  const [row] = await db
    .insert(invoiceItems)
    .values({
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      billableItemId,
      category: 'instance',
      type: 'hourly',
      billingCycle: 'hourly',
      reason: 'created',
      description: 'VPS',
      startTimestamp: invoice.periodStart,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertLedgerEntry(
  db: Database,
  customerId: number,
  values: Pick<typeof ledgerEntries.$inferInsert, 'kind' | 'amount'> &
    Partial<typeof ledgerEntries.$inferInsert>,
) {
  const [row] = await db
    .insert(ledgerEntries)
    .values({ customerId, idempotencyKey: `test:${randomUUID()}`, description: values.kind, ...values })
    .returning();
  return row!;
}

export async function insertPayment(
  db: Database,
  customerId: number,
  values: Partial<typeof payments.$inferInsert> = {},
) {
  const credit = values.credit ?? 10_000_000;
  const [row] = await db
    .insert(payments)
    .values({
      customerId,
      gateway: 'stripe',
      credit,
      fee: 0,
      price: credit,
      description: 'Top-up',
      ...values,
    })
    .returning();
  return row!;
}

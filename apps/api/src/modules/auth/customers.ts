import { type AccountStatus, defaultLocale, isSupportedLocale, type Locale } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from './auth.tables';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerById(db: DbOrTx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The account's status alone (null when there is no such customer), for rules that read nothing else. */
export async function accountStatusOf(db: DbOrTx, id: number): Promise<AccountStatus | null> {
  const [row] = await db.select({ status: customers.status }).from(customers).where(eq(customers.id, id));
  return row?.status ?? null;
}

export async function findCustomerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase()));
  return row ?? null;
}

/** The language mail to this customer is written in. */
export const mailLocaleOf = (customer: Pick<CustomerRow, 'language'>): Locale =>
  isSupportedLocale(customer.language) ? customer.language : defaultLocale;

/** PostgreSQL's unique_violation, e.g. two accounts racing for one address. */
export const isUniqueViolation = (error: unknown): boolean => {
  const pgError = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return pgError.code === '23505' || pgError.cause?.code === '23505';
};

/** Adds analytics ids (sign-in metadata, customer stats) to the customer's record; later values win. */
export async function mergeAnalyticsIds(
  db: DbOrTx,
  customerId: number,
  ids: Record<string, string | undefined>,
) {
  const clean = Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => Boolean(e[1])));
  if (Object.keys(clean).length === 0) return;
  await db
    .update(customers)
    .set({ analyticsIds: sql`${customers.analyticsIds} || ${JSON.stringify(clean)}::jsonb` })
    .where(eq(customers.id, customerId));
}

/** The profile fields a customer edits (spec §5), saved as given; returns the updated row. */
export async function updateProfileFields(
  tx: DbOrTx,
  customerId: number,
  values: Partial<Pick<CustomerRow, 'fullname' | 'phone' | 'region' | 'city' | 'country'>>,
): Promise<CustomerRow | null> {
  const [row] = await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId))
    .returning();
  return row ?? null;
}

/** The language the panel and mail use for this customer. */
export async function setCustomerLanguage(db: DbOrTx, customerId: number, language: Locale) {
  await db.update(customers).set({ language, updatedAt: sql`now()` }).where(eq(customers.id, customerId));
}

/** Puts the account in a status (e.g. an administrator's suspension); the caller checks the move. */
export async function setAccountStatus(tx: DbOrTx, customerId: number, status: AccountStatus) {
  await tx.update(customers).set({ status, updatedAt: sql`now()` }).where(eq(customers.id, customerId));
}

/**
 * Ends an administrator's suspension or a review: the account goes back to active, or to
 * suspended_by_billing when its credit account carries billing's mark (credit that went negative
 * meanwhile), as if it had been active all along. Only an account still in `lifted` changes; true if it did.
 */
export async function liftAccountStatus(
  tx: DbOrTx,
  customerId: number,
  lifted: Extract<AccountStatus, 'suspended_by_admin' | 'under_review'>,
): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({
      status: sql`CASE WHEN EXISTS (SELECT 1 FROM credit_accounts ca WHERE ca.customer_id = ${customerId}
        AND ca.suspended_by_billing_at IS NOT NULL) THEN 'suspended_by_billing' ELSE 'active' END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.id, customerId), eq(customers.status, lifted)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

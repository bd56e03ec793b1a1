import { defaultLocale, isSupportedLocale, type Locale } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from './auth.tables';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerById(db: DbOrTx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
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

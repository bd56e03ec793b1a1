import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client';
import { customers } from '../../src/modules/auth/auth.tables';
import { postLedgerEntry } from '../../src/modules/billing/ledger';

export interface FuzzCustomer {
  id: number;
  email: string;
  headers: { 'x-token': string };
}

let counter = 0;

/**
 * A customer who signed up through the API, verified the email and holds `credit` micros, so the
 * fuzzed calls reach the code past the account checks. No vitest here: the fuzz CLI uses it too.
 */
export async function verifiedCustomerWithCredit(
  app: FastifyInstance,
  db: Database,
  credit = 1_000_000_000,
): Promise<FuzzCustomer> {
  const email = `fuzz.${process.pid}.${Date.now()}.${++counter}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { fullname: 'Fuzz Customer', email, password: 'correct-horse!1', acceptTerms: true },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  const { accessToken } = res.json().data as { accessToken: string };
  const [row] = await db
    .update(customers)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(customers.email, email))
    .returning({ id: customers.id });
  const id = row!.id;
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      customerId: id,
      kind: 'adjustment',
      amount: credit,
      idempotencyKey: `fuzz-credit:${id}`,
      description: 'Fuzz credit',
    }),
  );
  return { id, email, headers: { 'x-token': accessToken } };
}

import type { DbOrTx } from '../../db/client';
import { type CustomerRow, findCustomerByEmail, findCustomerById } from '../auth/customers';
import { UsageError } from './admin.errors';

/** The customer an operator named by id or email, optionally locked for the rest of the transaction. */
export async function resolveCustomer(
  db: DbOrTx,
  ref: string,
  opts: { lock?: boolean } = {},
): Promise<CustomerRow> {
  if (/^\d+$/.test(ref)) {
    const id = Number(ref);
    const row = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await findCustomerById(db, id, opts) : null;
    if (!row) throw new UsageError(`No customer has the id ${ref}.`);
    return row;
  }
  if (!ref.includes('@')) throw new UsageError(`"${ref}" is neither a customer id nor an email address.`);
  const found = await findCustomerByEmail(db, ref.trim());
  if (!found) throw new UsageError(`No customer has the email ${ref}.`);
  return opts.lock ? ((await findCustomerById(db, found.id, opts)) ?? found) : found;
}

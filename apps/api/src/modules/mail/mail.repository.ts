import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.tables';

/**
 * SQL truth of "a mail of this template was written for this customer at this address", correlated
 * with the caller's statement (its columns name the customer), so a "not mailed yet" check stays one
 * statement. The address leads: its index finds the customer's few mails.
 */
export const mailWrittenTo = (
  db: DbOrTx,
  recipient: { address: AnyColumn; customerId: AnyColumn },
  template: string,
): SQL =>
  sql`EXISTS (${db
    .select({ one: sql`1` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, recipient.address),
        eq(mailOutbox.customerId, recipient.customerId),
        eq(mailOutbox.template, template),
      ),
    )})`;

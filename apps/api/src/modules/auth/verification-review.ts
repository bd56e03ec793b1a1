import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { mailWrittenTo } from '../mail/mail.repository';
import { customers } from './auth.tables';
import { liftAccountStatus } from './customers';
import type { EmailVerificationService } from './email-verification.service';
import type { MailTransaction } from './mail-transaction';

/**
 * platform.md §4: an account whose sign-up address is not verified within 24 hours goes under review and
 * its services are suspended until it verifies; a reminder goes out at 20 hours. Only the sign-up address
 * counts: a changed address waiting for confirmation leaves the verified one in force.
 */
export const REVIEW_AFTER_HOURS = 24;
export const REMIND_AFTER_HOURS = 20;
export const VERIFY_REMINDER_TEMPLATE = 'verify-email-reminder';

const HOUR_MS = 3_600_000;
const BATCH = 100;
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/**
 * Sends the reminder, with a fresh link and code (the flow of "resend": only the newest mail works), to
 * each account between 20 and 24 hours old that is still unverified. The outbox row of the reminder is
 * the mark that it was sent: it is written in the same transaction that checks for it, under the
 * customer's row lock, so a second run, a parallel one or a retry after a crash sends nothing twice.
 */
export async function remindUnverifiedAccounts(
  deps: {
    db: Database;
    mailTransaction: MailTransaction;
    emails: Pick<EmailVerificationService, 'sendMainVerification'>;
  },
  now: Date = new Date(),
): Promise<number[]> {
  const unreminded = (db: DbOrTx) =>
    and(
      eq(customers.status, 'active'),
      isNull(customers.emailVerifiedAt),
      lte(customers.createdAt, hoursBefore(now, REMIND_AFTER_HOURS)),
      sql`${customers.createdAt} > ${hoursBefore(now, REVIEW_AFTER_HOURS).toISOString()}::timestamptz`,
      // Matching on the address is safe: it cannot change while the account is unverified.
      sql`NOT ${mailWrittenTo(db, { address: customers.email, customerId: customers.id }, VERIFY_REMINDER_TEMPLATE)}`,
    );
  const reminded: number[] = [];
  for (;;) {
    const due = await deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(unreminded(deps.db))
      .orderBy(customers.id)
      .limit(BATCH);
    let sent = 0;
    for (const { id } of due) {
      const done = await deps.mailTransaction(async (tx, send) => {
        const [customer] = await tx
          .select()
          .from(customers)
          .where(and(eq(customers.id, id), unreminded(tx)))
          .for('update', { skipLocked: true });
        if (!customer) return false;
        await deps.emails.sendMainVerification(tx, send, customer, VERIFY_REMINDER_TEMPLATE);
        return true;
      });
      if (done) {
        reminded.push(id);
        sent++;
      }
    }
    if (due.length < BATCH || sent === 0) break;
  }
  return reminded;
}

/**
 * Puts every account still unverified 24 hours after sign-up under review, in one statement. Only an
 * active account changes: one suspended by billing or an administrator already has its services
 * suspended, and goes under review when that ends if it is still unverified. The status is the mark:
 * a second run finds nothing to change.
 */
export async function placeUnverifiedUnderReview(db: Database, now: Date = new Date()): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    WITH review AS (
      UPDATE customers SET status = 'under_review', updated_at = now()
      WHERE status = 'active' AND email_verified_at IS NULL
        AND created_at <= ${hoursBefore(now, REVIEW_AFTER_HOURS).toISOString()}::timestamptz
      RETURNING id
    ), logged AS (
      INSERT INTO activity_logs (customer_id, event, data, created_at)
      SELECT id, 'account_under_review', '{}'::jsonb, clock_timestamp() FROM review
    )
    SELECT id FROM review ORDER BY id`);
  return result.rows.map((r) => Number(r.id));
}

/**
 * Verifying the address lifts the review at once, in the verifying transaction. Credit that went
 * negative meanwhile leaves the account suspended by billing, as if it had been active all along.
 */
export async function liftReview(tx: DbOrTx, customerId: number, ip: string | null): Promise<void> {
  if (await liftAccountStatus(tx, customerId, 'under_review'))
    await logActivity(tx, { customerId, event: 'account_review_lifted', ip });
}

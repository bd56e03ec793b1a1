import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from './mail.tables';
import { describeFailure, isPermanentFailure, type MailTransport } from './mail.transport';

export const MAIL_DELIVER_JOB = 'mail.deliver';
export const MAIL_SWEEP_JOB = 'mail.sweep';
export const MAIL_DELIVERY_RETRY_LIMIT = 5;
/** pg-boss's first try plus its retries; the last failure marks the mail failed. */
export const MAIL_DELIVERY_MAX_ATTEMPTS = MAIL_DELIVERY_RETRY_LIMIT + 1;

/** One delivery job per outbox row; the key also lets the sweeper see a row already queued. */
const DELIVERY_KEY_PREFIX = 'mail:';
export const deliveryJobKey = (id: number) => `${DELIVERY_KEY_PREFIX}${id}`;

export type DeliveryOutcome = 'sent' | 'skipped';

export class MailDeliveryError extends Error {
  constructor(
    readonly outboxId: number,
    readonly outcome: 'failed' | 'retry',
    cause: unknown,
  ) {
    super(`Mail ${outboxId} was not delivered: ${describeFailure(cause)}`, { cause });
    this.name = 'MailDeliveryError';
  }
}

/**
 * Delivers outbox row `id` at most once: the row stays locked while the transport runs, so a
 * concurrent job skips it, and a row that is no longer pending is left alone. A failed attempt is
 * recorded and then thrown, so the queue retries it with backoff.
 */
export async function deliverMail(
  db: Database,
  transport: MailTransport,
  id: number,
): Promise<DeliveryOutcome> {
  const result = await db.transaction(async (tx): Promise<DeliveryOutcome | MailDeliveryError> => {
    const [row] = await tx
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .for('update', { skipLocked: true });
    if (row?.status !== 'pending') return 'skipped';
    const attempts = row.attempts + 1;
    try {
      const messageId = await transport.send(row);
      await tx
        .update(mailOutbox)
        .set({ status: 'sent', messageId, sentAt: new Date(), attempts, lastError: null })
        .where(eq(mailOutbox.id, id));
      return 'sent';
    } catch (err) {
      const final = attempts >= MAIL_DELIVERY_MAX_ATTEMPTS || isPermanentFailure(err);
      await tx
        .update(mailOutbox)
        .set({ status: final ? 'failed' : 'pending', attempts, lastError: describeFailure(err) })
        .where(eq(mailOutbox.id, id));
      // Returned, not thrown, so the transaction commits the attempt before the job fails.
      return new MailDeliveryError(id, final ? 'failed' : 'retry', err);
    }
  });
  if (result instanceof MailDeliveryError) throw result;
  return result;
}

/**
 * Pending rows older than a minute with no delivery job waiting or running: the process stopped
 * between commit and dispatch, or the queue gave up on a job without the row hearing of it.
 */
export async function findUndispatchedMail(db: Database, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lt(mailOutbox.createdAt, sql`now() - interval '1 minute'`),
        sql`not exists (
          select 1 from pgboss.job j
          where j.name = ${MAIL_DELIVER_JOB}
            and j.singleton_key = ${DELIVERY_KEY_PREFIX}::text || ${mailOutbox.id}::text
            and j.state in ('created', 'retry', 'active')
        )`,
      ),
    )
    .orderBy(mailOutbox.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { activityLogs } from '../activity-log/activity-log.tables';
import { createSessionService } from '../auth/session.service';
import { autoRechargeSettings } from '../auto-recharge/auto-recharge.tables';
import { creditAccounts } from '../billing/billing.tables';
import { attachmentStoreOf } from '../support/attachments/attachment-store-of';

/** Test-only helpers of the operator command tests. */

export interface SentJob {
  name: string;
  data: unknown;
  singletonKey?: string;
}

/** A queue that records what would be sent, or fails like a queue whose table is missing. */
export function recordingJobs(opts: { fail?: boolean } = {}): JobQueue & { sent: SentJob[] } {
  const sent: SentJob[] = [];
  return {
    sent,
    async send(name, data, options) {
      if (opts.fail) throw new Error('relation "pgboss.job" does not exist');
      sent.push({ name, data, singletonKey: options?.singletonKey });
      return `job-${sent.length}`;
    },
  };
}

export const sessionsOf = (db: Database) =>
  createSessionService({ db, config: loadConfig({ NODE_ENV: 'test' }) });

export const adminDeps = (db: Database, jobs: JobQueue = recordingJobs(), attachmentsDir?: string) => {
  const config = loadConfig({ NODE_ENV: 'test' }, attachmentsDir ? { ATTACHMENTS_DIR: attachmentsDir } : {});
  return { db, jobs, sessions: sessionsOf(db), config, attachmentStore: attachmentStoreOf(config) };
};

export async function balanceOf(db: Database, customerId: number) {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.customerId, customerId));
  return row?.balance;
}

export async function lastActivity(db: Database, customerId: number) {
  const [row] = await db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.customerId, customerId))
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(1);
  return row;
}

/** Turns on auto-recharge of `amount` below `threshold` (micros) for a customer. */
export async function activateAutoRecharge(
  db: Database,
  customerId: number,
  threshold: number,
  amount = 20_000_000,
) {
  await db
    .insert(autoRechargeSettings)
    .values({ customerId, isActive: true, threshold, amount, gateway: 'stripe' });
}

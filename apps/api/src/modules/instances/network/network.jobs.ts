import { BANDWIDTH_CYCLE_DAYS } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import type { JobDefinition } from '../../../jobs/queue';
import { instances } from '../instances.tables';
import { closeCycle, cycleOfInstance } from './bandwidth';

const CLOSE_JOB = 'network.close-cycles';
const BATCH = 500;
const CYCLE = sql.raw(`interval '${BANDWIDTH_CYCLE_DAYS} days'`);
const CYCLE_SECONDS = BANDWIDTH_CYCLE_DAYS * 86_400;

/**
 * Instances whose last completed 30-day cycle is not closed yet, in batches: each is closed (and its
 * overage charged) in a transaction of its own under the instance's lock, so two runners never close one
 * cycle twice and a crash leaves the rest for the next run.
 */
export async function closeDueCycles(
  deps: Pick<AppDeps, 'db' | 'hypervisor'>,
  now = new Date(),
): Promise<number> {
  const { db, hypervisor } = deps;
  let closed = 0;
  for (;;) {
    const due = await db.execute<{ id: number }>(sql`
      SELECT i.id FROM ${instances} i
      WHERE i.lifecycle = 'ready' AND i.started_at IS NOT NULL
        AND i.started_at + ${CYCLE} <= ${now.toISOString()}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM bandwidth_cycles c WHERE c.instance_id = i.id AND c.cycle_start =
            i.started_at + (floor(extract(epoch FROM ${now.toISOString()}::timestamptz - i.started_at) / ${CYCLE_SECONDS}) - 1) * ${CYCLE})
      ORDER BY i.id LIMIT ${BATCH}`);
    if (due.rows.length === 0) return closed;
    for (const { id } of due.rows) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(instances)
          .where(and(eq(instances.id, id), eq(instances.lifecycle, 'ready')))
          .for('update', { skipLocked: true });
        if (!row) return;
        const current = cycleOfInstance(row, now);
        const last = { start: new Date(current.start.getTime() - CYCLE_SECONDS * 1000), end: current.start };
        if (await closeCycle(tx, hypervisor, row, last, last.end)) closed++;
      });
    }
    if (due.rows.length < BATCH) return closed;
  }
}

/** Closes the transfer cycles that ended, every hour. */
export function networkJobs(deps: Pick<AppDeps, 'db' | 'hypervisor'>): JobDefinition<never>[] {
  const close: JobDefinition = {
    name: CLOSE_JOB,
    schedule: '7 * * * *',
    retryLimit: 2,
    concurrency: 1,
    handler: async () => {
      await closeDueCycles(deps);
    },
  };
  return [close] as JobDefinition<never>[];
}

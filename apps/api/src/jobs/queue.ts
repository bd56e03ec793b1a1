import PgBoss from 'pg-boss';

/** A background job type: its queue name, retry policy and idempotent handler. */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  handler: (data: T, meta: { id: string; retryCount: number }) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Cron expression (UTC) for jobs that run on a schedule. */
  schedule?: string;
  /** How many of this job one process runs at once. */
  concurrency?: number;
  /**
   * pg-boss queue policy. 'short' keeps at most one waiting (created) job per singleton key: a send while
   * one waits is dropped (answers null). Default 'standard': every send is a job.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface JobQueue {
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
}

const DEAD_LETTER_QUEUE = 'dead-letter';
const ADMIN_SHUTDOWN = '57P01';

/**
 * pg-boss in the application database. Every queue retries with exponential backoff and hands
 * exhausted jobs to one dead-letter queue, where they stay for inspection.
 */
export async function startJobQueue(opts: {
  connectionString: string;
  jobs: JobDefinition<never>[];
  runWorkers: boolean;
  log: { info(o: object, m?: string): void; error(o: object, m?: string): void };
}) {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    max: 4,
    application_name: 'nimbus-jobs',
  });
  let stopping = false;
  boss.on('error', (err: Error & { code?: string }) => {
    // 57P01: the server ended the session. Expected while we stop (a pooled connection may be closed
    // under a query); alarming otherwise. Only the message and code: the error holds the connection.
    const line = { err: err.message, code: err.code };
    if (stopping && err.code === ADMIN_SHUTDOWN)
      opts.log.info(line, 'job queue connection closed on shutdown');
    else opts.log.error(line, 'job queue error');
  });
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: 30 } as never);
  for (const job of opts.jobs) {
    const settings = {
      name: job.name,
      policy: job.policy ?? 'standard',
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 10,
      retryBackoff: true,
      deadLetter: DEAD_LETTER_QUEUE,
    };
    // createQueue leaves an existing queue as it is; the update makes the definition here the one in force.
    await boss.createQueue(job.name, settings as never);
    await boss.updateQueue(job.name, settings as never);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  }
  if (opts.runWorkers) {
    for (const job of opts.jobs) {
      const concurrency = job.concurrency ?? 2;
      for (let i = 0; i < concurrency; i++) {
        await boss.work<object>(
          job.name,
          { pollingIntervalSeconds: 1, includeMetadata: true },
          async (batch) => {
            for (const item of batch) {
              await (job.handler as JobDefinition<object>['handler'])(item.data, {
                id: item.id,
                retryCount: item.retryCount,
              });
            }
          },
        );
      }
    }
    opts.log.info({ queues: opts.jobs.map((j) => j.name) }, 'workers started');
  }
  const queue: JobQueue = {
    send: (name, data, options) =>
      boss.send(name, data as object, {
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfterSeconds,
      }),
  };
  const stop = () => {
    stopping = true;
    return boss.stop({ graceful: true, timeout: 10_000, wait: true });
  };
  return { boss, queue, stop };
}

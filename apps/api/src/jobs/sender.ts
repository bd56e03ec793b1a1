import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { JobQueue } from './queue';

/**
 * A send-only queue over the application pool. Jobs are built before the queue that runs them,
 * so a job that enqueues others cannot be handed that queue; pg-boss can insert jobs through any connection.
 */
export function jobSender(db: Database): JobQueue {
  const boss = new PgBoss({ db: { executeSql: (text, values) => db.$client.query(text, values) } });
  return {
    send: (name, data, options) =>
      boss.send(name, data as object, {
        singletonKey: options?.singletonKey,
        startAfter: options?.startAfterSeconds,
      }),
  };
}

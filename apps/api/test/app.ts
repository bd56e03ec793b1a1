import type { FastifyInstance } from 'fastify';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { type Config, type Env, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { type JobQueue, startJobQueue } from '../src/jobs/queue';
import { allJobs } from '../src/jobs/registry';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  url: string;
  jobs: JobQueue;
  close(): Promise<void>;
}

/**
 * Builds the whole API against this file's own database. Workers run only when asked for,
 * so a test decides when background work happens.
 */
export async function createTestApp(
  overrides: Partial<Env> = {},
  opts: { workers?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url },
    overrides,
  );
  await loadCatalogue(database.db, config.CATALOGUE_FILE);
  const adapters = createAdapters({ config, db: database.db });
  const queue = await startJobQueue({
    connectionString: database.url,
    jobs: allJobs({ config, db: database.db, ...adapters }),
    runWorkers: opts.workers ?? false,
    log: { info: () => {}, error: () => {} },
  });
  const app = await buildApp({ config, db: database.db, ...adapters, jobs: queue.queue });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    url: database.url,
    jobs: queue.queue,
    async close() {
      await app.close();
      await queue.stop();
      await database.drop();
    },
  };
}

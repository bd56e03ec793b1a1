import type { FastifyInstance } from 'fastify';
import { createAdapters } from './adapters';
import { buildApp } from './app';
import type { Config } from './config';
import { connectDatabase } from './db/connect';
import { startJobQueue } from './jobs/queue';
import { allJobs } from './jobs/registry';
import { createLogger, type Logger } from './logger';
import { loadCatalogue } from './modules/catalogue/catalogue.loader';

/** Starts the database, the job queue (with or without workers) and, unless `apiOnly` is false, the HTTP app. */
export async function startRuntime(config: Config, opts: { http: boolean }) {
  const log = createLogger(config);
  const database = await connectDatabase(config, (m) => log.info(m));
  const catalogue = await loadCatalogue(database.db, config.CATALOGUE_FILE).catch(async (err) => {
    await database.close();
    throw err;
  });
  log.info({ version: catalogue.version, changed: catalogue.changed }, 'catalogue loaded');
  const adapters = createAdapters({ config, db: database.db, log });
  const jobs = await startJobQueue({
    connectionString: database.url,
    jobs: allJobs({ config, db: database.db, ...adapters }),
    runWorkers: config.RUN_WORKERS || !opts.http,
    log: adapters.log,
  });
  let app: FastifyInstance | null = null;
  if (opts.http) {
    app = await buildApp({ config, db: database.db, ...adapters, jobs: jobs.queue });
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (app) await app.close();
    await jobs.stop();
    await database.close();
  };
  return { app, stop, database, log };
}

/**
 * Stops cleanly on SIGINT/SIGTERM: finish requests, stop workers, close the pool, and only then stop the
 * embedded database (which runs in its own process group, out of the terminal's Ctrl-C).
 */
export function onShutdown(stop: () => Promise<void>, log: Logger) {
  let firstAt = 0;
  const handler = (signal: string) => {
    if (firstAt) {
      // One Ctrl-C under `npm start` arrives twice (from the terminal and forwarded by npm): only a
      // later one means "stop now".
      if (Date.now() - firstAt > 2000) process.exit(1);
      return;
    }
    firstAt = Date.now();
    log.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

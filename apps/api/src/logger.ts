import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';

/**
 * The one logger of a process: JSON lines on stdout (pino), shared by the HTTP app (as Fastify's logger),
 * the job queue and the jobs. Secrets that could reach a line through request headers are redacted.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers["x-token"]', 'req.headers.authorization', 'req.headers["x-refresh-token"]'],
  });
}
/** Fastify's view of a pino logger, so the app takes it as its own. */
export type Logger = FastifyBaseLogger;

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * @fastify/rate-limit store in PostgreSQL, so limits hold across any number of API processes.
 * One row per key; the counter restarts when its window has passed.
 */
export function createPostgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'global:') {}
    incr(
      key: string,
      callback: (e: Error | null, r?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const seconds = timeWindow / 1000;
      db.execute<{ count: number; ttl: number }>(sql`
        INSERT INTO rate_limit_counters (key, count, expires_at)
        VALUES (${this.prefix + key}, 1, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_counters.expires_at <= now() THEN 1 ELSE rate_limit_counters.count + 1 END,
          expires_at = CASE WHEN rate_limit_counters.expires_at <= now()
            THEN now() + make_interval(secs => ${seconds}) ELSE rate_limit_counters.expires_at END
        RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM expires_at - now()) * 1000)::int AS ttl`)
        .then((res) => {
          const row = res.rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((err: Error) => callback(err));
    }
    child(routeOptions: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string; url?: string };
    }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new PostgresRateLimitStore(`${String(info.method ?? '')}${info.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** How often local counts are added to the shared counters. */
export const RATE_LIMIT_FLUSH_MS = 1_000;
/** Counted locally only while the count known is at most this share of the limit; exact above it. */
const LOCAL_SHARE = 0.5;

type Callback = (e: Error | null, r?: { current: number; ttl: number }) => void;

interface Counter {
  /** The shared count as PostgreSQL last answered it, plus what this process counted since. */
  count: number;
  /** Counted here and not yet added to the shared row. */
  pending: number;
  /** When the shared window ends (this process's clock). */
  resetAt: number;
  windowMs: number;
}

/**
 * @fastify/rate-limit store in PostgreSQL, so limits hold across any number of API processes. One row per
 * key; the counter restarts when its window has passed.
 *
 * Writing the row on every request was a round trip per request; now a key's first request of a window and
 * every request once its count passes half the limit still go to PostgreSQL at once (so a limit is exact
 * where it bites), while below half each process counts locally and adds its counts to the shared row
 * every `RATE_LIMIT_FLUSH_MS` in one statement for all keys. Bound: N processes together admit at most
 * N/2 × the limit before the next flush, so the limit holds exactly with one or two processes and within
 * that bound (for one second at most) with more.
 */
export function createPostgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | null = null;

  /** Adds `by` to the shared row of `key` and returns the shared count and the window's end. */
  async function addShared(key: string, by: number, windowMs: number) {
    const seconds = windowMs / 1000;
    const res = await db.execute<{ count: number; ttl: number }>(sql`
      INSERT INTO rate_limit_counters (key, count, expires_at)
      VALUES (${key}, ${by}, now() + make_interval(secs => ${seconds}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limit_counters.expires_at <= now() THEN ${by}
          ELSE rate_limit_counters.count + ${by} END,
        expires_at = CASE WHEN rate_limit_counters.expires_at <= now()
          THEN now() + make_interval(secs => ${seconds}) ELSE rate_limit_counters.expires_at END
      RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM expires_at - now()) * 1000)::int AS ttl`);
    const row = res.rows[0];
    return { count: Number(row?.count ?? by), ttl: Number(row?.ttl ?? windowMs) };
  }

  /** Adds every key's local counts to the shared rows, in one statement, and forgets ended windows. */
  async function flush() {
    timer = null;
    const now = Date.now();
    const keys: string[] = [];
    const adds: number[] = [];
    const windows: number[] = [];
    for (const [key, c] of counters) {
      if (c.pending > 0) {
        keys.push(key);
        adds.push(c.pending);
        windows.push(c.windowMs / 1000);
      } else if (c.resetAt <= now) counters.delete(key);
    }
    if (keys.length === 0) return;
    const sent = new Map(keys.map((k, i) => [k, adds[i]!]));
    for (const key of keys) counters.get(key)!.pending = 0;
    try {
      const res = await db.execute<{ key: string; count: number; ttl: number }>(sql`
        INSERT INTO rate_limit_counters (key, count, expires_at)
        SELECT k, n, now() + make_interval(secs => w)
        FROM jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ k, n: adds[i], w: windows[i] })))}::jsonb)
          AS t(k text, n int, w float8)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_counters.expires_at <= now() THEN excluded.count
            ELSE rate_limit_counters.count + excluded.count END,
          expires_at = CASE WHEN rate_limit_counters.expires_at <= now()
            THEN excluded.expires_at ELSE rate_limit_counters.expires_at END
        RETURNING key, count, GREATEST(0, EXTRACT(EPOCH FROM expires_at - now()) * 1000)::int AS ttl`);
      const at = Date.now();
      for (const row of res.rows) {
        const c = counters.get(row.key);
        if (c) Object.assign(c, { count: Number(row.count) + c.pending, resetAt: at + Number(row.ttl) });
      }
    } catch {
      // The database is away: keep the counts for the next flush while their window lasts (a closed
      // pool thus stops being retried once the windows end).
      const at = Date.now();
      for (const [key, n] of sent) {
        const c = counters.get(key);
        if (c && c.resetAt > at) c.pending += n;
        else counters.delete(key);
      }
    }
    schedule();
  }

  function schedule() {
    if (timer || counters.size === 0) return;
    timer = setTimeout(flush, RATE_LIMIT_FLUSH_MS);
    // Never what keeps a process alive.
    timer.unref();
  }

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'global:') {}

    incr(key: string, callback: Callback, timeWindow: number, max?: number) {
      const full = this.prefix + key;
      const now = Date.now();
      const c = counters.get(full);
      if (c && c.resetAt > now && max !== undefined && c.count + 1 <= max * LOCAL_SHARE) {
        c.count += 1;
        c.pending += 1;
        schedule();
        callback(null, { current: c.count, ttl: c.resetAt - now });
        return;
      }
      // First in its window here, or near the limit: counted in PostgreSQL now, with what is pending.
      const by = (c && c.resetAt > now ? c.pending : 0) + 1;
      if (c) c.pending -= by - 1;
      addShared(full, by, timeWindow)
        .then(({ count, ttl }) => {
          const entry = counters.get(full);
          const pending = entry?.pending ?? 0;
          counters.set(full, {
            count: count + pending,
            pending,
            resetAt: Date.now() + ttl,
            windowMs: timeWindow,
          });
          schedule();
          callback(null, { current: count + pending, ttl });
        })
        .catch((err: Error) => {
          const entry = counters.get(full);
          if (entry) entry.pending += by - 1;
          callback(err);
        });
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

import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sha256 } from './auth.crypto';

/** Route config for the stricter per-IP limit on sign-in, sign-up and mail-sending calls. */
export const authRateLimit = (
  config: Pick<Config, 'RATE_LIMIT_AUTH_MAX' | 'RATE_LIMIT_AUTH_WINDOW_SECONDS'>,
) => ({
  rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000 },
});

export type SignInAttempt = { allowed: true; slot: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in failures per account, whatever address they come from, in the rate-limit counters table
 * (shared by every API process). An attempt takes a slot before the password is checked, so parallel
 * guesses cannot outrun the limit; a right password gives its slot back. The key is a hash of the
 * address typed, so unknown addresses are counted exactly like known ones.
 */
export function createSignInAccountLimit(deps: {
  db: Database;
  config: Pick<Config, 'SIGNIN_ACCOUNT_MAX_FAILURES' | 'SIGNIN_ACCOUNT_WINDOW_MINUTES'>;
}) {
  const { db, config } = deps;
  const max = config.SIGNIN_ACCOUNT_MAX_FAILURES;
  const windowSeconds = config.SIGNIN_ACCOUNT_WINDOW_MINUTES * 60;
  const keyOf = (email: string) => `signin-account:${sha256(email.trim().toLowerCase())}`;

  return {
    async attempt(email: string): Promise<SignInAttempt> {
      const result = await db.execute<{ count: number; ttl: number }>(sql`
        INSERT INTO rate_limit_counters (key, count, expires_at)
        VALUES (${keyOf(email)}, 1, now() + make_interval(secs => ${windowSeconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_counters.expires_at <= now() THEN 1 ELSE rate_limit_counters.count + 1 END,
          expires_at = CASE WHEN rate_limit_counters.expires_at <= now()
            THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limit_counters.expires_at END
        RETURNING count, EXTRACT(EPOCH FROM expires_at - now())::float8 AS ttl`);
      const row = result.rows[0]!;
      const slot = Number(row.count);
      if (slot <= max) return { allowed: true, slot };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.ttl))) };
    },

    /** A right password: its attempt was not a failure. Earlier failures stay until their window ends. */
    async succeeded(email: string) {
      await db.execute(sql`
        UPDATE rate_limit_counters SET count = count - 1
        WHERE key = ${keyOf(email)} AND count > 0 AND expires_at > now()`);
    },

    /**
     * A wrong password. Returns true for the failure that uses the last slot: the account is locked
     * from now for a whole window (not just the rest of the current one), and its owner is told once.
     */
    async failed(email: string, slot: number): Promise<boolean> {
      if (slot !== max) return false;
      await db.execute(sql`
        UPDATE rate_limit_counters SET expires_at = now() + make_interval(secs => ${windowSeconds})
        WHERE key = ${keyOf(email)}`);
      return true;
    },
  };
}
export type SignInAccountLimit = ReturnType<typeof createSignInAccountLimit>;

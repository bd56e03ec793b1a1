import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { createPostgresRateLimitStore, RATE_LIMIT_FLUSH_MS } from './rate-limit-store';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** One store as one API process has it. */
function processStore(database: TestDatabase) {
  const Store = createPostgresRateLimitStore(database.db) as unknown as new () => FastifyRateLimitStore;
  const store = new Store();
  return (key: string, max: number) =>
    new Promise<number>((resolve, reject) =>
      store.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, max),
    );
}

describe('PostgreSQL rate-limit store, counted locally and reconciled in batches', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const shared = async (key: string) =>
    Number(
      (
        await database.db.execute<{ count: number }>(
          sql`SELECT count FROM rate_limit_counters WHERE key = ${`global:${key}`}`,
        )
      ).rows[0]?.count ?? 0,
    );

  it('adds local counts to the shared row within a flush, across processes', async () => {
    const a = processStore(database);
    const b = processStore(database);
    for (let i = 0; i < 5; i++) {
      await a('walk', 1000);
      await b('walk', 1000);
    }
    await new Promise((r) => setTimeout(r, RATE_LIMIT_FLUSH_MS * 2.5));
    expect(await shared('walk')).toBe(10);
    // A process's own view never runs behind what it counted itself.
    expect(await a('walk', 1000)).toBeGreaterThanOrEqual(6);
    await b('walk', 1000);
    await new Promise((r) => setTimeout(r, RATE_LIMIT_FLUSH_MS * 2.5));
    expect(await shared('walk')).toBe(12);
  });

  it('counts exactly in PostgreSQL near the limit, whichever process asks', async () => {
    const a = processStore(database);
    const b = processStore(database);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push(await a('near', 10));
    // Past half the limit every request is counted in the shared row at once.
    expect(await shared('near')).toBe(6);
    for (let i = 0; i < 5; i++) seen.push(await b('near', 10));
    expect(await shared('near')).toBe(11);
    expect(seen.at(-1)).toBe(11);
  });
});

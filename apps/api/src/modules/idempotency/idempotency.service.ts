import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from '../../db/client';
import { idempotencyRequests } from './idempotency.tables';

export type IdempotencyRecord = typeof idempotencyRequests.$inferSelect;

/**
 * What an idempotent operation is handed: `id` names its work (an order id, a payment's marker), and
 * `commit` is called inside the operation's own transaction, so "it happened" commits with the effect.
 * A re-run after a crash sees that in `committed` and answers from it instead of acting again.
 */
export interface IdempotencyScope {
  id: string;
  committed: Record<string, unknown> | null;
  commit(tx: DbOrTx, effect?: Record<string, unknown>): Promise<void>;
}

export interface RequestIdentity {
  customerId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/** JSON with sorted keys, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHashOf = (query: string, body: unknown) =>
  createHash('sha256')
    .update(`${query}\n${canonical(body ?? null)}`)
    .digest('hex');

/** A signed 64-bit advisory lock key per customer and key; a collision only costs a spurious 409. */
export function lockKeyOf(customerId: number, key: string): string {
  return createHash('sha256')
    .update(`nimbus.idempotency:${customerId}:${key}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/**
 * A held key: one connection, kept for the request's whole run, owning a session advisory lock. If the
 * process dies, PostgreSQL ends the session and the lock with it, so a crash never leaves a key stuck.
 */
export interface HeldKey {
  client: pg.PoolClient;
  release(): Promise<void>;
}

export function createIdempotencyService(deps: { db: Database }) {
  const { db } = deps;
  // Lock holders get a pool of their own: were they taken from the application pool, a burst of requests
  // could hold every connection while each waits for one more to do its work.
  const lockPool = new pg.Pool({
    ...db.$client.options,
    max: 16,
    application_name: 'nimbus-idempotency',
  });
  lockPool.on('error', () => {
    // A dropped idle connection is replaced on the next checkout.
  });

  return {
    /** The lock of this customer's key, or null when another request holds it. */
    async tryHold(customerId: number, key: string): Promise<HeldKey | null> {
      const client = await lockPool.connect();
      const onError = () => {};
      client.on('error', onError);
      let held = false;
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS ok',
          [lockKeyOf(customerId, key)],
        );
        held = rows[0]?.ok === true;
      } finally {
        if (!held) {
          client.removeListener('error', onError);
          client.release();
        }
      }
      if (!held) return null;
      let released = false;
      return {
        client,
        async release() {
          if (released) return;
          released = true;
          try {
            await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKeyOf(customerId, key)]);
            client.removeListener('error', onError);
            client.release();
          } catch (err) {
            // A connection that cannot unlock is closed, which unlocks.
            client.removeListener('error', onError);
            client.release(err instanceof Error ? err : true);
          }
        },
      };
    },

    /**
     * The key's live record, created when absent. A record older than the TTL is gone as if swept: the
     * key acts again, under a new record id, so the new work is named differently from the old.
     * Called while holding the key.
     */
    async claim(held: HeldKey, who: RequestIdentity): Promise<IdempotencyRecord> {
      const { client } = held;
      await client.query(
        `DELETE FROM idempotency_requests
          WHERE customer_id = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3)`,
        [who.customerId, who.key, IDEMPOTENCY_KEY_TTL_HOURS],
      );
      await client.query(
        `INSERT INTO idempotency_requests (customer_id, key, method, path, request_hash)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (customer_id, key) DO NOTHING`,
        [who.customerId, who.key, who.method, who.path, who.requestHash],
      );
      const [row] = await db
        .select()
        .from(idempotencyRequests)
        .where(and(eq(idempotencyRequests.customerId, who.customerId), eq(idempotencyRequests.key, who.key)));
      if (!row) throw new Error('The idempotency record could not be claimed.');
      return row;
    },

    /** The answer to replay from now on; only answers below 500 are final. */
    async recordAnswer(held: HeldKey, recordId: string, status: number, body: unknown) {
      await held.client.query(
        `UPDATE idempotency_requests
            SET response_status = $2, response_body = $3::jsonb, completed_at = now()
          WHERE id = $1`,
        [recordId, status, JSON.stringify(body)],
      );
    },

    scopeOf(record: IdempotencyRecord): IdempotencyScope {
      return {
        id: record.id,
        committed: record.committedAt ? (record.effect ?? {}) : null,
        commit: async (tx, effect = {}) => {
          await tx
            .update(idempotencyRequests)
            .set({ committedAt: sql`now()`, effect })
            .where(eq(idempotencyRequests.id, record.id));
        },
      };
    },

    close: () => lockPool.end(),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** Removes records past the TTL (the sweep job); live keys are never touched. */
export async function sweepIdempotencyRecords(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyRequests)
    .where(
      sql`${idempotencyRequests.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    )
    .returning({ id: idempotencyRequests.id });
  return deleted.length;
}

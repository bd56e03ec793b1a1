import { createHash } from 'node:crypto';
import type { AccountStatus } from '@nimbus/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';

/**
 * How long an answer may lag behind the clock: `toInstance` counts days until termination from now and the
 * interval filter is relative to now, so a tag changes at least this often even when no row did.
 */
export const CLOCK_BUCKET_MS = 60_000;

/**
 * Bump when what the reads answer for the same rows changes (mapper, envelope), so a client holding a tag
 * of the previous release is not told its old body is current.
 */
const ANSWER_REVISION = '1';

/** What a customer's instance reads show, as of one snapshot, in a few short strings. */
export interface ReadVersion {
  /** The account's status now: the reads derive "suspended" from it, never from a cached sign-in. */
  status: AccountStatus;
  /** The `live` condition the caller passed (its sign-in), evaluated in the same statement. */
  live: boolean;
  /** So the list skips the preorder query when there are none. */
  pendingPreorders: number;
  parts: string[];
}

/**
 * A 64-bit hash of one row version: its id and `xmin` side by side in one bigint, hashed (a plain XOR of
 * the raw values would cancel out for rows written by the same transactions), seeded per table.
 */
const rowHash = (alias: SQL, seed: number) =>
  sql`hashint8extended((${alias}.id::bigint << 32) | ${alias}.xmin::text::bigint, ${sql.raw(String(seed))})`;

/** The statement of `readVersion`, exposed so the bench can show its plan. */
export const versionQuery = (customerId: number, live: SQL): SQL => sql`
    SELECT c.status, ${live} AS live, c.xmin::text AS customer,
      (SELECT m.checksum FROM catalogue_meta m WHERE m.id = 1) AS catalogue,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`i`, 1)}), 0)
        FROM instances i
        WHERE i.customer_id = c.id AND i.lifecycle IN ('provisioning', 'ready', 'deleting')) AS instances,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`b`, 2)}), 0)
        FROM billable_items b WHERE b.customer_id = c.id) AS items,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`p`, 3)}), 0)
        FROM preorders p WHERE p.customer_id = c.id AND p.status = 'pending') AS preorders
    FROM customers c WHERE c.id = ${customerId}`;

/**
 * Everything the instance list, counts and detail show depends on, read in one statement without building
 * the answer: the customer row, the listed instances, all the customer's billable items (a few more rows
 * than the listed instances' own items, but one index scan instead of a lookup per instance), the pending
 * preorders and the catalogue. Each row version is named by its `xmin` (the transaction that wrote it, new
 * on every insert and update, whichever process made it), folded with the row id into an order-independent
 * 64-bit hash (`bit_xor`) next to a count, so a row changing, appearing or leaving the set changes the
 * result; the catalogue by the checksum of the file loaded. Nothing is written and no lock is taken, so
 * writers (billing, workers) pay nothing and cannot deadlock on it; the hourly billing run moving an
 * item's `billed_until` changes the tag once an hour, which only costs one full answer. `live` (the sign-in
 * check, `sessionLiveSql`) rides along, so a polled read costs one round trip in all.
 * Null when the customer is gone.
 */
export async function readVersion(db: Database, customerId: number, live: SQL): Promise<ReadVersion | null> {
  const query = dialect.sqlToQuery(versionQuery(customerId, live));
  // A named statement: PostgreSQL plans it once per connection instead of on every poll (planning this
  // statement took longer than running it). One name per text (an access token's check or an API token's).
  let name = statementNames.get(query.sql);
  if (!name) {
    name = `instance_version_${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`;
    statementNames.set(query.sql, name);
  }
  const result = await db.$client.query<VersionRow>({ name, text: query.sql, values: query.params });
  return toReadVersion(customerId, result.rows[0] ?? null);
}

// Renders column names as the database client does (createDatabase's casing).
const dialect = new PgDialect({ casing: 'snake_case' });
const statementNames = new Map<string, string>();

type VersionRow = {
  status: AccountStatus;
  live: boolean;
  customer: string;
  catalogue: string | null;
  instances: string;
  items: string;
  preorders: string;
};

/**
 * The version as one column of another statement (an uncorrelated subquery: evaluated once), so an
 * answer and its version come from one snapshot in one round trip. Read it back with `toReadVersion`.
 */
export const versionColumn = (customerId: number, live: SQL): SQL =>
  sql`(SELECT row_to_json(v) FROM (${versionQuery(customerId, live)}) v)`;

export function toReadVersion(customerId: number, row: unknown): ReadVersion | null {
  if (!row) return null;
  const r = row as VersionRow;
  return {
    status: r.status,
    live: r.live,
    pendingPreorders: Number.parseInt(r.preorders, 10),
    parts: [String(customerId), r.status, r.customer, r.catalogue ?? '', r.instances, r.items, r.preorders],
  };
}

/**
 * The strong ETag of one read (its URL: path and query string) at `version` and `now`. Equal tags mean the
 * same answer: same rows, same request, same release, same clock bucket.
 */
export function versionTag(version: ReadVersion, url: string, now = Date.now()): string {
  const hash = createHash('sha256');
  for (const part of [ANSWER_REVISION, ...version.parts, String(Math.floor(now / CLOCK_BUCKET_MS)), url])
    hash.update(part).update('\0');
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

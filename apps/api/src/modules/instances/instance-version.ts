import { createHash } from 'node:crypto';
import type { AccountStatus } from '@nimbus/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareStatement, runPrepared } from '../../lib/prepared-statement';
import { sessionLiveSql } from '../auth/auth.guard';

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
  /** Whether the caller's sign-in (`SignIn`) is still live, checked in the same statement. */
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

/**
 * Who asks, as the version checks it: an access token's session (still live: not revoked, its customer's),
 * or an API token, which the guard has already checked (its revocation is a row the guard reads).
 */
export type SignIn = { via: 'access_token'; sessionId: string } | { via: 'api_token' };

/**
 * The parameters of the version's statements (and of the list and counts that carry it), so each is
 * built once and prepared: neither drizzle nor PostgreSQL plans it again per request.
 */
export const versionParams = {
  customerId: sql.placeholder('customerId'),
  sessionId: sql.placeholder('sessionId'),
};

/** The values of `versionParams`. */
export const versionValues = (customerId: number, signIn: SignIn) => ({
  customerId,
  sessionId: signIn.via === 'access_token' ? signIn.sessionId : null,
});

/** The sign-in check inside the statement: the session's row for an access token. */
const liveSql = (via: SignIn['via']): SQL =>
  via === 'access_token' ? sessionLiveSql(versionParams) : sql`true`;

/** The statement of `readVersion` (parameters: `versionParams`), exposed so the bench can show its plan. */
export const versionQuery = (via: SignIn['via']): SQL => sql`
    SELECT c.status, ${liveSql(via)} AS live, c.xmin::text AS customer,
      (SELECT m.checksum FROM catalogue_meta m WHERE m.id = 1) AS catalogue,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`i`, 1)}), 0)
        FROM instances i
        WHERE i.customer_id = c.id AND i.lifecycle IN ('provisioning', 'ready', 'deleting')) AS instances,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`b`, 2)}), 0)
        FROM billable_items b WHERE b.customer_id = c.id) AS items,
      (SELECT count(*) || '.' || coalesce(bit_xor(${rowHash(sql`p`, 3)}), 0)
        FROM preorders p WHERE p.customer_id = c.id AND p.status = 'pending') AS preorders
    FROM customers c WHERE c.id = ${versionParams.customerId}`;

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
export async function readVersion(
  db: Database,
  customerId: number,
  signIn: SignIn,
): Promise<ReadVersion | null> {
  const [row] = await runPrepared<VersionRow>(
    db,
    versionStatements[signIn.via],
    versionValues(customerId, signIn),
  );
  return toReadVersion(customerId, row ?? null);
}

// A named statement per kind of sign-in: planning this statement took longer than running it.
const versionStatements = {
  access_token: prepareStatement('instance_version_access_token', versionQuery('access_token')),
  api_token: prepareStatement('instance_version_api_token', versionQuery('api_token')),
};

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
export const versionColumn = (via: SignIn['via']): SQL =>
  sql`(SELECT row_to_json(v) FROM (${versionQuery(via)}) v)`;

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

import type { Iso } from '@nimbus/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isos } from './isos.tables';

export type IsoRow = typeof isos.$inferSelect;

/** The ISO's name in the driver's image store. */
export const isoImageRef = (isoId: number) => `iso-${isoId}`;

const live = isNull(isos.deletedAt);

export async function findIso(db: DbOrTx, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(isos)
    .where(and(eq(isos.id, id), eq(isos.customerId, customerId), live));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The ISO an instance was ordered with, deleted or not (the build reads it after the order). */
export async function isoOfInstance(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: isos.id, useVirtio: isos.useVirtio }).from(isos).where(eq(isos.id, id));
  return row ?? null;
}

export const listIsos = (db: DbOrTx, customerId: number) =>
  db
    .select()
    .from(isos)
    .where(and(eq(isos.customerId, customerId), live))
    .orderBy(asc(isos.createdAt));

export async function insertIso(db: DbOrTx, values: typeof isos.$inferInsert) {
  const [row] = await db.insert(isos).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateIso(db: DbOrTx, id: number, values: Partial<typeof isos.$inferInsert>) {
  const [row] = await db
    .update(isos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(isos.id, id), live))
    .returning();
  return row ?? null;
}

/**
 * Takes the download of a DOWNLOADING ISO for `leaseSeconds`, unless another worker holds it: the one
 * place that decides who downloads, so two workers never write the same image.
 */
export async function claimDownload(db: DbOrTx, id: number, leaseSeconds: number) {
  const [row] = await db
    .update(isos)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
    .where(
      and(
        eq(isos.id, id),
        eq(isos.status, 'DOWNLOADING'),
        live,
        or(isNull(isos.leaseUntil), lt(isos.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Stores the bytes downloaded and renews the lease; null when the ISO was deleted (or failed) meanwhile,
 * which tells the download to stop.
 */
export async function recordProgress(db: DbOrTx, id: number, downloadedBytes: number, leaseSeconds: number) {
  const [row] = await db
    .update(isos)
    .set({
      downloadedBytes,
      stalledAttempts: 0,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: new Date(),
    })
    .where(and(eq(isos.id, id), eq(isos.status, 'DOWNLOADING'), live))
    .returning({ id: isos.id });
  return row ?? null;
}

/** DOWNLOADING ISOs nobody is downloading (never started, paused, or their worker died). */
export const unclaimedDownloads = (db: DbOrTx, limit = 100) =>
  db
    .select({ id: isos.id })
    .from(isos)
    .where(
      and(eq(isos.status, 'DOWNLOADING'), live, or(isNull(isos.leaseUntil), lt(isos.leaseUntil, sql`now()`))),
    )
    .limit(limit);

/** READY ISOs past their 48 hours. */
export const expiredIsos = (db: DbOrTx, now: Date, limit = 100) =>
  db
    .select()
    .from(isos)
    .where(and(eq(isos.status, 'READY'), live, lt(isos.expiresAt, now)))
    .limit(limit);

export function isoAnswer(row: IsoRow): Iso {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    regionId: row.regionId,
    useVirtio: row.useVirtio,
    size: row.sizeBytes,
    downloadedBytes: Math.min(row.downloadedBytes, row.sizeBytes),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'READY' && row.expiresAt ? row.expiresAt.toISOString() : null,
    isInvalidIso: row.isInvalidIso,
    failure: row.failure ?? null,
  };
}

/** Ends a download (READY or FAILED) unless the ISO was deleted or settled meanwhile. */
export async function settleDownload(db: DbOrTx, id: number, values: Partial<typeof isos.$inferInsert>) {
  const [row] = await db
    .update(isos)
    .set({ ...values, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(isos.id, id), eq(isos.status, 'DOWNLOADING'), live))
    .returning();
  return row ?? null;
}

/** Gives the download back: the sweep (or the next job) picks it up after `afterSeconds`. */
export async function releaseDownload(db: DbOrTx, id: number, afterSeconds: number, stalled: boolean) {
  const [row] = await db
    .update(isos)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${afterSeconds})`,
      stalledAttempts: stalled ? sql`${isos.stalledAttempts} + 1` : isos.stalledAttempts,
      updatedAt: new Date(),
    })
    .where(and(eq(isos.id, id), eq(isos.status, 'DOWNLOADING'), live))
    .returning({ stalledAttempts: isos.stalledAttempts });
  return row ?? null;
}

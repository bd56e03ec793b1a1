import { ISO_KEEP_HOURS, ISO_MAX_BYTES, type IsoFailure } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { type Hypervisor, HypervisorError } from '../compute/hypervisor';
import { IsoSourceError, type IsoSourceOptions, openIso } from './iso-source';
import {
  claimDownload,
  type IsoRow,
  isoImageRef,
  recordProgress,
  releaseDownload,
  settleDownload,
} from './isos.repository';

/** How long a worker holds a download without news; each stored piece renews it. */
const LEASE_SECONDS = 60;
/** Bytes gathered before they are written to the store: one write per piece, progress saved per piece. */
const PIECE_BYTES = 4 * 1024 * 1024;
/** One job run at most this long (well inside the queue's job expiry); the next run resumes. */
const RUN_BUDGET_MS = 5 * 60_000;
/** Runs in a row that ended without finishing (the source broke off, the store failed) before giving up. */
const MAX_STALLED_RUNS = 5;

export interface DownloadDeps {
  db: Database;
  hypervisor: Hypervisor;
  source: IsoSourceOptions;
}

/**
 * - `busy`: another worker holds it, or it is not downloading any more;
 * - `continue`: the run's time was up, the next run resumes at once;
 * - `retry`: it broke off; the sweep resumes it after a pause;
 * - `settled`: READY, FAILED, or deleted meanwhile.
 */
export type DownloadOutcome = 'busy' | 'continue' | 'retry' | 'settled';

class Stopped extends Error {}

async function fail(deps: DownloadDeps, row: IsoRow, failure: IsoFailure) {
  await deps.db.transaction(async (tx) => {
    const settled = await settleDownload(tx, row.id, {
      status: 'FAILED',
      failure,
      isInvalidIso: failure === 'invalid-file',
    });
    if (settled)
      await logActivity(tx, { customerId: row.customerId, event: 'iso_failed', data: { name: row.name } });
  });
  await deps.hypervisor.deleteIso(isoImageRef(row.id)).catch(() => undefined);
  return 'settled' as const;
}

/**
 * Downloads one ISO into the driver's store, resumable at any point: the store's byte count is the
 * truth of how far it got, so a run after a crash (the lease runs out, the sweep starts a new run) asks
 * the source for the rest with a Range and appends. Every piece renews the lease and records progress;
 * a piece after the customer deleted the ISO stops the download and removes what was stored.
 */
export async function downloadIso(
  deps: DownloadDeps,
  isoId: number,
  budgetMs = RUN_BUDGET_MS,
): Promise<DownloadOutcome> {
  const { db, hypervisor } = deps;
  const row = await claimDownload(db, isoId, LEASE_SECONDS);
  if (!row) return 'busy';
  const ref = isoImageRef(row.id);
  const startedAt = Date.now();
  try {
    let offset = await hypervisor.isoStoredBytes(ref);
    if (offset > row.sizeBytes) offset = 0;
    if (offset < row.sizeBytes) {
      const { body, resumed } = await openIso(row.url, offset, deps.source);
      if (!resumed) offset = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const piece = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        offset = await hypervisor.writeIso(ref, offset, piece);
        if (!(await recordProgress(db, row.id, offset, LEASE_SECONDS))) throw new Stopped();
      };
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (offset + pendingBytes + chunk.length > ISO_MAX_BYTES) {
            body.destroy();
            return await fail(deps, row, 'too-large');
          }
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PIECE_BYTES) {
            await flush();
            if (Date.now() - startedAt > budgetMs) {
              body.destroy();
              await releaseDownload(db, row.id, 0, false);
              return 'continue';
            }
          }
        }
        await flush();
      } finally {
        body.destroy();
      }
    }
    // The source ended before the size it announced: the connection broke off.
    if (offset < row.sizeBytes) return await stalled(deps, row);
    const { bootable } = await hypervisor.completeIso(ref);
    if (!bootable) return await fail(deps, row, 'invalid-file');
    const now = new Date();
    await db.transaction(async (tx) => {
      const settled = await settleDownload(tx, row.id, {
        status: 'READY',
        sizeBytes: offset,
        downloadedBytes: offset,
        readyAt: now,
        expiresAt: new Date(now.getTime() + ISO_KEEP_HOURS * 3_600_000),
      });
      if (settled)
        await logActivity(tx, { customerId: row.customerId, event: 'iso_ready', data: { name: row.name } });
    });
    return 'settled';
  } catch (error) {
    if (error instanceof Stopped) {
      await hypervisor.deleteIso(ref).catch(() => undefined);
      return 'settled';
    }
    if (error instanceof IsoSourceError && error.kind === 'not-found') return fail(deps, row, 'invalid-file');
    if (error instanceof IsoSourceError && error.kind === 'blocked-address')
      return fail(deps, row, 'blocked-address');
    // Another writer got between (its lease ran out under it): the store's count decides the next run.
    if (error instanceof HypervisorError && error.kind === 'invalid_state') {
      await releaseDownload(db, row.id, 5, false);
      return 'retry';
    }
    return stalled(deps, row);
  }
}

/** A run that broke off: paused with a growing delay, given up after MAX_STALLED_RUNS in a row without progress. */
async function stalled(deps: DownloadDeps, row: IsoRow): Promise<DownloadOutcome> {
  const pause = 15 * 2 ** Math.min(row.stalledAttempts + 1, 6);
  const released = await releaseDownload(deps.db, row.id, pause, true);
  if (released && released.stalledAttempts >= MAX_STALLED_RUNS) return fail(deps, row, 'unreachable');
  return released ? 'retry' : 'settled';
}

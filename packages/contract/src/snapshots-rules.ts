// The zod-free part of snapshots.ts (zod-free.test.ts): the panel loads it without zod.

import type { Micros } from './money-rules';

/** Snapshot statuses (instances.md §4): taking, restoring, usable, or a take that failed. */
export const snapshotStatuses = ['in_progress', 'restoring', 'active', 'failed'] as const;
export type SnapshotStatus = (typeof snapshotStatuses)[number];

/** Default and largest page of the snapshot list (instances.md §9: 25 by default, server supplied). */
export const SNAPSHOT_PAGE_SIZE = 25;
export const SNAPSHOT_LIST_MAX_LIMIT = 100;

/** $0.048 per GB of snapshot per month (instances.md §9), in micros; billed by the hour. */
export const SNAPSHOT_MONTHLY_PRICE_PER_GB: Micros = 48_000;

/** Snapshot sizes are kept in MB and shown in GB (instances.md §9). */
export const snapshotSizeGb = (sizeMb: number) => sizeMb / 1024;

/** The monthly price of keeping a snapshot of `sizeMb`, rounded up to the micro. */
export const snapshotMonthlyPrice = (sizeMb: number): Micros =>
  Math.ceil((sizeMb * SNAPSHOT_MONTHLY_PRICE_PER_GB) / 1024);

export const snapshotErrorCodes = {
  insufficientBalance: 'BALANCE_WAS_INSUFFICIENT_FOR_ADDING_SNAPSHOT',
  notCompatible: 'SNAPSHOT_IS_NOT_COMPATIBLE_WITH_INSTANCE_SPEC',
  notActive: 'SNAPSHOT_NOT_ACTIVE',
  instanceDeleted: 'SNAPSHOT_INSTANCE_DELETED',
  isoAttached: 'SNAPSHOT_ISO_ATTACHED',
} as const;

export const SNAPSHOT_INSUFFICIENT_BALANCE_MESSAGE =
  'Your balance is insufficient for taking a new snapshot.';

import type { Snapshot } from '@nimbus/contract';

/** What may be done with a snapshot now (instances.md §4, §6). */
export const isRunning = (snapshot: Pick<Snapshot, 'status'>) =>
  snapshot.status === 'in_progress' || snapshot.status === 'restoring';

/** Restore and retake need an active snapshot of an instance that still exists. */
export const canRestore = (snapshot: Snapshot) => snapshot.status === 'active' && !snapshot.isInstanceDeleted;
export const canRetake = canRestore;
/** A snapshot being taken or restored cannot be deleted until the operation ends. */
export const canDelete = (snapshot: Snapshot) => !isRunning(snapshot);

/** Size in GB with two decimals (spec §9: MB to GB); null while it is being taken for the first time. */
export const sizeInGb = (snapshot: Pick<Snapshot, 'size'>) =>
  snapshot.size === null ? null : (snapshot.size / 1024).toFixed(2);

export type SnapshotAction = 'restore' | 'retake' | 'delete';

/** Toasts for operations that ended since the list was last seen (spec §4: created, restored). */
export function endedOperations(before: Map<number, Snapshot['status']>, after: Snapshot[]) {
  const ended: { snapshot: Snapshot; outcome: 'created' | 'restored' | 'failed' }[] = [];
  for (const snapshot of after) {
    const was = before.get(snapshot.id);
    if (was === 'in_progress' && snapshot.status === 'active') ended.push({ snapshot, outcome: 'created' });
    if (was === 'in_progress' && snapshot.status === 'failed') ended.push({ snapshot, outcome: 'failed' });
    if (was === 'restoring' && snapshot.status === 'active') ended.push({ snapshot, outcome: 'restored' });
  }
  return ended;
}

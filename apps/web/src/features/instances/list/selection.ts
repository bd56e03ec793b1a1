import { type Instance, isStableInstanceStatus } from '@nimbus/contract';

/**
 * Only a settled instance can be restarted or deleted: rows still being created (or changing) show a
 * spinner and a disabled checkbox, and GPU preorders have no server to act on yet.
 */
export const isSelectable = (instance: Pick<Instance, 'status' | 'isPreorder'>) =>
  !instance.isPreorder && isStableInstanceStatus(instance.status);

/** The selection kept to rows that are still listed and selectable (after a refetch, a filter…). */
export const selectedOf = (selected: ReadonlySet<number>, instances: readonly Instance[]) =>
  instances.filter((instance) => selected.has(instance.id) && isSelectable(instance));

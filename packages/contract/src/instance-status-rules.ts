// The zod-free part of instance-status.ts (zod-free.test.ts): the panel loads it without zod.

import type { InstanceStatus } from './instance-status';

/** Instance and network states and how the panel shows them (instances.md §4). */

export const instanceStatuses = [
  'initializing',
  'preparing_disk',
  'preparing_network',
  'spawning_qemu',
  'spawning_qemu_with_seed',
  'trying_to_migrate',
  'taking_snapshot',
  'loading_snapshot',
  'loading_backup',
  'active',
  'shutdown',
  'suspended',
  'rescue',
  'allocating-gpu',
] as const;

/** States in which nothing is changing: no spinner, actions allowed. */
export const stableInstanceStatuses: readonly InstanceStatus[] = [
  'active',
  'shutdown',
  'suspended',
  'rescue',
];
export const isStableInstanceStatus = (status: string): boolean =>
  (stableInstanceStatuses as readonly string[]).includes(status);

export type ChipColor = 'success' | 'error' | 'warning' | 'info' | 'default';

/** The label of a status chip (an i18n key suffix) and its colour. */
export interface StatusChip {
  label: 'on' | 'off' | 'suspended' | 'rescue' | 'allocatingGpu' | 'initializing' | 'pending' | 'loading';
  color: ChipColor;
}

const statusChips: Partial<Record<InstanceStatus, StatusChip>> = {
  active: { label: 'on', color: 'success' },
  shutdown: { label: 'off', color: 'error' },
  suspended: { label: 'suspended', color: 'warning' },
  rescue: { label: 'rescue', color: 'info' },
  'allocating-gpu': { label: 'allocatingGpu', color: 'default' },
  initializing: { label: 'initializing', color: 'default' },
  preparing_disk: { label: 'initializing', color: 'default' },
  preparing_network: { label: 'initializing', color: 'default' },
  spawning_qemu: { label: 'pending', color: 'warning' },
  spawning_qemu_with_seed: { label: 'pending', color: 'warning' },
  trying_to_migrate: { label: 'pending', color: 'warning' },
  taking_snapshot: { label: 'pending', color: 'warning' },
  loading_snapshot: { label: 'pending', color: 'warning' },
  loading_backup: { label: 'pending', color: 'warning' },
};

/** The chip of an instance status; a status the panel does not know reads "loading". */
export function instanceStatusChip(status: string): StatusChip {
  return statusChips[status as InstanceStatus] ?? { label: 'loading', color: 'default' };
}

/** In the custom-ISO list anything but a stable state is loading. */
export const isoListStatusChip = (status: string): StatusChip =>
  isStableInstanceStatus(status) ? instanceStatusChip(status) : { label: 'loading', color: 'default' };

export const networkStatuses = [
  'active',
  'initializing',
  'suspended',
  'terminated',
  'not-provisioned',
] as const;

/** Network chip colour; a suspended network also shows a warning icon with a tooltip. */
export function networkStatusColor(status: string): ChipColor {
  if (status === 'active') return 'success';
  if (status === 'initializing') return 'warning';
  if (status === 'suspended') return 'error';
  return 'default';
}
export const showsNetworkWarning = (status: string) => status === 'suspended';

/** Polling intervals of platform.md §9: the list every 6 s, the detail every 3 s, five retries on 500. */
export const INSTANCE_LIST_POLL_MS = 6_000;
export const INSTANCE_DETAIL_POLL_MS = 3_000;
export const INSTANCE_DETAIL_ERROR_RETRIES = 5;

/**
 * The list keeps polling while any instance is changing or still has no main IP. A GPU preorder waits
 * days for its hardware, so it does not keep the list polling.
 */
export const listNeedsPolling = (instances: readonly { status: string; mainIp: string | null }[]) =>
  instances.some((i) => i.status !== 'allocating-gpu' && (!isStableInstanceStatus(i.status) || !i.mainIp));

/** Hostnames in the list are cut beyond 22 characters to 19 plus an ellipsis. */
export const listHostname = (hostname: string) =>
  hostname.length > 22 ? `${hostname.slice(0, 19)}…` : hostname;

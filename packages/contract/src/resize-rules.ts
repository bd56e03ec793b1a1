// The zod-free part of resize.ts (zod-free.test.ts): the panel loads it without zod.

import type { BillingCycle } from './catalogue';
import type { ExtraResource } from './instances';

/** Instances below this much memory (the 512 MB plans) cannot be resized (instances.md §4, §9). */
export const MIN_RESIZE_RAM_MB = 1024;

/** The two kinds of target plan of POST /instances/{id}/resize. */
export const resizeModes = ['FIXED', 'CUSTOM'] as const;
export type ResizeMode = (typeof resizeModes)[number];

export const resizeErrorCodes = {
  unchanged: 'RESIZE_PLAN_UNCHANGED',
  cleanInstallNotAcknowledged: 'CLEAN_INSTALL_NOT_ACKNOWLEDGED',
  upgradeOnly: 'CUSTOM_ISO_UPGRADE_ONLY',
  notEnoughResource: 'NOT_ENOUGH_RESOURCE',
} as const;

/** The spec's words for a host without room (instances.md §8): the panel shows them with a support link. */
export const NOT_ENOUGH_RESOURCE_MESSAGE = 'Not enough resource is available for resizing the VPS.';

/** A machine's size: CPU cores, memory in MB, disk in GB, monthly transfer in TB. */
export interface MachineSize {
  vcpu: number;
  ramMb: number;
  diskGb: number;
  bandwidthTb: number;
}

/** The machine a plan (with its add-ons) or a custom plan makes; `plan` null for a custom plan. */
export function machineSizeOf(
  plan: { cpu: number; ramMb: number; storageGb: number; bandwidthTb: number } | null,
  extra: ExtraResource,
): MachineSize {
  if (!plan)
    return {
      vcpu: extra.cpu,
      ramMb: extra.ramInGB * 1024,
      diskGb: extra.diskInGB,
      bandwidthTb: extra.bandwidthInTB,
    };
  return {
    vcpu: plan.cpu + extra.cpu,
    ramMb: plan.ramMb + extra.ramInGB * 1024,
    diskGb: plan.storageGb + extra.diskInGB,
    bandwidthTb: plan.bandwidthTb + extra.bandwidthInTB,
  };
}

/**
 * Why an instance cannot be resized at all, as a reason key, or null (instances.md §4–§6). Resize is for
 * hourly instances only: the reading docs/decisions.md records ("Resize and the hourly rule").
 */
export function resizeUnavailable(instance: {
  billingCycle: BillingCycle;
  ram: number;
  status: string;
  isSuspended?: boolean;
}): 'notHourly' | 'smallPlan' | 'rescue' | null {
  if (instance.billingCycle !== 'hourly') return 'notHourly';
  if (instance.ram < MIN_RESIZE_RAM_MB) return 'smallPlan';
  if (instance.status === 'rescue') return 'rescue';
  return null;
}

/** The disk would get smaller: only a clean install (and the data lost) can do that. */
export const diskShrinks = (from: Pick<MachineSize, 'diskGb'>, to: Pick<MachineSize, 'diskGb'>) =>
  to.diskGb < from.diskGb;

/** Every resource at least what it was: what a custom-ISO instance may do (its disk cannot be rebuilt). */
export const isUpgrade = (from: MachineSize, to: MachineSize) =>
  to.vcpu >= from.vcpu &&
  to.ramMb >= from.ramMb &&
  to.diskGb >= from.diskGb &&
  to.bandwidthTb >= from.bandwidthTb;

export const sameSize = (a: MachineSize, b: MachineSize) =>
  a.vcpu === b.vcpu && a.ramMb === b.ramMb && a.diskGb === b.diskGb && a.bandwidthTb === b.bandwidthTb;

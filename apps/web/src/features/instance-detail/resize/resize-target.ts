import {
  diskShrinks,
  type ExtraResource,
  type Instance,
  isUpgrade,
  type MachineSize,
  type Product,
  type ResizeMode,
  resizeUnavailable,
  sameSize,
} from '@nimbus/contract';
import { machineOf } from '../../instance-creation/plan-rules';
import { isChanging } from '../instance-rules';

/** What the resize tab has chosen: a plan with add-ons, or a custom plan's machine. */
export interface ResizeTarget {
  mode: ResizeMode;
  productId: number | null;
  extraResource: ExtraResource;
}

export const currentTarget = (instance: Instance): ResizeTarget => ({
  mode: instance.productId === null ? 'CUSTOM' : 'FIXED',
  productId: instance.productId,
  extraResource: instance.extraResource,
});

export const sizeOfInstance = (instance: Instance): MachineSize => ({
  vcpu: instance.vcpuCount,
  ramMb: instance.ram,
  diskGb: instance.disk,
  bandwidthTb: instance.bandwidthInTB,
});

/** The machine the target makes, or null while no plan is chosen. */
export function sizeOfTarget(target: ResizeTarget, product: Product | null): MachineSize | null {
  if (target.mode === 'FIXED' && !product) return null;
  const m = machineOf(target.mode === 'FIXED' ? product : null, target.extraResource);
  return { vcpu: m.cpu, ramMb: m.ramInGB * 1024, diskGb: m.diskInGB, bandwidthTb: m.bandwidthInTB };
}

/** Why the tab cannot resize at all, as an i18n key under `resize.blocked`, or null. */
export function resizeBlocked(instance: Instance): string | null {
  if (isChanging(instance)) return 'changing';
  return resizeUnavailable(instance);
}

export interface ResizeCheck {
  size: MachineSize | null;
  unchanged: boolean;
  shrinks: boolean;
  /** A custom-ISO instance asked to lose a resource. */
  isoDowngrade: boolean;
}

/** What the chosen target means for this instance (instances.md §4, §5): the server checks the same. */
export function checkTarget(instance: Instance, target: ResizeTarget, product: Product | null): ResizeCheck {
  const size = sizeOfTarget(target, product);
  const current = sizeOfInstance(instance);
  if (!size) return { size, unchanged: false, shrinks: false, isoDowngrade: false };
  const samePlan =
    target.mode === 'FIXED' ? target.productId === instance.productId : instance.productId === null;
  return {
    size,
    unchanged: samePlan && sameSize(current, size),
    shrinks: diskShrinks(current, size),
    isoDowngrade: instance.isoId !== null && !isUpgrade(current, size),
  };
}

const draftKey = (instanceId: number) => `nimbus.resize.${instanceId}`;

/** The plan chosen before a 460, kept while the customer tops up (instances.md §8). */
export function storeResizeDraft(instanceId: number, target: ResizeTarget) {
  sessionStorage.setItem(draftKey(instanceId), JSON.stringify(target));
}

export function takeResizeDraft(instanceId: number): ResizeTarget | null {
  const raw = sessionStorage.getItem(draftKey(instanceId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as ResizeTarget;
    return draft.mode === 'FIXED' || draft.mode === 'CUSTOM' ? draft : null;
  } catch {
    return null;
  }
}

export const clearResizeDraft = (instanceId: number) => sessionStorage.removeItem(draftKey(instanceId));

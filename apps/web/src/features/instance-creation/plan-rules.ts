import {
  type Application,
  customPlanBounds,
  defaultApplicationRamGb,
  type ExtraResource,
  MAX_INSTANCES_PER_ORDER,
  noExtraResource,
  type Product,
} from '@nimbus/contract';
import { type CreationValues, customPlanDefaults } from './form-model';

/** The plan list shows this many plans until Show more (instances.md §2). */
export const PLANS_SHOWN = 4;

export const activePlans = (products: readonly Product[]) => products.filter((p) => p.overallActiveness);

/** Out-of-stock plans are listed but cannot be chosen. */
export const isOutOfStock = (product: Product) => product.remainingStock <= 0;

/** Show more appears only when more than four plans are active; the chosen plan always stays visible. */
export function visiblePlans(products: readonly Product[], showMore: boolean, selectedId: number | null) {
  const active = activePlans(products);
  if (showMore || active.length <= PLANS_SHOWN) return active;
  const first = active.slice(0, PLANS_SHOWN);
  const selected = active.find((p) => p.id === selectedId);
  return selected && !first.includes(selected) ? [...first, selected] : first;
}

/** Choosing a plan closes the custom plan and clears extra resources. */
export function withPlan(values: CreationValues, productId: number): CreationValues {
  return { ...values, productId, customPlan: false, extraResource: { ...noExtraResource } };
}

/** Opening the custom plan starts from its defaults, with the application's RAM when one is chosen. */
export function withCustomPlan(values: CreationValues, app: Application | null): CreationValues {
  const ramInGB = app ? Math.max(customPlanDefaults.ramInGB, defaultApplicationRamGb(app)) : 1;
  return {
    ...values,
    productId: null,
    customPlan: true,
    extraResource: { ...customPlanDefaults, ramInGB: Math.min(ramInGB, customPlanBounds.ramInGB.max) },
  };
}

/** Keeps a number inside [min, max] on the step grid: number inputs cannot pass their bounds. */
export function clampToStep(value: number, min: number, max: number, step: number): number {
  if (!Number.isFinite(value)) return min;
  const snapped = min + Math.round((value - min) / step) * step;
  return Math.min(max, Math.max(min, snapped));
}

/** A plan's machine with its add-ons, or the custom plan's machine; RAM in GB. */
export function machineOf(product: Product | null, extra: ExtraResource): ExtraResource {
  if (!product) return extra;
  const spec = product.plan.specification;
  return {
    cpu: spec.cpu + extra.cpu,
    ramInGB: spec.ram / 1024 + extra.ramInGB,
    diskInGB: spec.storage + extra.diskInGB,
    bandwidthInTB: spec.bandwidthInTB + extra.bandwidthInTB,
  };
}

export interface QuantityLimit {
  max: number;
  /** What holds the quantity below 10, for the stock warning. */
  reason: 'stock' | 'ddosStock' | null;
}

/** Max 10 per order, limited by the plan's stock and, with DDoS protection, by protected IPv4 stock. */
export function quantityLimit(product: Product | null, ddos: boolean): QuantityLimit {
  let max = MAX_INSTANCES_PER_ORDER;
  let reason: QuantityLimit['reason'] = null;
  if (product && product.remainingStock < max) {
    max = product.remainingStock;
    reason = 'stock';
  }
  if (product && ddos && product.remainingDdosIpv4 < max) {
    max = product.remainingDdosIpv4;
    reason = 'ddosStock';
  }
  return { max: Math.max(1, max), reason };
}

/** The first plan that can be chosen and carries at least `ramGb` of memory. */
export function firstPlanWithRam(products: readonly Product[], ramGb: number): Product | undefined {
  return activePlans(products).find((p) => !isOutOfStock(p) && p.plan.specification.ram >= ramGb * 1024);
}

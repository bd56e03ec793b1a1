import {
  type AppConfig,
  type Feature,
  type InstanceQuote,
  instanceQuote,
  type Micros,
  type Product,
  type Region,
  regionPromotionPercent,
  toMicros,
} from '@nimbus/contract';
import { type CreationValues, isPreorder, withRequiredFeatures } from './form-model';

export interface OrderQuote {
  /** One instance, exactly as the server charges it. */
  each: InstanceQuote;
  quantity: number;
  /** Hourly orders: the price of one hour of the whole order (4 decimals). */
  totalHourly: Micros | null;
  /** Hourly orders: the whole order for a month. */
  totalMonthly: Micros;
  /** Cycle orders: what is charged now for the whole order. */
  totalDue: Micros | null;
  /** The region's promotion is part of the price (assumed within the per-region limit). */
  promotionPercent: number;
  /** The order's floating IPs (`floatingIPCount` per instance): their first month, charged now. */
  floatingIpsMonthly: Micros;
}

export interface QuoteCatalogue {
  product: Product | null;
  region: Region;
  appConfig: AppConfig;
  features: Record<string, Feature>;
}

/**
 * The order summary's figures, from the contract's `instanceQuote`: the server charges with the same
 * code, so the estimate is the amount taken. The promotion is assumed to apply; the server answers
 * PROMOTION_LIMIT_REACHED when it does not, and the customer confirms the base price.
 */
export function orderQuote(values: CreationValues, catalogue: QuoteCatalogue): OrderQuote {
  const featurePrices = withRequiredFeatures(values, catalogue.product)
    .featureIds.map(
      (id) => catalogue.appConfig.featurePrices[String(id)] ?? catalogue.features[String(id)]?.price,
    )
    .filter((p): p is string => p !== undefined);
  const each = instanceQuote({
    product: values.customPlan ? null : catalogue.product,
    region: catalogue.region,
    planClass: values.planClass,
    extraResource: values.extraResource,
    assignIpv4: values.assignIpv4,
    isDdosProtected: values.isDdosProtected,
    featurePrices,
    billingCycle: values.billingCycle,
    appConfig: catalogue.appConfig,
    promoted: true,
  });
  const quantity = Math.max(1, values.quantity);
  return {
    each,
    quantity,
    totalHourly: each.hourly === null ? null : each.hourly * quantity,
    totalMonthly: each.monthly * quantity,
    totalDue: each.cyclePrice === null ? null : each.cyclePrice * quantity,
    promotionPercent: regionPromotionPercent(catalogue.region, values.planClass, values.billingCycle),
    // GPU preorders carry no floating IPs (platform.md §3 "Preorder parameters").
    floatingIpsMonthly: isPreorder(values)
      ? 0
      : toMicros(catalogue.appConfig.floatingIpPricePerMonth) * values.floatingIPCount * quantity,
  };
}

import type { AppConfig, BillingCycle, PlanClass, Product, Region } from './catalogue';
import { monthlyToHourlyMicros } from './catalogue-rules';
import type { ExtraResource } from './instances';
import { type Micros, toMicros } from './money-rules';
import { cyclePrice } from './pricing';

/**
 * What one instance of an order costs. The creation screen's order summary and the server's charge both
 * come from `instanceQuote`, so the estimate a customer sees is the amount the ledger takes.
 */

export interface InstanceQuoteInput {
  /** The plan as sold in the chosen region (GET /products?regionId=…); null for a custom plan. */
  product: Product | null;
  region: Pick<Region, 'regionDiscounts'>;
  planClass: PlanClass;
  extraResource: ExtraResource;
  assignIpv4: boolean;
  isDdosProtected: boolean;
  /** Monthly prices of the chosen features. */
  featurePrices: readonly string[];
  billingCycle: BillingCycle;
  appConfig: Pick<
    AppConfig,
    'extraResourceMonthlyPrice' | 'ddosIpv4MonthlyPrice' | 'oneMonthInHours' | 'IPV4PricePerMonth'
  >;
  /** The region's promotion applies (within the per-region promotion limit). */
  promoted: boolean;
}

export interface InstanceQuote {
  /** Plan base price plus the region's offset (custom plan: its resources). */
  planMonthly: Micros;
  /** Add-on CPU, RAM, storage and transfer. */
  extrasMonthly: Micros;
  ipv4Monthly: Micros;
  ddosMonthly: Micros;
  featuresMonthly: Micros;
  /** Everything per month, before the discount. */
  monthly: Micros;
  /** Monthly add-ons the discount does not reduce: IPv4, DDoS protection and features. */
  undiscountedMonthly: Micros;
  /** Applies to plan plus extras (instances.md §9); 0 for hourly. */
  discountPercent: number;
  /** Price of one hour (4 decimals) for hourly billing, else null. */
  hourly: Micros | null;
  /** Price of one cycle, charged upfront and at each renewal; null for hourly. */
  cyclePrice: Micros | null;
}

/** Monthly price of resources at the per-unit prices (add-ons of a plan, or a whole custom plan). */
export function resourcesMonthly(r: ExtraResource, prices: AppConfig['extraResourceMonthlyPrice']): Micros {
  return (
    r.cpu * toMicros(prices.cpuPerCore) +
    r.ramInGB * toMicros(prices.ramPerGb) +
    r.diskInGB * toMicros(prices.diskPerGb) +
    r.bandwidthInTB * toMicros(prices.bandwidthPerTb)
  );
}

/** The region's promotion percent for a class and cycle, 0 when none is active. */
export function regionPromotionPercent(
  region: Pick<Region, 'regionDiscounts'>,
  planClass: PlanClass,
  cycle: BillingCycle,
): number {
  const rule = region.regionDiscounts
    .find((d) => d.type === planClass)
    ?.discounts.find((d) => d.billingCycle === cycle && d.isActive);
  return rule?.discountPercent ?? 0;
}

/** The plan's own discount for a cycle, 0 when none is active. */
export function productCycleDiscount(product: Product | null, cycle: BillingCycle): number {
  return product?.discounts.find((d) => d.billingCycle === cycle && d.isActive)?.discountPercent ?? 0;
}

const priceItem = (product: Product, id: 'BASE_PRICE' | 'REGION_OFFSET'): Micros => {
  const item = product.priceItems.find((p) => p.id === id);
  return item ? toMicros(item.monthlyPriceWithoutDiscount) : 0;
};

export function instanceQuote(input: InstanceQuoteInput): InstanceQuote {
  const { product, appConfig } = input;
  const planMonthly = product
    ? priceItem(product, 'BASE_PRICE') + priceItem(product, 'REGION_OFFSET')
    : resourcesMonthly(input.extraResource, appConfig.extraResourceMonthlyPrice);
  const extrasMonthly = product
    ? resourcesMonthly(input.extraResource, appConfig.extraResourceMonthlyPrice)
    : 0;
  const ipv4Monthly = input.assignIpv4
    ? toMicros(product ? product.plan.ipv4Price : appConfig.IPV4PricePerMonth)
    : 0;
  const ddosMonthly = input.isDdosProtected ? toMicros(appConfig.ddosIpv4MonthlyPrice) : 0;
  const featuresMonthly = input.featurePrices.reduce((sum, p) => sum + toMicros(p), 0);
  const undiscountedMonthly = ipv4Monthly + ddosMonthly + featuresMonthly;
  const monthly = planMonthly + extrasMonthly + undiscountedMonthly;
  const parts = {
    planMonthly,
    extrasMonthly,
    ipv4Monthly,
    ddosMonthly,
    featuresMonthly,
    monthly,
    undiscountedMonthly,
  };
  if (input.billingCycle === 'hourly')
    return {
      ...parts,
      discountPercent: 0,
      hourly: monthlyToHourlyMicros(monthly, appConfig.oneMonthInHours),
      cyclePrice: null,
    };
  const discountPercent = Math.min(
    100,
    productCycleDiscount(product, input.billingCycle) +
      (input.promoted ? regionPromotionPercent(input.region, input.planClass, input.billingCycle) : 0),
  );
  return {
    ...parts,
    discountPercent,
    hourly: null,
    cyclePrice: cyclePrice(
      { base: planMonthly, extras: extrasMonthly, undiscounted: undiscountedMonthly },
      input.billingCycle,
      discountPercent,
    ),
  };
}

/**
 * The price the credit check holds an order against: every cycle charged now, or for hourly instances
 * their hours over the credit-check days (at least one day), so a customer cannot deploy on empty credit.
 */
export function orderCheckPrice(quotes: readonly InstanceQuote[], creditCheckDays: number): Micros {
  return quotes.reduce(
    (sum, q) => sum + (q.cyclePrice ?? (q.hourly ?? 0) * 24 * Math.max(1, creditCheckDays)),
    0,
  );
}

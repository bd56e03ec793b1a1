import type { AppConfig, OcaField } from '@nimbus/contract';
import {
  type Application,
  type CycleDiscount,
  type Feature,
  fromMicros,
  type GpuTag,
  monthlyToHourlyMicros,
  type PaymentGateway,
  type PlanClass,
  type Product,
  type Region,
  sanitizeApplicationSummary,
  toMicros,
} from '@nimbus/contract';
import type { ApplicationRow, FeatureRow, Offer, ProductRow, RegionRow } from './catalogue.repository';
import type { paymentGateways } from './catalogue.tables';
import type { FileAppConfig } from './catalogue-file.schema';

/** Micros as a wire decimal: at least 2 decimals, more only when they carry value ("0.048"). */
export const moneyString = (micros: number) => fromMicros(micros, 6).replace(/(\.\d\d\d*?)0+$/, '$1');

export const toRegion = (r: RegionRow): Region => ({
  id: r.id,
  name: r.name,
  image: r.image,
  isHidden: r.isHidden,
  overallActiveness: r.overallActiveness,
  ddosActiveness: r.ddosActiveness,
  config: { supportDdosIpv4: r.supportDdosIpv4, supportBackup: r.supportBackup },
  regionDiscounts: r.regionDiscounts as Region['regionDiscounts'],
});

/** A product as sold in one region (`offer`), or region-less with the given stock totals. */
export function toProduct(
  p: ProductRow,
  offer: Offer | { regionId: null; remainingStock: number; remainingDdosIpv4: number },
): Product {
  const priceItems: Product['priceItems'] = [
    { id: 'BASE_PRICE', monthlyPriceWithoutDiscount: moneyString(p.basePriceMonthlyMicros) },
  ];
  if (offer.regionId !== null && 'regionOffsetMonthlyMicros' in offer) {
    priceItems.push({
      id: 'REGION_OFFSET',
      monthlyPriceWithoutDiscount: moneyString(offer.regionOffsetMonthlyMicros),
    });
  }
  return {
    id: p.id,
    name: p.name,
    overallActiveness: p.overallActiveness,
    isOutOfSales: p.isOutOfSales,
    priceItems,
    discounts: p.discounts as CycleDiscount[],
    plan: {
      type: p.planClass as PlanClass,
      specification: { cpu: p.cpu, ram: p.ramMb, storage: p.storageGb, bandwidthInTB: p.bandwidthTb },
      ipv4Price: moneyString(p.ipv4PriceMonthlyMicros),
      gpuName: (p.gpuName as GpuTag | null) ?? null,
      gpuQuantity: p.gpuQuantity,
    },
    remainingStock: offer.remainingStock,
    remainingDdosIpv4: offer.remainingDdosIpv4,
    requiredFeatures: p.requiredFeatures,
    regionId: offer.regionId,
  };
}

export const toFeature = (f: FeatureRow): Feature => ({
  id: f.id,
  name: f.name,
  featureGroup: f.featureGroup,
  description: f.description,
  price: moneyString(f.monthlyPriceMicros),
  isActive: f.isActive,
  minRam: f.minRamMb,
  planTypes: f.planClasses as PlanClass[],
  unsupportedOsFamilies: f.unsupportedOsFamilies,
});

export const toApplication = (a: ApplicationRow): Application => ({
  id: a.id,
  name: a.name,
  description: a.description,
  icon: a.icon,
  isBeta: a.isBeta,
  isActive: a.isActive,
  osFamily: a.osFamily,
  osVersionId: a.osVersionId,
  tags: a.tags,
  // Sanitised on the way out, so HTML edited straight in the database cannot reach the panel unchecked.
  summary: sanitizeApplicationSummary(a.summary),
  ocaFields: a.ocaFields as OcaField[],
  minRamInGB: a.minRamGb,
  defaultRamInGB: a.defaultRamGb,
});

export const toPaymentGateway = (g: typeof paymentGateways.$inferSelect): PaymentGateway => ({
  id: g.id,
  name: g.name,
  displayName: g.displayName,
  feePercent: fromMicros(g.feePercentMicros, 6).replace(/\.?0+$/, ''),
  logoURL: g.logoUrl,
});

/** The stored constants plus what is derived from them: hourly prices and the feature price list. */
export function toAppConfig(stored: FileAppConfig, featureRows: FeatureRow[]): AppConfig {
  const hourly = (monthly: string) =>
    moneyString(monthlyToHourlyMicros(toMicros(monthly), stored.oneMonthInHours));
  const monthly = stored.extraResourceMonthlyPrice;
  return {
    ...stored,
    IPV4PricePerHour: hourly(stored.IPV4PricePerMonth),
    extraResourceHourlyPrice: {
      diskPerGb: hourly(monthly.diskPerGb),
      bandwidthPerTb: hourly(monthly.bandwidthPerTb),
      ramPerGb: hourly(monthly.ramPerGb),
      cpuPerCore: hourly(monthly.cpuPerCore),
    },
    featurePrices: Object.fromEntries(
      featureRows.filter((f) => f.isActive).map((f) => [String(f.id), moneyString(f.monthlyPriceMicros)]),
    ),
  };
}

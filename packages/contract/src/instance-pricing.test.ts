import { describe, expect, it } from 'vitest';
import type { Product, Region } from './catalogue';
import { instanceQuote, orderCheckPrice, regionPromotionPercent, resourcesMonthly } from './instance-pricing';
import { noExtraResource } from './instances-rules';
import { preorderCountdown } from './preorders-rules';

const appConfig = {
  extraResourceMonthlyPrice: {
    diskPerGb: '0.10',
    bandwidthPerTb: '5.00',
    ramPerGb: '3.00',
    cpuPerCore: '4.00',
  },
  ddosIpv4MonthlyPrice: '10.00',
  IPV4PricePerMonth: '2.00',
  oneMonthInHours: 730,
};

const cloudS: Product = {
  id: 1,
  name: 'Cloud S',
  overallActiveness: true,
  isOutOfSales: false,
  priceItems: [
    { id: 'BASE_PRICE', monthlyPriceWithoutDiscount: '5.00' },
    { id: 'REGION_OFFSET', monthlyPriceWithoutDiscount: '0.50' },
  ],
  discounts: [
    { billingCycle: 'quarterly', discountPercent: 3, isActive: true },
    { billingCycle: 'annually', discountPercent: 10, isActive: true },
    { billingCycle: 'semi-annually', discountPercent: 6, isActive: false },
  ],
  plan: {
    type: 'default',
    specification: { cpu: 1, ram: 1024, storage: 25, bandwidthInTB: 1 },
    ipv4Price: '2.00',
    gpuName: null,
    gpuQuantity: 0,
  },
  remainingStock: 10,
  remainingDdosIpv4: 2,
  requiredFeatures: [],
  regionId: 3,
};

const frankfurt: Pick<Region, 'regionDiscounts'> = {
  regionDiscounts: [
    { type: 'default', discounts: [{ billingCycle: 'annually', discountPercent: 5, isActive: true }] },
  ],
};

const base = {
  product: cloudS,
  region: frankfurt,
  planClass: 'default' as const,
  extraResource: noExtraResource,
  assignIpv4: true,
  isDdosProtected: false,
  featurePrices: [] as string[],
  appConfig,
  promoted: false,
};

describe('instanceQuote', () => {
  it('prices an hourly plan as the whole monthly price over the hours of a month, to 4 decimals', () => {
    const q = instanceQuote({ ...base, billingCycle: 'hourly' });
    // 5.00 base + 0.50 region offset + 2.00 IPv4 = 7.50 a month; 7.50 / 730 = 0.010274 → 0.0103.
    expect(q.monthly).toBe(7_500_000);
    expect(q.hourly).toBe(10_300);
    expect(q.cyclePrice).toBeNull();
    expect(q.discountPercent).toBe(0);
  });

  it('discounts plan and extras but not IPv4, DDoS or features', () => {
    const q = instanceQuote({
      ...base,
      billingCycle: 'quarterly',
      extraResource: { cpu: 0, ramInGB: 0, diskInGB: 20, bandwidthInTB: 1 },
      isDdosProtected: true,
      featurePrices: ['1.00'],
    });
    // Discounted: (5.50 + 2.00 storage + 5.00 transfer) × 3 × 0.97 = 36.375; undiscounted: (2 + 10 + 1) × 3 = 39.
    expect(q.extrasMonthly).toBe(7_000_000);
    expect(q.undiscountedMonthly).toBe(13_000_000);
    expect(q.discountPercent).toBe(3);
    expect(q.cyclePrice).toBe(75_380_000);
  });

  it('adds the region promotion only to promoted instances', () => {
    const promoted = instanceQuote({ ...base, billingCycle: 'annually', promoted: true });
    const extra = instanceQuote({ ...base, billingCycle: 'annually', promoted: false });
    expect(promoted.discountPercent).toBe(15);
    expect(extra.discountPercent).toBe(10);
    // 5.50 × 12 × 0.85 + 2 × 12 = 80.10; without the promotion 5.50 × 12 × 0.90 + 24 = 83.40.
    expect(promoted.cyclePrice).toBe(80_100_000);
    expect(extra.cyclePrice).toBe(83_400_000);
  });

  it('ignores inactive plan discounts', () => {
    expect(instanceQuote({ ...base, billingCycle: 'semi-annually' }).discountPercent).toBe(0);
  });

  it('prices a custom plan from its resources and the configured IPv4 price', () => {
    const custom = { cpu: 2, ramInGB: 4, diskInGB: 50, bandwidthInTB: 2 };
    const q = instanceQuote({ ...base, product: null, extraResource: custom, billingCycle: 'monthly' });
    // 2 × 4 + 4 × 3 + 50 × 0.10 + 2 × 5 = 35; plus 2.00 IPv4.
    expect(q.planMonthly).toBe(resourcesMonthly(custom, appConfig.extraResourceMonthlyPrice));
    expect(q.planMonthly).toBe(35_000_000);
    expect(q.extrasMonthly).toBe(0);
    expect(q.cyclePrice).toBe(37_000_000);
  });

  it('charges no IPv4 for an IPv6-only instance', () => {
    expect(instanceQuote({ ...base, assignIpv4: false, billingCycle: 'monthly' }).cyclePrice).toBe(5_500_000);
  });
});

describe('regionPromotionPercent', () => {
  it('finds the active promotion of the class and cycle', () => {
    expect(regionPromotionPercent(frankfurt, 'default', 'annually')).toBe(5);
    expect(regionPromotionPercent(frankfurt, 'default', 'monthly')).toBe(0);
    expect(regionPromotionPercent(frankfurt, 'cpu-optimized', 'annually')).toBe(0);
  });
});

describe('orderCheckPrice', () => {
  it('holds cycles at their price and hourly instances at their hours over the check days', () => {
    const hourly = instanceQuote({ ...base, billingCycle: 'hourly' });
    const monthly = instanceQuote({ ...base, billingCycle: 'monthly' });
    expect(orderCheckPrice([monthly, monthly], 7)).toBe(2 * 7_500_000);
    expect(orderCheckPrice([hourly], 7)).toBe(10_300 * 24 * 7);
    // With no check days an hourly order still needs one day of credit.
    expect(orderCheckPrice([hourly], 0)).toBe(10_300 * 24);
  });
});

describe('preorderCountdown', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('splits the time left into days, hours and minutes', () => {
    expect(preorderCountdown('2026-11-25T15:30:59Z', now)).toEqual({ days: 3, hours: 3, minutes: 30 });
  });
  it('is null once due', () => {
    expect(preorderCountdown('2026-11-22T12:00:00Z', now)).toBeNull();
    expect(preorderCountdown('2026-11-01T00:00:00Z', now)).toBeNull();
  });
});

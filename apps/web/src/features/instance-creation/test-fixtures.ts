import type { AppConfig, Product, Region } from '@nimbus/contract';

export const region = (overrides: Partial<Region> = {}): Region => ({
  id: 1,
  name: 'Frankfurt',
  image: '',
  isHidden: false,
  overallActiveness: true,
  ddosActiveness: false,
  config: { supportDdosIpv4: false, supportBackup: false },
  regionDiscounts: [
    { type: 'default', discounts: [{ billingCycle: 'annually', discountPercent: 10, isActive: true }] },
  ],
  ...overrides,
});

export const product = (id: number, overrides: Partial<Product> = {}): Product => ({
  id,
  name: `s-${id}`,
  overallActiveness: true,
  isOutOfSales: false,
  priceItems: [
    { id: 'BASE_PRICE', monthlyPriceWithoutDiscount: `${5 * id}.00` },
    { id: 'REGION_OFFSET', monthlyPriceWithoutDiscount: '1.00' },
  ],
  discounts: [{ billingCycle: 'annually', discountPercent: 5, isActive: true }],
  plan: {
    type: 'default',
    specification: { cpu: id, ram: 1024 * id, storage: 20 * id, bandwidthInTB: id },
    ipv4Price: '2.00',
    gpuName: null,
    gpuQuantity: 0,
  },
  remainingStock: 20,
  remainingDdosIpv4: 20,
  requiredFeatures: [],
  regionId: 1,
  ...overrides,
});

const resourcePrices = { diskPerGb: '0.10', bandwidthPerTb: '5.00', ramPerGb: '3.00', cpuPerCore: '4.00' };
export const appConfig: AppConfig = {
  currency: 'USD',
  currencySign: '$',
  floatingIpPricePerMonth: '1.50',
  maxActiveFloatingIp: 5,
  numberOfDaysForCreditCheck: 3,
  maxFloatingIpPerUserPerMonth: 30,
  maxAllowedPromotedInstancePerRegionPerUser: 2,
  IPV4PricePerMonth: '2.00',
  IPV4PricePerHour: '0.0028',
  extraResourceHourlyPrice: resourcePrices,
  extraResourceMonthlyPrice: resourcePrices,
  featurePrices: {},
  oneMonthInHours: 720,
  gpuPreorderEta: 30,
  defaultBillingCycle: 'hourly',
  backupConfigs: { feePercentage: 20, maxFiles: 3, periodDetails: [] },
  ddosIpv4MonthlyPrice: '10.00',
  extraTrafficPricePerTb: '5.00',
  snapshotPricePerGbMonth: '0.048',
  overagePricePerGib: '0.01',
};

export const osList = [
  {
    name: 'ubuntu',
    displayName: 'Ubuntu',
    icon: '',
    versions: [{ id: 11, name: '24.04', isActive: true, disabled: false, minRam: 512, withPanel: false }],
  },
];

import type { Product, Region } from '@nimbus/contract';

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

export { testAppConfig as appConfig } from '../../test/catalogue';

export const osList = [
  {
    name: 'ubuntu',
    displayName: 'Ubuntu',
    icon: '',
    versions: [{ id: 11, name: '24.04', isActive: true, disabled: false, minRam: 512, withPanel: false }],
  },
];

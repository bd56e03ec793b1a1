import type { AppConfig } from '@nimbus/contract';

const resourcePrices = { diskPerGb: '0.10', bandwidthPerTb: '5.00', ramPerGb: '3.00', cpuPerCore: '4.00' };
/**
 * The catalogue's app-config as the demo catalogue has it (USD, "$"). The fake server of `mockApi`
 * answers it unless a test gives its own, as the real one always has it.
 */
export const testAppConfig: AppConfig = {
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
  backupConfigs: {
    feePercentage: 20,
    maxFiles: 3,
    periodDetails: [
      { id: 1, from: '00:00', to: '04:00' },
      { id: 2, from: '04:00', to: '08:00' },
    ],
  },
  ddosIpv4MonthlyPrice: '10.00',
  extraTrafficPricePerTb: '5.00',
  snapshotPricePerGbMonth: '0.048',
  overagePricePerGib: '0.01',
};

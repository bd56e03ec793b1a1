// The zod-free part of catalogue.ts (zod-free.test.ts): the panel loads it without zod.

import type { BillingCycle } from './catalogue';
import type { Micros } from './money-rules';

/** Plan classes; the panel calls them Regular, High Frequency and Premium GPU. */
export const planClasses = ['default', 'cpu-optimized', 'gpu-provided'] as const;

/** GPU tags of gpu-provided plans, with the model's product name (a trademark, not translated). */
export const gpuModels = {
  rtx5090: 'NVIDIA GeForce RTX 5090',
  a100: 'NVIDIA A100 80GB',
  rtx4090: 'NVIDIA GeForce RTX 4090',
} as const;

/** Billing cycles: `months` multiplies the monthly price; hourly is charged per hour used. */
export const billingCycles = ['hourly', 'monthly', 'quarterly', 'semi-annually', 'annually'] as const;
export const billingCycleDetails: Record<BillingCycle, { months: number | null; abbreviation: string }> = {
  hourly: { months: null, abbreviation: 'hr' },
  monthly: { months: 1, abbreviation: 'mo' },
  quarterly: { months: 3, abbreviation: 'qtr' },
  'semi-annually': { months: 6, abbreviation: 'semi' },
  annually: { months: 12, abbreviation: 'yr' },
};

/** Hourly price = monthly / oneMonthInHours to 4 decimals (100 micros), half up (instances.md §9). */
export const monthlyToHourlyMicros = (monthly: Micros, oneMonthInHours: number): Micros =>
  Math.floor((monthly + oneMonthInHours * 50) / (oneMonthInHours * 100)) * 100;

export const catalogueActions = ['CREATE', 'RESIZE'] as const;

/** Families the panel treats specially (Administrator user, trial badge, no resize tools). */
export const specialOsFamilies = ['windows', 'freebsd', 'kali'] as const;

export const APPLICATIONS_PAGE_SIZE = 12;
export const APPLICATIONS_MAX_PAGE_SIZE = 500;
export const DEFAULT_APPLICATION_TAG = 'featured';

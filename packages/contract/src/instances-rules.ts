// The zod-free part of instances.ts (zod-free.test.ts): the panel loads it without zod.

import type { ExtraResource } from './instances';

export const MAX_INSTANCES_PER_ORDER = 10;
export const INSTANCE_LIST_PAGE_SIZE = 10;
export const INSTANCE_LIST_MAX_LIMIT = 100;

/** Custom plan bounds and steps (instances.md §5); add-on storage and transfer run from the plan's values. */
export const customPlanBounds = {
  cpu: { min: 1, max: 32, step: 1, default: 1 },
  ramInGB: { min: 1, max: 128, step: 1, default: 1 },
  diskInGB: { min: 10, max: 3000, step: 10, default: 10 },
  bandwidthInTB: { min: 1, max: 50, step: 1, default: 1 },
} as const;

/** Nothing on top of the plan (`extraResourceSchema`'s default). */
export const noExtraResource: ExtraResource = { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 };

/** Per-instance outcome of an order: `CREATED`, or why that one could not be started. */
export const creationResultCodes = ['CREATED', 'NO_CAPACITY', 'FAILED'] as const;

/** Where each instance of a submitted order stands, for the creation pending page. */
export const creationStates = ['creating', 'created', 'failed'] as const;

/** Status filter of the list: the panel's words mapped to instance states. */
export const instanceStatusFilters = ['active', 'initializing', 'shutdown', 'suspended'] as const;

export const instanceErrorCodes = {
  accountSuspended: 'ACCOUNT_SUSPENDED',
  accessSuspended: 'ACCESS_SUSPENDED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  outOfStock: 'OUT_OF_STOCK',
  ddosOutOfStock: 'DDOS_OUT_OF_STOCK',
  promotionLimit: 'PROMOTION_LIMIT_REACHED',
  notAvailable: 'NOT_AVAILABLE',
  instanceChanging: 'INSTANCE_CHANGING',
  mustBeOff: 'INSTANCE_MUST_BE_OFF',
  mustBeOn: 'INSTANCE_MUST_BE_ON',
  cannotResetPassword: 'COUDNT_RESET_VM_PASSWORD',
  infrastructure: 'INFRASTRUCTURE_ERROR',
  notSubscription: 'NOT_A_SUBSCRIPTION',
  notSuspended: 'NOT_SUSPENDED',
  hostnameUnchanged: 'HOSTNAME_UNCHANGED',
  alreadyInRescue: 'ALREADY_IN_RESCUE',
  notInRescue: 'NOT_IN_RESCUE',
} as const;

/** Messages the panel shows in the spec's words (instances.md §8). */
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your Account is suspended.';
export const ACCESS_SUSPENDED_MESSAGE = 'Access suspended due to unusual activity. Please submit a ticket.';
export const MUST_BE_OFF_MESSAGE = 'You have to turn off the service before doing this action.';
export const CANNOT_RESET_PASSWORD_MESSAGE = "Couldn't reset VM password due to infrastructure error";
export const CREATION_INTERNAL_ERROR_MESSAGE = 'Failed to create instance due to internal server error.';

/** Default RAM for application deployment: 2 GB, 4 GB on Windows, 8 GB for the heavy Windows apps. */
export function defaultApplicationRamGb(app: { osFamily: string; defaultRamInGB: number }): number {
  if (app.osFamily === 'windows') return Math.max(4, app.defaultRamInGB);
  return Math.max(2, app.defaultRamInGB);
}

/** Windows images log in as Administrator, everything else as root. */
export const usernameForOsFamily = (family: string | null | undefined) =>
  family === 'windows' ? 'Administrator' : 'root';

/** Reset password is refused for these families (instances.md §5). */
export const passwordResetUnsupportedFamilies = ['mikrotik'] as const;

/**
 * Days of the Windows trial licence an image starts with (instances.md §9): 90 for Windows 10 and 11,
 * 180 for other Windows (Server); null for other families.
 */
export function windowsTrialDays(family: string, versionName: string): number | null {
  if (family !== 'windows') return null;
  return /\b(10|11)\b/.test(versionName) && !/server/i.test(versionName) ? 90 : 180;
}

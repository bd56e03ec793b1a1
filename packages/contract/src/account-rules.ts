// The zod-free part of account.ts (zod-free.test.ts): the panel loads it without zod.

/**
 * Stored account status. "unverified"/"verified" are not stored: they follow from the email flag
 * while the status is `active`, which is what `accountState` reports.
 */
export const accountStatuses = [
  'active',
  'under_review',
  'suspended_by_admin',
  'suspended_by_billing',
  'suspended_unusual_activity',
  'closed_by_admin',
] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const accountStates = [
  'unverified',
  'verified',
  'under_review',
  'suspended_by_admin',
  'suspended_by_billing',
  'suspended_unusual_activity',
  'closed_by_admin',
] as const;
export type AccountState = (typeof accountStates)[number];

export function accountStateOf(status: AccountStatus, emailVerified: boolean): AccountState {
  if (status === 'active') return emailVerified ? 'verified' : 'unverified';
  return status;
}
export const isSuspendedStatus = (status: AccountStatus) => status.startsWith('suspended_');

/** API tokens start with this so they are recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'nmb_';

export const accountErrorCodes = {
  apiTokenExists: 'API_TOKEN_EXISTS',
  noApiToken: 'NO_API_TOKEN',
} as const;

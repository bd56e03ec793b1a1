import { z } from 'zod';
import { isSupportedLocale } from './locales';

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

export const userInfoSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  email: z.object({ email: z.string(), isVerified: z.boolean() }),
  unverifiedEmail: z.object({ email: z.string() }).nullable(),
  phone: z.object({ phone: z.string() }).nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  accountState: z.enum(accountStates),
  isSuspended: z.boolean(),
  isAdminSuspended: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const apiTokenInfoSchema = z.object({
  exists: z.boolean(),
  prefix: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfoSchema>;
export const createdApiTokenSchema = z.object({
  token: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
});

/** API tokens start with this so they are recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'nmb_';

export const setLanguageRequestSchema = z.object({
  language: z.string().refine(isSupportedLocale, 'validation.invalid'),
});
export const languageSchema = z.object({ language: z.string() });

export const accountErrorCodes = {
  apiTokenExists: 'API_TOKEN_EXISTS',
  noApiToken: 'NO_API_TOKEN',
} as const;

/** POST /customer-stats: analytics ids of the customer's browser (spec §7), stored with the account. */
export const customerStatsRequestSchema = z.object({
  googleId: z.string().trim().max(200).optional(),
  hash: z.string().trim().max(200).optional(),
});
